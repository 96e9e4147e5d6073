// A date answer as the form holds it: the three GOV.UK inputs `<key>-day`, `<key>-month`,
// `<key>-year`, exactly as typed.
import { isRealDate } from './calendar.ts';
import { parseIsoDate, type CalendarDate } from './format.ts';
import { asciiDigits } from '../text/ascii-digits.ts';
import { WELSH_MONTHS } from './welsh.ts';

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
// (Arabic-Indic, Extended Arabic-Indic, full-width) are the same numbers (decision 031). The
// GOV.UK date pattern also accepts a month written as a word, as many people type it: the English
// names and their abbreviations ("July", "Jul", "Jul.", "Sept"), and the Welsh names
// ("Gorffennaf"), in any case.
const DAY_OR_MONTH = /^\d{1,2}$/;
const YEAR = /^\d{4}$/;

const ENGLISH_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

/** Each month's name and abbreviations, lower-case, to its number. */
const MONTH_NAMES: ReadonlyMap<string, number> = new Map([
  ...ENGLISH_MONTHS.map((name, index) => [name, index + 1] as const),
  ...ENGLISH_MONTHS.map((name, index) => [name.slice(0, 3), index + 1] as const),
  ['sept', 9] as const,
  ...WELSH_MONTHS.map((name, index) => [name.toLowerCase(), index + 1] as const),
]);

/** The month input as a number written in digits: its digits, or the number its name stands for. */
function monthDigits(typed: string): string {
  const month = asciiDigits(typed).trim();
  const named = MONTH_NAMES.get(month.toLowerCase().replace(/\.$/, ''));
  return named === undefined ? month : String(named);
}

/** Reads the three inputs as a calendar day, in any of the digits asciiDigits reads, the month also by its name; `null` when they are not a real day (31 April, a two-digit year, other letters). */
export function parseDateParts(parts: DateParts | undefined): CalendarDate | null {
  if (parts === undefined) return null;
  const day = asciiDigits(parts.day).trim();
  const month = monthDigits(parts.month);
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
