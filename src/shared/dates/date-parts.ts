// A date answer as the form holds it: the three GOV.UK inputs `<key>-day`, `<key>-month`,
// `<key>-year`, exactly as typed.
import { isRealDate } from './calendar.ts';
import { parseIsoDate, type CalendarDate } from './format.ts';
import { asciiDigits } from '../text/ascii-digits.ts';

/** A date answer as typed in the three GOV.UK date inputs. */
export interface DateParts {
  readonly day: string;
  readonly month: string;
  readonly year: string;
}

/** True when none of the three inputs holds anything but spaces (the answer was not given). */
export function isDatePartsEmpty(parts: DateParts | undefined): boolean {
  return parts === undefined || (parts.day.trim() === '' && parts.month.trim() === '' && parts.year.trim() === '');
}

// GOV.UK date inputs take numbers: day and month of one or two digits ("5" or "05"), a year of
// four digits. Two-digit years are refused rather than guessed at. Digits of other keyboards
// (Arabic-Indic, Extended Arabic-Indic, full-width) are the same numbers (decision 031).
const DAY_OR_MONTH = /^\d{1,2}$/;
const YEAR = /^\d{4}$/;

/** Reads the three inputs as a calendar day, in any of the digits asciiDigits reads; `null` when they are not a real day (31 April, a two-digit year, letters). */
export function parseDateParts(parts: DateParts | undefined): CalendarDate | null {
  if (parts === undefined) return null;
  const day = asciiDigits(parts.day).trim();
  const month = asciiDigits(parts.month).trim();
  const year = asciiDigits(parts.year).trim();
  if (!DAY_OR_MONTH.test(day) || !DAY_OR_MONTH.test(month) || !YEAR.test(year)) return null;
  const date = { year: Number(year), month: Number(month), day: Number(day) };
  return isRealDate(date.year, date.month, date.day) ? date : null;
}

/** The three inputs for a calendar day, as the form would hold them after typing it ("5", "3", "2026"). */
export function toDateParts(date: CalendarDate): DateParts {
  return { day: String(date.day), month: String(date.month), year: String(date.year).padStart(4, '0') };
}

// A payload date back into the three inputs, keeping a wrong day wrong ("2026-02-30" stays
// 30/02/2026) so that the rules report `validDate` for it, as the browser would have.
export function partsFromIso(typed: string): DateParts {
  const iso = asciiDigits(typed).trim();
  const day = parseIsoDate(iso);
  if (day !== null) return toDateParts(day);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (match === null) return iso === '' ? { day: '', month: '', year: '' } : { day: '?', month: '?', year: '?' };
  return { day: match[3] ?? '', month: match[2] ?? '', year: match[1] ?? '' };
}
