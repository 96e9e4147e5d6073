// The date rules (72 hours ahead, 14 days, 3 months), on London calendar days.
// Every rule that depends on the present takes `now` as an argument, so that tests fix the
// clock and the server checks a payload against the same instant throughout one request.
import type { StayLength } from '../domain/answers.ts';
import { addDays, addMonths, compareDates, daysBetween, earlierDate, londonToday } from './calendar.ts';
import type { CalendarDate } from './format.ts';

/** The most days between arrival and the first work date, either way. */
const WORK_START_WINDOW_DAYS = 14;
/** The longest span of work, and of the stay including it. */
const MAX_STAY_MONTHS = 3;
/** How long the worker may stay after the last work date. */
const DAYS_AFTER_WORK = 14;

// "Later than the end of the London day two days from now" makes the first acceptable day
// today + 3 in London, whatever the hour: at 00:00 on Monday Thursday is the first, and still at
// 23:59 on Monday. Counting days rather than 72 × 3,600 seconds keeps clock changes out of it.
/** The 72-hour rule: the day is strictly later than the end of the London day two days from now. */
export function isAtLeast72HoursAhead(date: CalendarDate, now: Date): boolean {
  return compareDates(date, addDays(londonToday(now), 2)) > 0;
}

/** Apply at least 72 hours before travel, counted as London calendar days. */
const MIN_DAYS_BEFORE_ARRIVAL = 3;

// Days, not hours, because the form itself counts days (its "72 hours" is "after the end of the
// day two days from now"): an applicant warned of nothing on the page is never refused as late
// for sending a few hours later on the same day, and the page warns of exactly what the
// automated check refuses (decision 017).
/** True when an application made at `now` is fewer than 3 London days before the arrival day: the automated check refuses it as late. */
export function isLateForArrival(arrival: CalendarDate, now: Date): boolean {
  return daysBetween(londonToday(now), arrival) < MIN_DAYS_BEFORE_ARRIVAL;
}

/** The first day that passes the 72-hour rule at `now` (for hints such as "for example …"). */
export function first72HourDate(now: Date): CalendarDate {
  return addDays(londonToday(now), 3);
}

/** True when the day is before today in London (a date of birth). */
export function isBeforeToday(date: CalendarDate, now: Date): boolean {
  return compareDates(date, londonToday(now)) < 0;
}

/** True when the day is today or earlier in London (a passport issue date). */
export function isNotInFuture(date: CalendarDate, now: Date): boolean {
  return compareDates(date, londonToday(now)) <= 0;
}

/** True when the day is after today in London (a passport expiry date: a passport expiring today is refused). */
export function isAfterToday(date: CalendarDate, now: Date): boolean {
  return compareDates(date, londonToday(now)) > 0;
}

// A calendar day is in the past only once it has ended, so arriving today is allowed here; the
// 72-hour notice is enforced on the work dates and by the automated checks (decision 006).
/** True when the day is today or later in London (the arrival date, "after now, not in the past"). */
export function isNotInPast(date: CalendarDate, now: Date): boolean {
  return compareDates(date, londonToday(now)) >= 0;
}

/** True when the two days are at most 14 days apart, in either direction. */
export function isWithin14Days(a: CalendarDate, b: CalendarDate): boolean {
  return Math.abs(daysBetween(a, b)) <= WORK_START_WINDOW_DAYS;
}

/** The day from which the 3-month span is measured: the earlier of arrival (when known) and first work date. */
export function spanStart(arrival: CalendarDate | null, firstWork: CalendarDate): CalendarDate {
  return arrival === null ? firstWork : earlierDate(arrival, firstWork);
}

/** True when `end` is at most 3 calendar months after `start` (31 January → 30 April is 3 months; 1 May is more). */
export function isWithin3Months(start: CalendarDate, end: CalendarDate): boolean {
  return compareDates(end, addMonths(start, MAX_STAY_MONTHS)) <= 0;
}

/**
 * Arrival and work dates fit: the worker arrives on or before the last work date (after it, there
 * is no work left to come for), the last work date is within 3 months of the earlier start, and
 * work starts at most 14 days after an earlier arrival.
 */
export function areArrivalAndWorkCompatible(
  arrival: CalendarDate,
  firstWork: CalendarDate,
  lastWork: CalendarDate,
): boolean {
  if (compareDates(arrival, lastWork) > 0) return false;
  if (!isWithin3Months(spanStart(arrival, firstWork), lastWork)) return false;
  return compareDates(arrival, firstWork) >= 0 || daysBetween(arrival, firstWork) <= WORK_START_WINDOW_DAYS;
}

/** The leave date (`lteToDate`): the earlier of (earlier of arrival and first work) + 3 months and last work + 14 days. */
export function leaveDate(arrival: CalendarDate, firstWork: CalendarDate, lastWork: CalendarDate): CalendarDate {
  return earlierDate(addMonths(spanStart(arrival, firstWork), MAX_STAY_MONTHS), addDays(lastWork, DAYS_AFTER_WORK));
}

// Under 1 month when the leave date is before the same day a month after arrival; under 3
// months up to and including 3 months after arrival (the concession's limit); over 3 months beyond.
/** The stay length from the arrival to the leave date (decision 006). */
export function stayLength(arrival: CalendarDate, leave: CalendarDate): StayLength {
  if (compareDates(leave, addMonths(arrival, 1)) < 0) return 'under1Month';
  if (compareDates(leave, addMonths(arrival, MAX_STAY_MONTHS)) <= 0) return 'under3Months';
  return 'over3Months';
}
