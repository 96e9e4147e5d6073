import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asciiDigits, DIGIT_SETS } from './ascii-digits.ts';

describe('asciiDigits', () => {
  it.each(Object.entries(DIGIT_SETS))('reads the %s digits as 0–9', (_name, digits) => {
    expect(asciiDigits(digits)).toBe('0123456789');
  });

  it('changes nothing else', () => {
    expect(asciiDigits('١٤ ٣ ١٩٩٠')).toBe('14 3 1990');
    expect(asciiDigits('CWC-۷K3M9 ０')).toBe('CWC-7K3M9 0');
    // Other digits (Devanagari, Bengali) and Arabic letters stay as typed, so a rule still refuses them.
    expect(asciiDigits('१२ ১২ ألمانيا')).toBe('१२ ১২ ألمانيا');
  });

  it('writes any number in any digit set back as the same ASCII number', () => {
    fc.assert(
      fc.property(fc.nat(), fc.constantFrom(...Object.values(DIGIT_SETS)), (n, digits) => {
        const written = [...String(n)].map((d) => digits[Number(d)]).join('');
        expect(asciiDigits(written)).toBe(String(n));
      }),
    );
  });
});
