import { describe, expect, it } from 'vitest';
import { hasOnlyLatinLetters } from './latin-letters.ts';

describe('hasOnlyLatinLetters', () => {
  it.each([
    'Smith',
    'Élodie',
    'Núñez',
    'Øverland',
    'Straß',
    'O’Brien',
    "O'Brien",
    'Smith-Jones',
    'de la Cruz',
    'Nguyễn Văn',
    // The same name with its accents as combining marks (NFD), as some keyboards send it.
    'Nguyễn Văn'.normalize('NFD'),
    'Ó Súilleabháin',
    'Łukasz',
    'Çelik',
    'İlkay',
    'J.R.R.',
    'Þórsdóttir',
  ])('accepts %j', (name) => {
    expect(hasOnlyLatinLetters(name)).toBe(true);
  });

  it.each([
    'محمد',
    'Иванов',
    '李',
    '山田',
    'Παπαδόπουλος',
    'שמעון',
    'किरण',
    '김',
    // One letter of another script among Latin ones is enough: the officer cannot match it.
    'Ivanов',
    'Mohammed محمد',
  ])('refuses %j', (name) => {
    expect(hasOnlyLatinLetters(name)).toBe(false);
  });
});
