import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  addDays,
  addMonths,
  compareDates,
  daysBetween,
  daysInMonth,
  earlierDate,
  isRealDate,
  londonToday,
  toIsoDate,
} from './calendar.ts';
import { parseIsoDate } from './format.ts';

// Every clock is a fixed instant, so nothing depends on the machine's TZ.
// To see it: TZ=Pacific/Kiritimati npx vitest run --project unit src/shared/dates

const day = (iso: string) => {
  const date = parseIsoDate(iso);
  if (date === null) throw new Error(`bad test date ${iso}`);
  return date;
};

describe('londonToday', () => {
  it.each([
    // Winter: London is on GMT, so its midnight is UTC midnight.
    ['2026-01-14T23:59:59.999Z', '2026-01-14'],
    ['2026-01-15T00:00:00Z', '2026-01-15'],
    ['2025-12-31T23:59:00Z', '2025-12-31'],
    ['2026-01-01T00:00:00Z', '2026-01-01'],
    // Summer: London midnight is 23:00 UTC the day before.
    ['2026-07-14T22:59:59.999Z', '2026-07-14'],
    ['2026-07-14T23:00:00Z', '2026-07-15'],
    ['2026-06-30T23:30:00Z', '2026-07-01'],
    // 29 March 2026: clocks go forward at 01:00 UTC; the day still starts at 00:00 UTC (GMT).
    ['2026-03-28T23:59:59Z', '2026-03-28'],
    ['2026-03-29T00:00:00Z', '2026-03-29'],
    ['2026-03-29T22:59:59Z', '2026-03-29'],
    ['2026-03-29T23:00:00Z', '2026-03-30'],
    // 25 October 2026: clocks go back at 01:00 UTC; that day starts at 23:00 UTC (BST) on the 24th.
    ['2026-10-24T22:59:59Z', '2026-10-24'],
    ['2026-10-24T23:00:00Z', '2026-10-25'],
    ['2026-10-25T23:59:59Z', '2026-10-25'],
    ['2026-10-26T00:00:00Z', '2026-10-26'],
  ])('at %s it is %s in London', (instant, expected) => {
    expect(toIsoDate(londonToday(new Date(instant)))).toBe(expected);
  });

  it('refuses an invalid Date rather than answering NaN', () => {
    expect(() => londonToday(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-03-01', -1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    // Across both clock changes a day is still a day.
    ['2026-03-28', 2, '2026-03-30'],
    ['2026-10-24', 2, '2026-10-26'],
    ['2026-10-25', 14, '2026-11-08'],
    ['2026-05-05', 0, '2026-05-05'],
  ])('%s + %i days = %s', (from, days, expected) => {
    expect(toIsoDate(addDays(day(from), days))).toBe(expected);
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2027-01-31', 1, '2027-02-28'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2028-02-29', 3, '2028-05-29'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-01-31', 3, '2026-04-30'],
    ['2026-03-31', -1, '2026-02-28'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-01-15', -1, '2025-12-15'],
    ['2026-05-31', 3, '2026-08-31'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(toIsoDate(addMonths(day(from), months))).toBe(expected);
  });

  it('always gives a real day, never before the start, in the month asked for', () => {
    const dates = fc.date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2200-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(dates, fc.integer({ min: 0, max: 36 }), (instant, months) => {
        const start = { year: instant.getUTCFullYear(), month: instant.getUTCMonth() + 1, day: instant.getUTCDate() };
        const end = addMonths(start, months);
        expect(isRealDate(end.year, end.month, end.day)).toBe(true);
        expect(compareDates(end, start)).toBeGreaterThanOrEqual(0);
        expect((end.year - start.year) * 12 + end.month - start.month).toBe(months);
        expect(end.day === start.day || end.day === daysInMonth(end.year, end.month)).toBe(true);
      }),
    );
  });
});

describe('comparing days', () => {
  it('orders days and counts the days between them', () => {
    expect(compareDates(day('2026-03-29'), day('2026-03-30'))).toBeLessThan(0);
    expect(compareDates(day('2026-03-30'), day('2026-03-30'))).toBe(0);
    expect(compareDates(day('2027-01-01'), day('2026-12-31'))).toBeGreaterThan(0);
    expect(daysBetween(day('2028-02-28'), day('2028-03-01'))).toBe(2);
    expect(daysBetween(day('2027-02-28'), day('2027-03-01'))).toBe(1);
    expect(daysBetween(day('2026-10-25'), day('2026-10-11'))).toBe(-14);
    expect(toIsoDate(earlierDate(day('2026-05-02'), day('2026-05-01')))).toBe('2026-05-01');
  });

  it('knows leap years', () => {
    expect(isRealDate(2028, 2, 29)).toBe(true);
    expect(isRealDate(2027, 2, 29)).toBe(false);
    expect(isRealDate(2100, 2, 29)).toBe(false);
    expect(isRealDate(2000, 2, 29)).toBe(true);
    expect(isRealDate(2026, 4, 31)).toBe(false);
    expect(isRealDate(2026, 13, 1)).toBe(false);
    expect(isRealDate(2026, 1, 0)).toBe(false);
    expect(isRealDate(2026, 1.5, 1)).toBe(false);
  });

  it('writes ISO days with padding', () => {
    expect(toIsoDate({ year: 2026, month: 3, day: 5 })).toBe('2026-03-05');
    expect(toIsoDate({ year: 99, month: 12, day: 31 })).toBe('0099-12-31');
    expect(toIsoDate(addDays({ year: 99, month: 12, day: 31 }, 1))).toBe('0100-01-01');
  });
});

describe('loading the module', () => {
  // The first time-zone formatter of a page loads the browser's time-zone data: 33 to 57 ms on
  // this machine, four times that on a mid-range phone, in the page's first task. A page that
  // shows no day (the question pages, whose checks import this module) must not pay it.
  it('makes no date formatter until a day is asked for', async () => {
    vi.resetModules();
    const original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends original {
      constructor(...args: ConstructorParameters<typeof original>) {
        super(...args);
        made++;
      }
    } as typeof original;
    try {
      const calendar = await import('./calendar.ts');
      expect(made).toBe(0);
      expect(calendar.londonToday(new Date('2026-06-30T23:30:00Z'))).toEqual({ year: 2026, month: 7, day: 1 });
      calendar.londonToday(new Date('2026-07-01T12:00:00Z'));
      expect(made).toBe(1);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });
});
