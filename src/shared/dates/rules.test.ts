import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, addMonths, compareDates, toIsoDate } from './calendar.ts';
import { parseIsoDate } from './format.ts';
import {
  areArrivalAndWorkCompatible,
  first72HourDate,
  isAfterToday,
  isAtLeast72HoursAhead,
  isBeforeToday,
  isLateForArrival,
  isNotInFuture,
  isNotInPast,
  isWithin14Days,
  isWithin3Months,
  leaveDate,
  spanStart,
  stayLength,
} from './rules.ts';

const day = (iso: string) => {
  const date = parseIsoDate(iso);
  if (date === null) throw new Error(`bad test date ${iso}`);
  return date;
};
const at = (iso: string) => new Date(iso);

describe('the 72-hour rule: later than the end of the London day two days from now', () => {
  it.each([
    // Winter, GMT. On 14 January the first acceptable day is 17 January, all day long.
    ['2026-01-14T00:00:00Z', '2026-01-16', false],
    ['2026-01-14T00:00:00Z', '2026-01-17', true],
    ['2026-01-14T23:59:59Z', '2026-01-16', false],
    ['2026-01-14T23:59:59Z', '2026-01-17', true],
    // One second later it is 15 January in London: 17 January is no longer enough.
    ['2026-01-15T00:00:00Z', '2026-01-17', false],
    ['2026-01-15T00:00:00Z', '2026-01-18', true],
    // Summer, BST: London's midnight is 23:00 UTC.
    ['2026-07-14T22:59:59Z', '2026-07-17', true],
    ['2026-07-14T23:00:00Z', '2026-07-17', false],
    ['2026-07-14T23:00:00Z', '2026-07-18', true],
    ['2026-07-14T23:59:00Z', '2026-07-17', false],
    // Clocks go forward on 29 March 2026: a short day still counts as one day.
    ['2026-03-26T12:00:00Z', '2026-03-29', true],
    ['2026-03-27T00:00:00Z', '2026-03-29', false],
    ['2026-03-27T00:00:00Z', '2026-03-30', true],
    ['2026-03-29T22:59:00Z', '2026-04-01', true],
    ['2026-03-29T23:00:00Z', '2026-04-01', false],
    // Clocks go back on 25 October 2026: a long day still counts as one day.
    ['2026-10-22T22:59:00Z', '2026-10-25', true],
    ['2026-10-22T23:00:00Z', '2026-10-25', false],
    ['2026-10-24T23:00:00Z', '2026-10-28', true],
    ['2026-10-24T23:00:00Z', '2026-10-27', false],
    ['2026-10-25T23:59:00Z', '2026-10-27', false],
    ['2026-10-25T23:59:00Z', '2026-10-28', true],
    ['2026-10-26T00:00:00Z', '2026-10-28', false],
    ['2026-10-26T00:00:00Z', '2026-10-29', true],
    // Month end and leap day.
    ['2028-02-26T10:00:00Z', '2028-02-29', true],
    ['2028-02-27T10:00:00Z', '2028-02-29', false],
    ['2028-02-27T10:00:00Z', '2028-03-01', true],
    ['2027-02-26T10:00:00Z', '2027-03-01', true],
    ['2027-02-27T10:00:00Z', '2027-03-01', false],
    ['2026-12-29T12:00:00Z', '2027-01-01', true],
    ['2026-12-29T12:00:00Z', '2026-12-31', false],
  ])('at %s, %s passes: %s', (now, date, expected) => {
    expect(isAtLeast72HoursAhead(day(date), at(now))).toBe(expected);
  });

  it('names today + 3 in London as the first acceptable day', () => {
    expect(toIsoDate(first72HourDate(at('2026-07-14T23:30:00Z')))).toBe('2026-07-18');
    expect(toIsoDate(first72HourDate(at('2026-07-14T22:30:00Z')))).toBe('2026-07-17');
  });

  it('agrees with "at least today + 3" at every instant', () => {
    const instants = fc.date({
      min: new Date('2020-01-01T00:00:00Z'),
      max: new Date('2035-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instants, fc.integer({ min: -5, max: 10 }), (now, offset) => {
        const candidate = addDays(first72HourDate(now), offset);
        expect(isAtLeast72HoursAhead(candidate, now)).toBe(offset >= 0);
      }),
    );
  });
});

describe('a late arrival: fewer than 3 London days after the day of applying', () => {
  it('is late today, tomorrow and the day after, and not from the third day, whatever the hour', () => {
    for (const now of [at('2026-03-28T00:00:00Z'), at('2026-03-28T23:59:00Z'), at('2026-10-24T23:30:00Z')]) {
      const base = first72HourDate(now);
      expect(isLateForArrival(addDays(base, -3), now)).toBe(true);
      expect(isLateForArrival(addDays(base, -1), now)).toBe(true);
      expect(isLateForArrival(base, now)).toBe(false);
    }
  });

  it('warns of exactly the days the 72-hour rule of the work dates refuses', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }),
        fc.integer({ min: -5, max: 10 }),
        (now, offset) => {
          const arrival = addDays(first72HourDate(now), offset);
          expect(isLateForArrival(arrival, now)).toBe(!isAtLeast72HoursAhead(arrival, now));
        },
      ),
    );
  });
});

describe('today-relative rules, at 00:00 and 23:59 London time', () => {
  // 23:59 BST on 14 July is 22:59 UTC; 00:00 BST on 15 July is 23:00 UTC on the 14th.
  const lastMinute = at('2026-07-14T22:59:00Z');
  const firstMinute = at('2026-07-14T23:00:00Z');

  it('date of birth: before today', () => {
    expect(isBeforeToday(day('2026-07-13'), lastMinute)).toBe(true);
    expect(isBeforeToday(day('2026-07-14'), lastMinute)).toBe(false);
    expect(isBeforeToday(day('2026-07-14'), firstMinute)).toBe(true);
    expect(isBeforeToday(day('2026-07-15'), firstMinute)).toBe(false);
  });

  it('passport issue date: not in the future (today is allowed)', () => {
    expect(isNotInFuture(day('2026-07-14'), lastMinute)).toBe(true);
    expect(isNotInFuture(day('2026-07-15'), lastMinute)).toBe(false);
    expect(isNotInFuture(day('2026-07-15'), firstMinute)).toBe(true);
    expect(isNotInFuture(day('2026-07-16'), firstMinute)).toBe(false);
  });

  it('passport expiry date: after today (a passport expiring today is refused)', () => {
    expect(isAfterToday(day('2026-07-15'), lastMinute)).toBe(true);
    expect(isAfterToday(day('2026-07-14'), lastMinute)).toBe(false);
    expect(isAfterToday(day('2026-07-15'), firstMinute)).toBe(false);
    expect(isAfterToday(day('2026-07-16'), firstMinute)).toBe(true);
  });

  it('date of arrival: not in the past (today is allowed)', () => {
    expect(isNotInPast(day('2026-07-14'), lastMinute)).toBe(true);
    expect(isNotInPast(day('2026-07-13'), lastMinute)).toBe(false);
    expect(isNotInPast(day('2026-07-14'), firstMinute)).toBe(false);
    expect(isNotInPast(day('2026-07-15'), firstMinute)).toBe(true);
  });

  it('works the same way in winter, when London midnight is UTC midnight', () => {
    expect(isBeforeToday(day('2026-01-14'), at('2026-01-14T23:59:00Z'))).toBe(false);
    expect(isBeforeToday(day('2026-01-14'), at('2026-01-15T00:00:00Z'))).toBe(true);
    expect(isAfterToday(day('2026-01-15'), at('2026-01-14T23:59:00Z'))).toBe(true);
    expect(isAfterToday(day('2026-01-15'), at('2026-01-15T00:00:00Z'))).toBe(false);
  });
});

describe('within 14 days, either direction', () => {
  it.each([
    ['2026-05-01', '2026-05-15', true],
    ['2026-05-01', '2026-05-16', false],
    ['2026-05-15', '2026-05-01', true],
    ['2026-05-16', '2026-05-01', false],
    ['2026-05-01', '2026-05-01', true],
    // Across the clock change: 14 calendar days, not 14 × 24 hours.
    ['2026-10-18', '2026-11-01', true],
    ['2026-03-22', '2026-04-05', true],
    ['2026-03-22', '2026-04-06', false],
    // Across a leap day.
    ['2028-02-20', '2028-03-05', true],
    ['2028-02-20', '2028-03-06', false],
    ['2027-02-20', '2027-03-06', true],
    ['2027-02-20', '2027-03-07', false],
  ])('%s and %s: %s', (a, b, expected) => {
    expect(isWithin14Days(day(a), day(b))).toBe(expected);
  });
});

describe('within 3 months', () => {
  it.each([
    ['2026-05-01', '2026-08-01', true],
    ['2026-05-01', '2026-08-02', false],
    // Month ends clamp: 30 November + 3 months = 28 February.
    ['2026-11-30', '2027-02-28', true],
    ['2026-11-30', '2027-03-01', false],
    ['2027-11-30', '2028-02-29', true],
    ['2027-11-30', '2028-03-01', false],
    ['2026-01-31', '2026-04-30', true],
    ['2026-01-31', '2026-05-01', false],
    ['2026-05-01', '2026-05-01', true],
  ])('from %s to %s: %s', (start, end, expected) => {
    expect(isWithin3Months(day(start), day(end))).toBe(expected);
  });

  it('measures from the earlier of arrival and first work date', () => {
    expect(toIsoDate(spanStart(day('2026-05-01'), day('2026-05-10')))).toBe('2026-05-01');
    expect(toIsoDate(spanStart(day('2026-05-10'), day('2026-05-01')))).toBe('2026-05-01');
    expect(toIsoDate(spanStart(null, day('2026-05-10')))).toBe('2026-05-10');
  });
});

describe('arrival and work dates are compatible', () => {
  it.each([
    // arrival, first work, last work
    ['2026-05-01', '2026-05-10', '2026-08-01', true],
    // Last work day more than 3 months after arrival, although within 3 months of the first work day.
    ['2026-05-01', '2026-05-10', '2026-08-02', false],
    // Arrival after the first work day: measured from the first work day.
    ['2026-05-10', '2026-05-01', '2026-08-01', true],
    ['2026-05-10', '2026-05-01', '2026-08-02', false],
    // Arrival 14 days before work is fine, 15 is not.
    ['2026-05-01', '2026-05-15', '2026-06-01', true],
    ['2026-05-01', '2026-05-16', '2026-06-01', false],
    // Arrival after the first work day has no 14-day limit in this rule (the start-date rule has one).
    ['2026-05-30', '2026-05-01', '2026-06-01', true],
    // Arrival on the last work day is the latest: after the work has ended, there is no work to come for.
    ['2026-06-01', '2026-05-01', '2026-06-01', true],
    ['2026-06-02', '2026-05-01', '2026-06-01', false],
    ['2026-12-14', '2026-12-01', '2026-12-10', false],
    // Leap day and month end.
    ['2027-11-30', '2027-12-01', '2028-02-29', true],
    ['2027-11-30', '2027-12-01', '2028-03-01', false],
  ])('arrival %s, work %s to %s: %s', (arrival, first, last, expected) => {
    expect(areArrivalAndWorkCompatible(day(arrival), day(first), day(last))).toBe(expected);
  });
});

describe('leave date (lteToDate)', () => {
  it.each([
    // Short work: last work day + 14.
    ['2026-05-01', '2026-05-03', '2026-05-20', '2026-06-03'],
    // Long work: capped at 3 months after arrival.
    ['2026-05-01', '2026-05-03', '2026-07-25', '2026-08-01'],
    // Arrival after the first work day: 3 months from the first work day.
    ['2026-05-05', '2026-05-01', '2026-07-30', '2026-08-01'],
    // Month-end clamp: 30 November + 3 months = 28 February 2027, or 29 February in 2028.
    ['2026-11-30', '2026-12-01', '2027-02-20', '2027-02-28'],
    ['2027-11-30', '2027-12-01', '2028-02-20', '2028-02-29'],
    // Exactly equal candidates.
    ['2026-05-01', '2026-05-01', '2026-07-18', '2026-08-01'],
    // Across the October clock change.
    ['2026-10-20', '2026-10-22', '2026-10-25', '2026-11-08'],
  ])('arrival %s, work %s to %s → %s', (arrival, first, last, expected) => {
    expect(toIsoDate(leaveDate(day(arrival), day(first), day(last)))).toBe(expected);
  });

  it('is never more than 3 months from the earlier start, nor more than 14 days after work ends', () => {
    const start = fc.date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        start,
        fc.integer({ min: -14, max: 14 }),
        fc.integer({ min: 0, max: 100 }),
        (instant, gap, length) => {
          const arrival = {
            year: instant.getUTCFullYear(),
            month: instant.getUTCMonth() + 1,
            day: instant.getUTCDate(),
          };
          const first = addDays(arrival, gap);
          const last = addDays(first, length);
          const leave = leaveDate(arrival, first, last);
          expect(compareDates(leave, addMonths(spanStart(arrival, first), 3))).toBeLessThanOrEqual(0);
          expect(compareDates(leave, addDays(last, 14))).toBeLessThanOrEqual(0);
          expect(stayLength(arrival, leave)).not.toBe('over3Months');
        },
      ),
    );
  });
});

describe('stay length, from arrival to the leave date', () => {
  it.each([
    ['2026-05-01', '2026-05-31', 'under1Month'],
    ['2026-05-01', '2026-06-01', 'under3Months'],
    ['2026-01-31', '2026-02-27', 'under1Month'],
    ['2026-01-31', '2026-02-28', 'under3Months'],
    ['2026-05-01', '2026-08-01', 'under3Months'],
    ['2026-05-01', '2026-08-02', 'over3Months'],
  ])('arrival %s, leave %s: %s', (arrival, leave, expected) => {
    expect(stayLength(day(arrival), day(leave))).toBe(expected);
  });
});
