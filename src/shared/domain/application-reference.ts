// The reference a person sees for one application (decision 013): "CWC-" and ten characters of
// Crockford's base32 in two groups of five, then a check character: CWC-7K3M9-QF2XA-A. Crockford's
// alphabet has no I, L, O or U, so nothing read out over the phone is mistaken for another
// character; the check character (Luhn mod 32) catches any one mistyped character and most swaps
// of two neighbours before a lookup is even tried.
import { asciiDigits } from '../text/ascii-digits.ts';

/** Crockford's base32 alphabet: digits and capitals without I, L, O and U. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** What every reference starts with. */
const REFERENCE_PREFIX = 'CWC';

/** How many random characters a reference carries (50 bits), before its check character. */
const REFERENCE_DATA_LENGTH = 10;

const CANONICAL = new RegExp(
  `^${REFERENCE_PREFIX}-[${REFERENCE_ALPHABET}]{5}-[${REFERENCE_ALPHABET}]{5}-[${REFERENCE_ALPHABET}]$`,
);

/** The Luhn mod 32 check character of a string of reference characters. */
export function referenceCheckCharacter(data: string): string {
  let sum = 0;
  let factor = 2;
  for (let i = data.length - 1; i >= 0; i -= 1) {
    const value = REFERENCE_ALPHABET.indexOf(data[i]!);
    if (value < 0) throw new RangeError('Not a reference character');
    const product = value * factor;
    sum += Math.floor(product / 32) + (product % 32);
    factor = factor === 2 ? 1 : 2;
  }
  return REFERENCE_ALPHABET[(32 - (sum % 32)) % 32]!;
}

function format(data: string): string {
  return `${REFERENCE_PREFIX}-${data.slice(0, 5)}-${data.slice(5)}-${referenceCheckCharacter(data)}`;
}

/** A new reference from `randomBytes` (pass node's `randomBytes` or `crypto.getRandomValues`-backed bytes). */
export function newApplicationReference(randomBytes: (count: number) => Uint8Array): string {
  return format(randomReferenceCharacters(randomBytes, REFERENCE_DATA_LENGTH));
}

/** True for a reference written exactly as the service writes it. */
export function isApplicationReference(value: string): boolean {
  return CANONICAL.test(value) && referenceCheckCharacter(value.slice(4, 9) + value.slice(10, 15)) === value.at(-1);
}

/**
 * The reference a person typed, written the service's way, or undefined when it is not one (a
 * character missing, one mistyped). Any case, spaces and dashes anywhere, the "CWC" prefix
 * optional, and the letters people confuse with digits read as Crockford says: O as 0, I and L as 1.
 */
export function parseApplicationReference(typed: string): string | undefined {
  let compact = asciiDigits(typed).toUpperCase().replace(SEPARATORS, '');
  if (compact.startsWith(REFERENCE_PREFIX) && compact.length === REFERENCE_PREFIX.length + REFERENCE_DATA_LENGTH + 1) {
    compact = compact.slice(REFERENCE_PREFIX.length);
  }
  const data = checkedCharacters(compact, REFERENCE_DATA_LENGTH);
  return data === undefined ? undefined : format(data);
}

const SEPARATORS = /[\s\-_.]/g;

/**
 * The data characters of a typed code of `dataLength` characters and a check character (any
 * case, separators anywhere, O read as 0 and I or L as 1), or undefined when the check fails.
 */
export function checkedCharacters(typed: string, dataLength: number): string | undefined {
  // Digits of an Arabic or full-width keyboard are the same digits (decision 031).
  const compact = asciiDigits(typed).toUpperCase().replace(SEPARATORS, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (compact.length !== dataLength + 1 || [...compact].some((c) => !REFERENCE_ALPHABET.includes(c))) return undefined;
  const data = compact.slice(0, dataLength);
  return referenceCheckCharacter(data) === compact.at(-1) ? data : undefined;
}

/** `length` random characters of the alphabet from `randomBytes`. */
export function randomReferenceCharacters(randomBytes: (count: number) => Uint8Array, length: number): string {
  // 256 is a multiple of 32, so the low 5 bits of a random byte are uniformly random.
  const data = [...randomBytes(length)].map((byte) => REFERENCE_ALPHABET[byte & 31]).join('');
  if (data.length !== length) throw new RangeError('Not enough random bytes');
  return data;
}
