// Calendar days in Europe/London. The date rules speak of days ("two days from
// now", "within 14 days", "3 months"), not of hours, so they are computed on calendar days and
// only "today" depends on the instant: a clock change never makes a day 23 or 25 hours long here.
//
// Arithmetic runs on UTC midnights, which have no clock changes, so the machine's TZ never matters.
import type { CalendarDate } from './format.ts';

const MS_PER_DAY = 86_400_000;

// Building a DateTimeFormat is far slower than using one, so it is made once; and only when first
// used: the first with a time zone loads the browser's time-zone data (tens of milliseconds), which
// a page that shows no day, but imports the date rules with the checks, must not pay as it loads.
let londonDayFormat: Intl.DateTimeFormat | undefined;
const londonDay = () =>
  (londonDayFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }));

/** True when the three numbers name a real day of the Gregorian calendar (month 1–12). */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth(year, month);
}

/** The number of days in a month (1–12) of a year, leap years included. */
export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The calendar day in London at an instant: 23:30 UTC on 30 June is already 1 July in London (BST). */
export function londonToday(now: Date): CalendarDate {
  if (Number.isNaN(now.getTime())) throw new RangeError('Not a date: Invalid Date');
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of londonDay().formatToParts(now)) {
    if (part.type === 'year') year = Number(part.value);
    else if (part.type === 'month') month = Number(part.value);
    else if (part.type === 'day') day = Number(part.value);
  }
  return { year, month, day };
}

function toDayNumber(date: CalendarDate): number {
  const utc = new Date(Date.UTC(2000, date.month - 1, date.day));
  // setUTCFullYear keeps years 0–99 as such (Date.UTC would read them as 1900–1999).
  utc.setUTCFullYear(date.year);
  return Math.round(utc.getTime() / MS_PER_DAY);
}

function fromDayNumber(dayNumber: number): CalendarDate {
  const utc = new Date(dayNumber * MS_PER_DAY);
  return { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
}

/** The day `days` days after `date` (before it when negative). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** The same day `months` months later, clamped to the month's end: 31 January + 1 month = 28 (or 29) February. */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** Negative when `a` is before `b`, zero on the same day, positive when after. */
export function compareDates(a: CalendarDate, b: CalendarDate): number {
  return toDayNumber(a) - toDayNumber(b);
}

/** The number of days from `from` to `to`: 1 from a day to the next, negative backwards. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toDayNumber(to) - toDayNumber(from);
}

/** The earlier of two days (either one when they are the same day). */
export function earlierDate(a: CalendarDate, b: CalendarDate): CalendarDate {
  return compareDates(a, b) <= 0 ? a : b;
}

/** Writes a day as `YYYY-MM-DD`, the form used in payloads and by `parseIsoDate`. */
export function toIsoDate(date: CalendarDate): string {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}
