import { describe, expect, it } from 'vitest';
import {
  checkPassportNumber,
  compactPassportNumber,
  normalisePassportNumber,
  PASSPORT_NUMBER_LENGTH,
} from './passport-number.ts';

describe('passport numbers', () => {
  it('are compared upper-case, without spaces or hyphens', () => {
    expect(normalisePassportNumber(' ab 12-34 56 ')).toBe('AB123456');
  });

  it('must then be 3 to 15 letters and digits', () => {
    expect(normalisePassportNumber('AB')).toBeUndefined();
    expect(normalisePassportNumber('A'.repeat(16))).toBeUndefined();
    expect(normalisePassportNumber('AB12/34')).toBeUndefined();
    expect(normalisePassportNumber('ÉA1234')).toBeUndefined();
  });

  it('are typed as printed: given, of the allowed length, letters and digits only', () => {
    expect(checkPassportNumber(undefined)).toBe('required');
    expect(checkPassportNumber('  ')).toBe('required');
    expect(checkPassportNumber('A'.repeat(PASSPORT_NUMBER_LENGTH.min - 1))).toBe('length');
    expect(checkPassportNumber('A'.repeat(PASSPORT_NUMBER_LENGTH.max + 1))).toBe('length');
    expect(checkPassportNumber('AB-1234')).toBe('characters');
    expect(checkPassportNumber(' ab1234 ')).toBeUndefined();
    // Whatever the form accepts has a stored form.
    expect(normalisePassportNumber(' ab1234 ')).toBe('AB1234');
  });

  it('may be typed with spaces, as some passports print them, which are counted out and stored out', () => {
    expect(checkPassportNumber('AB 12 34 56')).toBeUndefined();
    expect(checkPassportNumber('12\u00A034\u00A056')).toBeUndefined();
    expect(checkPassportNumber('A B')).toBe('length');
    expect(checkPassportNumber('1 2 3 4 5 6 7 8 9 0 1 2 3 4 5')).toBeUndefined();
    expect(checkPassportNumber('1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6')).toBe('length');
    expect(compactPassportNumber(' ab 12 34\u00A056 ')).toBe('ab123456');
    expect(compactPassportNumber('١٢٣ ٤٥٦')).toBe('123456');
  });
});
