import { describe, expect, it } from 'vitest';
import { joinWelshList, welshAnd, welshMonth, welshTimeOfDay } from './welsh.ts';

describe('welshMonth', () => {
  it('names the twelve months', () => {
    expect(Array.from({ length: 12 }, (_, i) => welshMonth(i + 1))).toHaveLength(12);
    expect(welshMonth(1)).toBe('Ionawr');
    expect(welshMonth(3)).toBe('Mawrth');
    expect(welshMonth(12)).toBe('Rhagfyr');
  });

  it('refuses a month that is not one', () => {
    expect(() => welshMonth(0)).toThrow(RangeError);
    expect(() => welshMonth(13)).toThrow(RangeError);
  });
});

describe('welshTimeOfDay', () => {
  it.each([
    [0, 0, 'canol nos'],
    [0, 5, '12:05yb'],
    [9, 0, '9yb'],
    [11, 59, '11:59yb'],
    [12, 0, 'canol dydd'],
    [12, 30, '12:30yp'],
    [16, 35, '4:35yp'],
  ])('%i:%i is %s', (hour, minute, expected) => {
    expect(welshTimeOfDay(hour, minute)).toBe(expected);
  });
});

describe('Welsh lists', () => {
  it('uses "ac" before a vowel and "a" otherwise', () => {
    expect(welshAnd('Ifan')).toBe('ac');
    expect(welshAnd('Ẃyn')).toBe('ac');
    expect(welshAnd('yr')).toBe('ac');
    expect(welshAnd('Owen')).toBe('ac');
    expect(welshAnd('Siân')).toBe('a');
    expect(welshAnd('')).toBe('a');
  });

  it('joins with commas and no comma before the last', () => {
    expect(joinWelshList([])).toBe('');
    expect(joinWelshList(['Ann'])).toBe('Ann');
    expect(joinWelshList(['Ann', 'Siân'])).toBe('Ann a Siân');
    expect(joinWelshList(['Ann', 'Siân', 'Ifan'])).toBe('Ann, Siân ac Ifan');
  });

  it('chooses the conjunction by the text a stand-in is replaced with', () => {
    expect(joinWelshList(['#0', '#1'], 'Owen')).toBe('#0 ac #1');
  });
});
