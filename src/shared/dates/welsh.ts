// Welsh month names, times of day and lists, written out rather than asked of Intl: the ICU
// data of the Debian Chromium the service is tested with has no Welsh dates or lists
// (`Intl.DateTimeFormat('cy')` falls back to English there), while Node's full ICU has them.
// One table used on both sides keeps the server's rendering and the browser's identical.
// Welsh plural rules are in every ICU we run, so `Intl.PluralRules('cy')` is used as is.

/** The months in Welsh, January first, as GOV.UK Welsh pages write them ("14 Mawrth 2027"). */
export const WELSH_MONTHS = [
  'Ionawr',
  'Chwefror',
  'Mawrth',
  'Ebrill',
  'Mai',
  'Mehefin',
  'Gorffennaf',
  'Awst',
  'Medi',
  'Hydref',
  'Tachwedd',
  'Rhagfyr',
] as const;

/** The Welsh name of `month` (1–12). */
export function welshMonth(month: number): string {
  const name = WELSH_MONTHS[month - 1];
  if (name === undefined) throw new RangeError(`Not a month: ${month}`);
  return name;
}

/**
 * A time of day as GOV.UK's Welsh style writes it: "9yb" (y bore), "4:35yp" (y prynhawn),
 * "canol dydd", "canol nos"; `hour` 0–23.
 */
export function welshTimeOfDay(hour: number, minute: number): string {
  if (minute === 0 && hour === 12) return 'canol dydd';
  if (minute === 0 && hour === 0) return 'canol nos';
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`}`;
  return `${clock}${hour < 12 ? 'yb' : 'yp'}`;
}

/**
 * "and" before `next`: "ac" before a vowel (a, e, i, o, u, w, y, with or without accent), "a"
 * otherwise. Names are not mutated after it: a person's name is written as they write it.
 */
export function welshAnd(next: string): 'a' | 'ac' {
  const first = next.trim().normalize('NFD').charAt(0).toLowerCase();
  return 'aeiouwy'.includes(first) && first !== '' ? 'ac' : 'a';
}

/**
 * Joins `items` as a Welsh list, "Ann, Owen ac Ifan" (no comma before the last, as Welsh writes
 * it); `last` is the text the conjunction stands before when the items are stand-ins for it.
 */
export function joinWelshList(items: readonly string[], last: string = items.at(-1) ?? ''): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${welshAnd(last)} ${items.at(-1)}`;
}
