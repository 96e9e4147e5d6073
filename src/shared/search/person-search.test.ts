import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldForSearch,
  matchesPersonSearch,
  personSearchTerms,
  personSearchText,
  SEARCH_TEXT_PARTS,
  type SearchablePerson,
} from './person-search.ts';

// Name parts made of plain letters, accented letters, the letters NFD leaves whole, apostrophes
// and hyphens inside: what passports and emails hold.
const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzáéíóúàèçñäöüëïÿåøæœßłđþ');
const part = fc
  .tuple(
    fc.array(letter, { minLength: 1, maxLength: 8 }),
    fc.constantFrom('', "'", '’', '-'),
    fc.array(letter, { maxLength: 6 }),
  )
  .map(([head, mark, tail]) => (tail.length === 0 ? head.join('') : `${head.join('')}${mark}${tail.join('')}`));
const names = fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => parts.join(' '));
const person = fc
  .record({ givenNames: names, familyName: names })
  .map((p): SearchablePerson => ({ ...p, applicantId: 'CWC-7K3M9-QF2XA-B', cosReference: 'COS 123' }));

const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');
const capitalise = (text: string) =>
  text.replace(/(^|[\s'’-])(\p{L})/gu, (_, before: string, l: string) => before + l.toUpperCase());

describe('the status list search', () => {
  it('finds a person by their name as written, accents stripped, in upper or title case', () => {
    fc.assert(
      fc.property(person, (p) => {
        const full = `${p.givenNames} ${p.familyName}`;
        for (const query of [
          full,
          stripAccents(full),
          full.toUpperCase(),
          capitalise(full),
          p.givenNames,
          p.familyName,
        ])
          expect(matchesPersonSearch(query, p)).toBe(true);
      }),
    );
  });

  it('finds a person with apostrophes and hyphens dropped, swapped for each other or for spaces', () => {
    fc.assert(
      fc.property(person, fc.constantFrom('', "'", '’', 'ʼ', '`', '-', ' '), (p, mark) => {
        const full = `${p.givenNames} ${p.familyName}`;
        expect(matchesPersonSearch(full.replace(/['’-]/g, mark), p)).toBe(true);
      }),
    );
  });

  it('finds a person family name first, with or without a comma, or with the spaces left out', () => {
    fc.assert(
      fc.property(person, (p) => {
        for (const query of [
          `${p.familyName}, ${p.givenNames}`,
          `${p.familyName} ${p.givenNames}`,
          `${p.familyName}${p.givenNames}`.replace(/ /g, ''),
          `${p.givenNames}${p.familyName}`.replace(/ /g, ''),
        ])
          expect(matchesPersonSearch(query, p)).toBe(true);
      }),
    );
  });

  it('does not find a person when a word of the query is in neither order of their folded name nor their references', () => {
    fc.assert(
      fc.property(person, fc.array(letter, { minLength: 1, maxLength: 10 }), (p, typed) => {
        const query = typed.join('');
        const word = foldForSearch(query);
        const given = foldForSearch(p.givenNames).replace(/ /g, '');
        const family = foldForSearch(p.familyName).replace(/ /g, '');
        fc.pre(![given + family, family + given, 'cwc7k3m9qf2xab', 'cos123'].some((text) => text.includes(word)));
        expect(matchesPersonSearch(query, p)).toBe(false);
      }),
    );
  });

  it('folds the letters NFD leaves whole, and the apostrophes phones and emails use', () => {
    expect(foldForSearch('Müller-Lüdenscheidt, Zoë')).toBe('muller ludenscheidt zoe');
    expect(foldForSearch('Straße Jørgensen Æsa Łukasz Đorđe Þór')).toBe('strasse jorgensen aesa lukasz dorde thor');
    for (const mark of ["'", '‘', '’', 'ʼ', 'ʻ', '`', '´', '′', '＇'])
      expect(foldForSearch(`O${mark}Brien`)).toBe('obrien');
  });

  it('finds a reference typed whole or in part, with or without dashes, in any case', () => {
    const p = { givenNames: 'Seán', familyName: 'O’Brien', applicantId: 'CWC-7K3M9-QF2XA-B', cosReference: 'COS-1' };
    for (const query of ['CWC7K3M9QF2XAB', 'cwc-7k3m9-qf2xa-b', '7k3m9', 'QF2 XA', 'cwc 7k3m9 qf2xa b', 'cos1', ''])
      expect(matchesPersonSearch(query, p)).toBe(true);
    for (const query of ['CWC-7K3M9-QF2XA-C', '7k3m8', 'cos2', 'smith'])
      expect(matchesPersonSearch(query, p)).toBe(false);
  });

  it('finds a reference or number typed with Arabic-Indic or full-width digits (decision 031)', () => {
    const p = { givenNames: 'Seán', familyName: 'O’Brien', applicantId: 'CWC-7K3M9-QF2XA-B', cosReference: 'COS 123' };
    for (const query of ['CWC-٧K٣M٩-QF٢XA-B', '۷k۳m۹', '７K３M９', 'cos ١٢٣'])
      expect(matchesPersonSearch(query, p), query).toBe(true);
    expect(matchesPersonSearch('cos ١٢٤', p)).toBe(false);
  });
});

// What the database asks of personSearchText (casework-repository.ts's nameCondition), in
// JavaScript: LIKE '%text%' is includes, split_part is a part by its place.
function foundInSearchText(query: string, person: SearchablePerson): boolean {
  const terms = personSearchTerms(query);
  if (terms === undefined) return true;
  const parts = personSearchText(person).split(' ');
  const at = (n: number) => parts[n - 1] ?? '';
  return (
    [at(SEARCH_TEXT_PARTS.givenFirst), at(SEARCH_TEXT_PARTS.familyFirst)].some((names) =>
      terms.words.every((word) => names.includes(word)),
    ) ||
    at(SEARCH_TEXT_PARTS.cos).includes(terms.compact) ||
    at(SEARCH_TEXT_PARTS.reference).includes(terms.reference)
  );
}

describe('the searchable text the database holds', () => {
  it('is four parts, none holding a space', () => {
    const text = personSearchText({
      givenNames: 'Zoë Anne',
      familyName: 'Müller-Lüdenscheidt',
      applicantId: 'CWC-7K3M9-QF2XA-B',
      cosReference: 'C4X 9K2',
    });
    expect(text).toBe('zoeannemullerludenscheidt mullerludenscheidtzoeanne c4x9k2 cwc7k3m9qf2xab');
  });

  it('finds whom matchesPersonSearch finds, for any name and any part of it, however typed', () => {
    const query = fc.oneof(
      names,
      fc.tuple(names, fc.nat(), fc.nat()).map(([text, from, to]) => text.slice(from % (text.length + 1), to)),
      fc.constantFrom('7k3m9', 'qf2', 'O 123', 'cos12', 'ab cd', "'", 'cwc-7k3m9'),
    );
    fc.assert(
      fc.property(person, query, (p, q) => {
        expect(foundInSearchText(q, p), q).toBe(matchesPersonSearch(q, p));
      }),
    );
  });
});
