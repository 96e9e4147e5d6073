import { describe, expect, it } from 'vitest';
import { isDatePartsEmpty, parseDateParts, toDateParts } from './date-parts.ts';

describe('date parts', () => {
  it('reads what people type in the three inputs', () => {
    expect(parseDateParts({ day: '5', month: '3', year: '2026' })).toEqual({ year: 2026, month: 3, day: 5 });
    expect(parseDateParts({ day: ' 05 ', month: '03', year: ' 2026' })).toEqual({ year: 2026, month: 3, day: 5 });
    expect(parseDateParts({ day: '29', month: '2', year: '2028' })).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it.each([
    [{ day: '29', month: '2', year: '2027' }],
    [{ day: '31', month: '4', year: '2026' }],
    [{ day: '1', month: '13', year: '2026' }],
    [{ day: '0', month: '1', year: '2026' }],
    [{ day: '1', month: '1', year: '26' }],
    [{ day: '1', month: '1', year: '20266' }],
    [{ day: '001', month: '1', year: '2026' }],
    [{ day: 'one', month: '1', year: '2026' }],
    [{ day: '1.5', month: '1', year: '2026' }],
    [{ day: '-1', month: '1', year: '2026' }],
    [{ day: '', month: '1', year: '2026' }],
    [{ day: '', month: '', year: '' }],
  ])('refuses %o', (parts) => {
    expect(parseDateParts(parts)).toBeNull();
  });

  it('tells an unanswered date from a wrong one', () => {
    expect(isDatePartsEmpty(undefined)).toBe(true);
    expect(isDatePartsEmpty({ day: ' ', month: '', year: '  ' })).toBe(true);
    expect(isDatePartsEmpty({ day: '', month: '', year: '2026' })).toBe(false);
    expect(parseDateParts(undefined)).toBeNull();
  });

  it('writes a day back as the inputs would hold it', () => {
    expect(toDateParts({ year: 2026, month: 3, day: 5 })).toEqual({ day: '5', month: '3', year: '2026' });
    expect(parseDateParts(toDateParts({ year: 2028, month: 2, day: 29 }))).toEqual({ year: 2028, month: 2, day: 29 });
  });
});
