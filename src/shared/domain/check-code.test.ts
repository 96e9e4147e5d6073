import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseApplicationReference } from './application-reference.ts';
import { newCheckCode, parseCheckCode } from './check-code.ts';

const code = fc.uint8Array({ minLength: 8, maxLength: 8 }).map((bytes) => newCheckCode(() => bytes));

describe('check codes', () => {
  it('are two groups of four Crockford characters and a check character', () => {
    expect(newCheckCode((n) => crypto.getRandomValues(new Uint8Array(n)))).toMatch(
      /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]$/,
    );
  });

  it('are read back typed in any case, with or without dashes and spaces, O as 0 and I or L as 1', () => {
    fc.assert(
      fc.property(code, (made) => {
        expect(parseCheckCode(made)).toBe(made);
        expect(parseCheckCode(` ${made.replace(/-/g, ' ').toLowerCase()} `)).toBe(made);
        expect(parseCheckCode(made.replace(/0/g, 'o').replace(/1/g, 'l'))).toBe(made);
      }),
    );
  });

  it('refuse any one character mistyped, one missing, and a reference', () => {
    fc.assert(
      fc.property(code, fc.nat(8), fc.nat(31), (made, index, shift) => {
        const compact = made.replace(/-/g, '');
        const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
        const changed = alphabet[(alphabet.indexOf(compact[index]!) + 1 + shift) % 32]!;
        if (shift === 31) return;
        expect(parseCheckCode(compact.slice(0, index) + changed + compact.slice(index + 1))).toBeUndefined();
        expect(parseCheckCode(compact.slice(0, index) + compact.slice(index + 1))).toBeUndefined();
      }),
    );
    expect(parseCheckCode('CWC-7K3M9-QF2XA-B')).toBeUndefined();
    expect(parseApplicationReference(newCheckCode(() => new Uint8Array(8)))).toBeUndefined();
  });
});
