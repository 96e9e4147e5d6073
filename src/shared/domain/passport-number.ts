// The passport number: what the form accepts, and the one form numbers are stored
// and compared in, so an application's number and the lost or stolen list meet. The migrations'
// CHECK on lost_stolen_passports holds STORED_PASSPORT_NUMBER_PATTERN too; a server test keeps
// the two equal. Digits typed on an Arabic or full-width keyboard are read as ASCII digits
// (decision 031): the payload schema stores them so.
import { asciiDigits } from '../text/ascii-digits.ts';

/** Passport numbers have 3 to 15 characters. */
export const PASSPORT_NUMBER_LENGTH = { min: 3, max: 15 } as const;

/** The stored form of a passport number: upper-case letters and digits, of the allowed length. */
export const STORED_PASSPORT_NUMBER_PATTERN = `^[A-Z0-9]{${PASSPORT_NUMBER_LENGTH.min},${PASSPORT_NUMBER_LENGTH.max}}$`;

const storedForm = new RegExp(STORED_PASSPORT_NUMBER_PATTERN);
// The form asks for the number as printed: letters (either case) and digits. Some passports print
// the number in groups, and people copy the spaces: they are not part of the number, so they are
// left out before the number is counted, checked and stored (compactPassportNumber).
const typedCharacters = /^[A-Za-z0-9]+$/;

/**
 * The passport number as typed, trimmed, its digits in ASCII and its spaces (any width, no-break
 * too) left out: the form checked and stored. A tab or line break inside stays, for the rule to refuse.
 */
export function compactPassportNumber(typed: string): string {
  return asciiDigits(typed)
    .trim()
    .replace(/\p{Zs}+/gu, '');
}

/** The first rule a typed passport number fails (without its spaces: required, length, characters), or undefined. */
export function checkPassportNumber(typed: string | undefined): 'required' | 'length' | 'characters' | undefined {
  const value = compactPassportNumber(typed ?? '');
  if (value === '') return 'required';
  if (value.length < PASSPORT_NUMBER_LENGTH.min || value.length > PASSPORT_NUMBER_LENGTH.max) return 'length';
  return typedCharacters.test(value) ? undefined : 'characters';
}

/**
 * The one form passport numbers are stored and compared in: upper-case, without the spaces and
 * hyphens people type or lists contain. Undefined when the result is not 3 to 15 letters and digits.
 */
export function normalisePassportNumber(value: string): string | undefined {
  const normalised = asciiDigits(value)
    .replace(/[\s-]+/g, '')
    .toUpperCase();
  return storedForm.test(normalised) ? normalised : undefined;
}
