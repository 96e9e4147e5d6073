import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIGIT_SETS } from '../text/ascii-digits.ts';
import { isDatePartsEmpty, parseDateParts, partsFromIso, toDateParts } from './date-parts.ts';

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

describe('month names in the month input (the GOV.UK date pattern)', () => {
  it.each([
    ['July', 7],
    ['july', 7],
    [' JUL ', 7],
    ['Jul.', 7],
    ['January', 1],
    ['Feb', 2],
    ['Sept', 9],
    ['sep', 9],
    ['December', 12],
    ['Gorffennaf', 7],
    ['gorffennaf', 7],
    ['Mawrth', 3],
    ['Mai', 5],
    ['Rhagfyr', 12],
  ])('reads %j as month %i', (month, number) => {
    expect(parseDateParts({ day: '14', month, year: '2026' })).toEqual({ year: 2026, month: number, day: 14 });
  });

  it.each(['Ju', 'Julyy', 'Smarch', 'J', 'Jul 7', '7th'])('refuses %j', (month) => {
    expect(parseDateParts({ day: '14', month, year: '2026' })).toBeNull();
  });

  it('keeps refusing a day the month does not have', () => {
    expect(parseDateParts({ day: '31', month: 'April', year: '2026' })).toBeNull();
    expect(parseDateParts({ day: '30', month: 'Ebrill', year: '2026' })).toEqual({ year: 2026, month: 4, day: 30 });
  });
});

describe('date parts in other digits (decision 031)', () => {
  const inDigits = (text: string, digits: string) => [...text].map((d) => digits[Number(d)] ?? d).join('');
  const anyDay = fc.date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2099-12-31T00:00:00Z'),
    noInvalidDate: true,
  });

  it('reads "١٤ ٣ ١٩٩٠" as 14 March 1990', () => {
    expect(parseDateParts({ day: '١٤', month: '٣', year: '١٩٩٠' })).toEqual({ year: 1990, month: 3, day: 14 });
    expect(parseDateParts({ day: '۱۴', month: '۰۳', year: '۱۹۹۰' })).toEqual({ year: 1990, month: 3, day: 14 });
    expect(parseDateParts({ day: '１４', month: '３', year: '１９９０' })).toEqual({ year: 1990, month: 3, day: 14 });
    expect(partsFromIso('١٩٩٠-٠٣-١٤')).toEqual({ day: '14', month: '3', year: '1990' });
  });

  it('reads any day written in any digit set, padded or not, as the same day as in ASCII digits', () => {
    fc.assert(
      fc.property(anyDay, fc.constantFrom(...Object.values(DIGIT_SETS)), fc.boolean(), (date, digits, padded) => {
        const ascii = toDateParts({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
        });
        const pad = (text: string) => (padded ? text.padStart(2, '0') : text);
        const typed = {
          day: inDigits(pad(ascii.day), digits),
          month: inDigits(pad(ascii.month), digits),
          year: inDigits(ascii.year, digits),
        };
        expect(parseDateParts(typed)).toEqual(parseDateParts(ascii));
        expect(parseDateParts(typed)).not.toBeNull();
      }),
    );
  });

  it('refuses in any digits what it refuses in ASCII (31 April, two-digit years)', () => {
    for (const digits of Object.values(DIGIT_SETS)) {
      expect(
        parseDateParts({ day: inDigits('31', digits), month: inDigits('4', digits), year: inDigits('2026', digits) }),
      ).toBeNull();
      expect(
        parseDateParts({ day: inDigits('1', digits), month: inDigits('1', digits), year: inDigits('26', digits) }),
      ).toBeNull();
    }
  });
});
