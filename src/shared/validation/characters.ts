// Characters no answer may hold. No answer of the form is multi-line, so control characters
// (U+0000–U+001F, U+007F) are refused, tab and line breaks included: PostgreSQL refuses NUL
// outright, and the others would break the caseworker's table, the emails and the PDF. The
// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) would make a
// name or a reference read differently on screen from what is stored. The marks Arabic text
// does need (U+200E, U+200F, U+061C) are not among them.
//
// Rules look at the trimmed value, so a tab or line break pasted at either end (a cell copied
// from a spreadsheet) is dropped like a space instead of being refused.

// Matching control characters is the point here, which the lint rule exists to flag elsewhere.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001F\u007F\u202A-\u202E\u2066-\u2069]/u;

/** True when the text, trimmed, holds a control character or a bidirectional override or isolate. */
export function hasForbiddenCharacters(value: string | undefined): boolean {
  return FORBIDDEN.test((value ?? '').trim());
}

// A comment of several lines (the feedback page's) may hold line breaks; nothing else hidden.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_TEXT = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/u;

/** As {@link hasForbiddenCharacters}, for a text of several lines: its line breaks (LF, CR) are allowed. */
export function hasForbiddenCharactersInText(value: string | undefined): boolean {
  return FORBIDDEN_IN_TEXT.test((value ?? '').trim());
}
