// Digits as people type them on other keyboards, read as the ASCII digits the rules and the
// database hold (decision 031). An Arabic keyboard types Arabic-Indic digits (٠–٩), a Persian or
// Urdu one Extended Arabic-Indic digits (۰–۹), and a Chinese or Japanese input method full-width
// digits (０–９): each is the same number, so "١٤ ٣ ١٩٩٠" is 14 March 1990. Other characters are
// left as they are, so a rule still refuses what is not a number.

/** The first code point of each set of ten digits that is read as 0–9. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0xff10] as const;

const OTHER_DIGITS = /[\u0660-\u0669\u06F0-\u06F9\uFF10-\uFF19]/g;

/** The text with Arabic-Indic, Extended Arabic-Indic and full-width digits written as ASCII digits; nothing else changes. */
export function asciiDigits(text: string): string {
  return text.replace(OTHER_DIGITS, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((first) => code >= first && code <= first + 9) ?? code;
    return String(code - zero);
  });
}

/** The digit sets {@link asciiDigits} reads, by name, each as its ten digits 0–9 (for tests and the decision record). */
export const DIGIT_SETS = {
  ascii: '0123456789',
  arabicIndic: '٠١٢٣٤٥٦٧٨٩',
  extendedArabicIndic: '۰۱۲۳۴۵۶۷۸۹',
  fullWidth: '０１２３４５６７８９',
} as const;
