// The worker's names are matched by the border officer against the passport, whose names are
// printed in Latin letters (ICAO Doc 9303: the names of the data page's Latin line and of the
// machine-readable zone). A name typed in another script (Arabic, Cyrillic, Greek, Chinese…)
// cannot be matched, and the pre-clearance document would carry a name the passport does not
// print. So the family and given names hold Latin letters only: accents and other marks
// (É, ñ, Ø, ß, Nguyễn, in composed or decomposed form), apostrophes, hyphens, full stops and spaces
// stay accepted. The browser, the pages without JavaScript and the API run this one rule
// (checks.ts).

/** A letter of any script but Latin. */
const OTHER_SCRIPT_LETTER = /(?=\p{L})\P{Script=Latin}/u;

/** True when every letter of the text is a Latin one (marks, punctuation and spaces aside). */
export function hasOnlyLatinLetters(value: string | undefined): boolean {
  return !OTHER_SCRIPT_LETTER.test(value ?? '');
}
