// The casework lists speak of London calendar days ("decided today", an export "from 1 to 31
// March"); the database holds instants. These turn days into the instants that bound them.
import { addDays, daysBetween, londonToday } from '#shared/dates/calendar.ts';
import { parseIsoDate, type CalendarDate } from '#shared/dates/format.ts';

const HOUR_MS = 3_600_000;

/**
 * The instant a London calendar day begins. London is UTC or UTC+1, and its clocks change at
 * 01:00 UTC, never at midnight, so the day begins at its UTC midnight or an hour before it: the
 * hour before when London is already on that day then.
 */
export function londonDayStart(day: CalendarDate): Date {
  const utcMidnight = Date.UTC(day.year, day.month - 1, day.day);
  const summer = new Date(utcMidnight - HOUR_MS);
  return daysBetween(londonToday(summer), day) === 0 ? summer : new Date(utcMidnight);
}

/** The instants bounding London day(s) `from` to `to`, both included: [start, end). */
export interface InstantRange {
  readonly start: Date;
  readonly end: Date;
}

function londonDaysRange(from: CalendarDate, to: CalendarDate): InstantRange {
  return { start: londonDayStart(from), end: londonDayStart(addDays(to, 1)) };
}

/** Today in London as a range of instants. */
export function londonTodayRange(now: Date): InstantRange {
  const today = londonToday(now);
  return londonDaysRange(today, today);
}

/**
 * Two typed days (YYYY-MM-DD) as a range, refused when either is not a day, the first is after
 * the second, or (with `maxDays`) more than that many days are covered.
 */
export function readDayRange(
  from: string,
  to: string,
  maxDays?: number,
):
  | { readonly range: InstantRange; readonly from: CalendarDate; readonly to: CalendarDate }
  | { readonly problem: 'format' | 'range'; readonly field: 'from' | 'to' } {
  const first = parseIsoDate(from.trim());
  if (first === null) return { problem: 'format', field: 'from' };
  const last = parseIsoDate(to.trim());
  if (last === null) return { problem: 'format', field: 'to' };
  const days = daysBetween(first, last) + 1;
  if (days < 1 || (maxDays !== undefined && days > maxDays)) return { problem: 'range', field: 'to' };
  return { range: londonDaysRange(first, last), from: first, to: last };
}
