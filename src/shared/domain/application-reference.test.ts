import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REFERENCE_ALPHABET,
  isApplicationReference,
  newApplicationReference,
  parseApplicationReference,
  referenceCheckCharacter,
} from './application-reference.ts';

const bytes = fc.uint8Array({ minLength: 10, maxLength: 10 });
const reference = bytes.map((b) => newApplicationReference(() => b));

describe('application references', () => {
  it('are CWC-, two groups of five Crockford characters and a check character', () => {
    const made = newApplicationReference((n) => crypto.getRandomValues(new Uint8Array(n)));
    expect(made).toMatch(/^CWC-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]$/);
    expect(isApplicationReference(made)).toBe(true);
    expect(newApplicationReference(() => new Uint8Array(10))).toBe(
      `CWC-00000-00000-${referenceCheckCharacter('0000000000')}`,
    );
  });

  it('are read back typed in any case, with or without the prefix, spaces or dashes', () => {
    fc.assert(
      fc.property(reference, (ref) => {
        const compact = ref.replace(/-/g, '');
        expect(parseApplicationReference(ref)).toBe(ref);
        expect(parseApplicationReference(ref.toLowerCase())).toBe(ref);
        expect(parseApplicationReference(compact.slice(3))).toBe(ref);
        expect(parseApplicationReference(` ${compact.slice(3, 7)} ${compact.slice(7).toLowerCase()} `)).toBe(ref);
      }),
    );
  });

  it('read O as 0 and I or L as 1', () => {
    const ref = newApplicationReference(() => new Uint8Array([0, 1, 0, 1, 0, 1, 0, 1, 0, 1]));
    expect(ref.slice(0, 15)).toBe('CWC-01010-10101');
    expect(parseApplicationReference(`cwc-oIoLo-LoIoL-${ref.at(-1)}`)).toBe(ref);
  });

  it('refuse any one character changed, and any swap of two different neighbours', () => {
    fc.assert(
      fc.property(reference, fc.nat(10), fc.nat(31), (ref, position, replacement) => {
        const chars = [...ref.replace(/-/g, '').slice(3)];
        const changed = [...chars];
        const next = REFERENCE_ALPHABET[replacement]!;
        fc.pre(changed[position] !== next);
        changed[position] = next;
        expect(parseApplicationReference(changed.join(''))).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(reference, fc.nat(9), (ref, position) => {
        const chars = [...ref.replace(/-/g, '').slice(3)];
        const [a, b] = [chars[position]!, chars[position + 1]!];
        // Luhn misses one swap per base (0 and the largest digit's partner); it catches the rest.
        fc.pre(a !== b && !(new Set([a, b]).has('0') && new Set([a, b]).has('Z')));
        [chars[position], chars[position + 1]] = [b, a];
        expect(parseApplicationReference(chars.join(''))).toBeUndefined();
      }),
    );
  });

  it('refuse what is not a reference', () => {
    for (const typed of ['', 'CWC', 'CWC-12345-6789', 'CWC-12345-67890-U', '3f1c2a9e-0000-4000-8000-000000000000']) {
      expect(parseApplicationReference(typed)).toBeUndefined();
      expect(isApplicationReference(typed)).toBe(false);
    }
  });
});
