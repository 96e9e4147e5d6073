import { describe, expect, it } from 'vitest';
import { checkPassportNumber, normalisePassportNumber, PASSPORT_NUMBER_LENGTH } from './passport-number.ts';

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
    expect(checkPassportNumber('AB 1234')).toBe('characters');
    expect(checkPassportNumber(' ab1234 ')).toBeUndefined();
    // Whatever the form accepts has a stored form.
    expect(normalisePassportNumber(' ab1234 ')).toBe('AB1234');
  });
});
