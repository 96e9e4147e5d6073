// How the status list is searched, with JavaScript as the user types and without it from the
// search form's address (the same page component renders both, calling this one function). A
// sponsor copies a name from an email ("Müller-Lüdenscheidt, Zoë"), types it on a phone with a
// curly apostrophe ("o’brien") or without its accents ("sean"): all of these must find the worker.
import { parseApplicationReference } from '../domain/application-reference.ts';
import { asciiDigits } from '../text/ascii-digits.ts';

/** Letters that are not a base letter plus accents in Unicode, so NFD leaves them whole: spelt as a keyboard without them would. */
const SPELT_OUT: Readonly<Record<string, string>> = {
  ß: 'ss',
  ẞ: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
};
const SPELT_OUT_PATTERN = new RegExp(`[${Object.keys(SPELT_OUT).join('')}]`, 'gu');

/**
 * Apostrophe-like marks, dropped rather than spaced so "O’Brien", "O'Brien" and "OBrien" are one
 * name: straight and curly quotes, the modifier letters used as apostrophes (ʼ ʻ ʹ), the grave
 * and acute accents and primes typed in their place, and the fullwidth apostrophe.
 */
const APOSTROPHES = /['‘’‛`´ʹʻʼʽˈ′＇]/gu;

/**
 * Text reduced for searching people's names and references: lower case, no accents (ß as "ss",
 * ø as "o", æ as "ae", ł as "l" and the like), apostrophes dropped, every other run of characters
 * that are not letters or digits (hyphens, commas, spaces) one space, trimmed; digits in ASCII.
 * "Müller-Lüdenscheidt, Zoë" is "muller ludenscheidt zoe"; "O’Brien" is "obrien".
 */
export function foldForSearch(text: string): string {
  // Apostrophes go first: compatibility decomposition turns "´" into a space and an accent.
  // Digits of an Arabic keyboard are the reference's digits (decision 031); NFKD does full-width.
  return asciiDigits(text)
    .replace(APOSTROPHES, '')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(SPELT_OUT_PATTERN, (letter) => SPELT_OUT[letter] ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A reference's characters as a person may type them: Crockford's O as 0, I and L as 1 (decision 013). */
const referenceCharacters = (folded: string) => folded.replace(/ /g, '').replace(/o/g, '0').replace(/[il]/g, '1');

/** What the status list's search looks at in one application. */
export interface SearchablePerson {
  readonly givenNames: string;
  readonly familyName: string;
  /** The application's reference, CWC-7K3M9-QF2XA-A. */
  readonly applicantId: string;
  /** The certificate of sponsorship number. */
  readonly cosReference: string;
}

/**
 * True when the search `query` finds `person`. An empty query finds everyone. Otherwise, after
 * both are reduced by foldForSearch, a query finds the person when:
 * - every word of it is inside their name with the spaces taken out, the given names first or the
 *   family name first (so the order of names, hyphens, commas and spaces do not matter, and
 *   "nibhriain" finds "Ní Bhriain");
 * - or it is inside their reference or certificate of sponsorship number, with or without
 *   dashes and spaces, in any case (a part of a reference: "7k3m9"), or it is the whole reference
 *   typed with O for 0 or I for 1.
 */
export function matchesPersonSearch(query: string, person: SearchablePerson): boolean {
  const folded = foldForSearch(query);
  if (folded === '') return true;
  const given = foldForSearch(person.givenNames).replace(/ /g, '');
  const family = foldForSearch(person.familyName).replace(/ /g, '');
  const words = folded.split(' ');
  if ([given + family, family + given].some((name) => words.every((word) => name.includes(word)))) return true;
  const compact = folded.replace(/ /g, '');
  const cos = foldForSearch(person.cosReference).replace(/ /g, '');
  if (cos !== '' && cos.includes(compact)) return true;
  const reference = referenceCharacters(foldForSearch(person.applicantId));
  return reference.includes(referenceCharacters(folded)) || parseApplicationReference(query) === person.applicantId;
}

/**
 * The person as one text a database can search with substring matches (migration 022), in four
 * parts separated by single spaces: their names run together given names first, then family
 * name first, their certificate of sponsorship number and their reference, each folded as
 * {@link matchesPersonSearch} folds it. No part holds a space, so a part is found by its place,
 * and what {@link personSearchTerms} asks of it gives the answers matchesPersonSearch gives.
 */
export function personSearchText(person: SearchablePerson): string {
  const given = foldForSearch(person.givenNames).replace(/ /g, '');
  const family = foldForSearch(person.familyName).replace(/ /g, '');
  const cos = foldForSearch(person.cosReference).replace(/ /g, '');
  const reference = referenceCharacters(foldForSearch(person.applicantId));
  return [given + family, family + given, cos, reference].join(' ');
}

/** The places of the parts of {@link personSearchText}, 1-based (as PostgreSQL's split_part counts). */
export const SEARCH_TEXT_PARTS = { givenFirst: 1, familyFirst: 2, cos: 3, reference: 4 } as const;

/**
 * What a query asks of {@link personSearchText}, or undefined when it holds nothing to find (only
 * punctuation). The person is found when every one of `words` is inside the part given names
 * first, or every one inside the part family name first; or `compact` is inside the certificate
 * of sponsorship number; or `reference` is inside the reference: matchesPersonSearch's rule,
 * the whole reference typed with O for 0 aside (the caller looks that up by reference).
 */
export function personSearchTerms(
  query: string,
): { readonly words: readonly string[]; readonly compact: string; readonly reference: string } | undefined {
  const folded = foldForSearch(query);
  if (folded === '') return undefined;
  return {
    words: [...new Set(folded.split(' '))],
    compact: folded.replace(/ /g, ''),
    reference: referenceCharacters(folded),
  };
}
