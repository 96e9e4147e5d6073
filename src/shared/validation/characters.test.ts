import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacters } from './characters.ts';

describe('hasForbiddenCharacters', () => {
  it.each([
    ['NUL', 'Smith\u0000'],
    ['a control character', 'Sm\u0007ith'],
    ['DEL', 'Smith\u007F'],
    ['a tab inside the value', 'Anne\tMarie'],
    ['a line break inside the value', 'Anne\nMarie'],
    ['a carriage return inside the value', 'Anne\rMarie'],
    ['a right-to-left override', 'Smith\u202E'],
    ['a left-to-right embedding', '\u202ASmith'],
    ['a first-strong isolate', 'Sm\u2068ith'],
    ['a pop directional isolate', 'Smith\u2069'],
  ])('finds %s', (_name, value) => {
    expect(hasForbiddenCharacters(value)).toBe(true);
  });

  it.each([
    ['plain text', 'Smith'],
    ['letters of any script', 'Ó Briain-Müller 王 محمد'],
    ['the marks Arabic text uses', 'محمد\u200F \u200Eabc\u061C'],
    ['a tab or line break at either end', '\tSmith\r\n'],
    ['nothing', undefined],
  ])('lets through %s', (_name, value) => {
    expect(hasForbiddenCharacters(value)).toBe(false);
  });
});
