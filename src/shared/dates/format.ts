// The service's display formats: en-GB, Europe/London, "DD/MM/YYYY HH:mm" and "DD MMMM YYYY".
//
// Three kinds of input, because they mean different things:
// - a Date, or an ISO timestamp with `Z` or an offset, is an instant: shown as London wall time
//   (GMT or BST, whichever applied at that instant);
// - `YYYY-MM-DD` is a calendar day (a date of birth, an arrival date): it is shown as that
//   day wherever the code runs, never moved by a time zone;
// - `YYYY-MM-DDTHH:mm[:ss]` without an offset is already a London wall time and is shown as is.
//   Reading it as an instant would make the output depend on the machine's TZ.
//
// The day is zero-padded ("05 March 2026") because the service's pattern is DD. GOV.UK style
// would write "5 March 2026"; set the long formatter's `day` to 'numeric' if the service's format is relaxed.
//
// Arabic pages name the month in Arabic with Western digits ("05 مارس 2026"), so a date reads
// in order inside right-to-left text; the numeric format stays as it is (decision 018).
// Welsh pages write "05 Mawrth 2026" and "4:35yp" from the service's own table (welsh.ts),
// because the browser's ICU may have no Welsh dates (decision 030).

import type { Language } from '../i18n/languages.ts';
import { welshMonth, welshTimeOfDay } from './welsh.ts';

/** A day in the calendar, without time or time zone; `month` is 1–12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** The languages a date can be written in: the service's. */
export type DateLanguage = Language;

// `nu-latn`: Arabic month names with the Western digits the rest of the service uses.
const LOCALES: Record<DateLanguage, string> = { en: 'en-GB', cy: 'cy-GB', ar: 'ar-u-nu-latn' };
const LONDON = 'Europe/London';

// Building a DateTimeFormat is far slower than using one, so each is made once.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(kind: 'numeric' | 'long', timeZone: string, language: DateLanguage = 'en'): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}|${language}`;
  let cached = formatters.get(key);
  if (cached === undefined) {
    cached =
      kind === 'numeric'
        ? new Intl.DateTimeFormat(LOCALES.en, {
            timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            // h23, not hour12: false, which some engines render as "24:05" after midnight.
            hourCycle: 'h23',
          })
        : new Intl.DateTimeFormat(LOCALES[language], { timeZone, year: 'numeric', month: 'long', day: '2-digit' });
    formatters.set(key, cached);
  }
  return cached;
}

interface WallTime extends CalendarDate {
  readonly hour: number;
  readonly minute: number;
}

// Date, optional time (with optional seconds and fraction), optional `Z` or ±HH:MM offset.
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

function isValidDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; UTC keeps the machine's TZ out of it.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Reads `YYYY-MM-DD` as a calendar day; `null` when it is not one (for example `2026-02-30`). */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (match === null) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return isValidDay(year, month, day) ? { year, month, day } : null;
}

function invalid(value: Date | string): RangeError {
  return new RangeError(`Not a date: ${String(value)}`);
}

/** An instant, or a wall time that needs no time zone. */
function read(value: Date | string): Date | WallTime {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw invalid(value);
    return value;
  }
  const match = ISO.exec(value.trim());
  if (match === null) throw invalid(value);
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (!isValidDay(year, month, day) || hour > 23 || minute > 59 || second > 59) throw invalid(value);
  if (zone === undefined) return { year, month, day, hour, minute };
  // Built from the parts rather than by Date.parse, whose reading of anything beyond the
  // strict ECMAScript format differs between engines.
  const millisecond = fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0'));
  const wall = asUtc({ year, month, day, hour, minute });
  wall.setUTCSeconds(second, millisecond);
  if (zone.toUpperCase() === 'Z') return wall;
  const sign = zone.startsWith('-') ? -1 : 1;
  const offsetHours = Number(zone.slice(1, 3));
  const offsetMinutes = Number(zone.slice(-2));
  if (offsetHours > 23 || offsetMinutes > 59) throw invalid(value);
  return new Date(wall.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000);
}

function isWallTime(value: Date | WallTime): value is WallTime {
  return !(value instanceof Date);
}

function parts(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of format.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** The wall time as a Date that a UTC formatter shows unchanged; years 0–99 are kept as such. */
function asUtc(wall: WallTime): Date {
  const date = new Date(Date.UTC(2000, wall.month - 1, wall.day, wall.hour, wall.minute));
  date.setUTCFullYear(wall.year);
  return date;
}

function numericDay(p: Record<string, string>): CalendarDate {
  return { year: Number(p.year), month: Number(p.month), day: Number(p.day) };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Formats as `DD/MM/YYYY HH:mm` (24-hour) in London time; a `YYYY-MM-DD` day shows 00:00. Throws RangeError when not a date. */
export function formatDateTime(value: Date | string): string {
  const input = read(value);
  if (isWallTime(input)) {
    return `${pad(input.day)}/${pad(input.month)}/${pad(input.year, 4)} ${pad(input.hour)}:${pad(input.minute)}`;
  }
  const p = parts(formatter('numeric', LONDON), input);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/**
 * Formats as `DD MMMM YYYY` ("05 March 2026") in London time, with the month's name in
 * `language`; a `YYYY-MM-DD` day is never shifted. Throws RangeError when not a date.
 */
export function formatLongDate(value: Date | string, language: DateLanguage = 'en'): string {
  const input = read(value);
  if (language === 'cy') {
    const day = isWallTime(input) ? input : numericDay(parts(formatter('numeric', LONDON), input));
    return `${pad(day.day)} ${welshMonth(day.month)} ${pad(day.year, 4)}`;
  }
  const p = isWallTime(input)
    ? parts(formatter('long', 'UTC', language), asUtc(input))
    : parts(formatter('long', LONDON, language), input);
  return `${p.day} ${p.month} ${p.year}`;
}

/**
 * Formats the time of day in London, as GOV.UK writes it: "4:35pm", "9am", "midday", "midnight";
 * in Arabic "4:35 م", "9 ص", "الظهر", "منتصف الليل" (Western digits, as the dates); in Welsh
 * "4:35yp", "9yb", "canol dydd", "canol nos". Throws
 * RangeError when not a date.
 */
export function formatTimeOfDay(value: Date | string, language: DateLanguage = 'en'): string {
  const input = read(value);
  const { hour, minute } = isWallTime(input)
    ? input
    : (() => {
        const p = parts(formatter('numeric', LONDON), input);
        return { hour: Number(p.hour), minute: Number(p.minute) };
      })();
  if (language === 'cy') return welshTimeOfDay(hour, minute);
  const arabic = language === 'ar';
  if (minute === 0 && hour === 12) return arabic ? 'الظهر' : 'midday';
  if (minute === 0 && hour === 0) return arabic ? 'منتصف الليل' : 'midnight';
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}${minute === 0 ? '' : `:${pad(minute)}`}`;
  if (arabic) return `${clock} ${hour < 12 ? 'ص' : 'م'}`;
  return `${clock}${hour < 12 ? 'am' : 'pm'}`;
}
