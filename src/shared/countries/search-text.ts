// How typed text is compared with the names of the lists (countries, places of departure):
// both sides are reduced to a key first, then ranked by how the query meets a name. One
// function for the browser's suggestions, its exact matches and the server's rule, so that a
// name the page offers is a name the server accepts (decisions 007 and 016).
import { asciiDigits } from '../text/ascii-digits.ts';

// Arabic is written with or without its short vowels and tatweel, and several letters are
// written one for another (decision 031): the marks go with the accents (hamza above or below
// alef is a mark once decomposed, so أ إ آ are ا), tatweel is dropped, and alef wasla, alef
// maksura, ta marbuta and the Persian forms of ya and kaf become the letters most people type.
const ARABIC_LETTERS: Readonly<Record<string, string>> = {
  '\u0671': '\u0627', // ٱ → ا
  '\u0649': '\u064A', // ى → ي
  '\u06CC': '\u064A', // ی → ي
  '\u0629': '\u0647', // ة → ه
  '\u06A9': '\u0643', // ک → ك
};
const ARABIC_VARIANTS = /[\u0671\u0649\u06CC\u0629\u06A9]/g;
const TATWEEL = /\u0640/g;

/** Text reduced for matching: no accents, lower case, "&" as "and", apostrophes and dots dropped, other punctuation as a space, spaces collapsed ("Côte d’Ivoire" = "cote divoire", "U.S.A." = "usa"); in Arabic no short vowels or tatweel, one form of alef, ya and ta marbuta ("أَلْمَانِيَا" = "المانيا"); digits in ASCII. */
export function searchKey(text: string): string {
  return (
    asciiDigits(text)
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(TATWEEL, '')
      .replace(ARABIC_VARIANTS, (letter) => ARABIC_LETTERS[letter] ?? letter)
      .toLowerCase()
      .replace(/&/g, ' and ')
      // Dropped rather than spaced, so "U.S." is "us" and "O'Neill" is "oneill" however it is typed.
      .replace(/['‘’`´.]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

/** How well a query meets a name, best first: the same, the start of it, the start of one of its words, every query word starting one of its words, inside it. */
export type MatchRank = 0 | 1 | 2 | 3 | 4;

/** The rank of a query against a name, both already reduced by searchKey; undefined when the name does not match. */
export function matchRank(query: string, name: string): MatchRank | undefined {
  if (query === '') return undefined;
  if (name === query) return 0;
  if (name.startsWith(query)) return 1;
  if (` ${name}`.includes(` ${query}`)) return 2;
  const words = name.split(' ');
  // Words in any order: "west knock" finds "ireland west airport knock".
  if (query.split(' ').every((part) => words.some((word) => word.startsWith(part)))) return 3;
  return name.includes(query) ? 4 : undefined;
}

/** One name of an entry to search, and how much it counts: 0 is the entry's own name, higher numbers count less. */
export interface SearchName {
  readonly key: string;
  readonly weight: number;
}

/**
 * The entries matching a query (already reduced to its key), best first: by the best rank of any
 * of their names, then the weight of that name, then (with `shorterFirst`) the length of that
 * name, as the query is more of a shorter one ("united st": the United States before its Minor
 * Outlying Islands), then their order in `entries`. An empty query matches every entry, in order.
 * `stems` are other forms of the query (the country a nationality adjective comes from: see
 * adjectiveStems), matched a rank lower than the query itself.
 */
export function rankEntries<T>(
  key: string,
  entries: readonly T[],
  namesOf: (entry: T) => readonly SearchName[],
  shorterFirst = false,
  stems: readonly string[] = [],
): T[] {
  if (key === '') return [...entries];
  const queries = [{ key, penalty: 0 }, ...stems.map((stem) => ({ key: stem, penalty: 1 }))];
  const scored: { entry: T; score: number; length: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    let best: { score: number; length: number } | undefined;
    for (const name of namesOf(entry)) {
      for (const query of queries) {
        const rank = matchRank(query.key, name.key);
        if (rank === undefined) continue;
        // Rank first; the weight only orders names of the same rank (kept below 10).
        const score = (rank + query.penalty) * 10 + name.weight;
        if (best === undefined || score < best.score || (score === best.score && name.key.length < best.length))
          best = { score, length: name.key.length };
      }
    }
    if (best !== undefined) scored.push({ entry, ...best, index });
  });
  return scored
    .sort((a, b) => a.score - b.score || (shorterFirst ? a.length - b.length : 0) || a.index - b.index)
    .map((item) => item.entry);
}

// The endings that make a nationality or a language of a country's name: Arabic "ي" and "يه"
// (ألماني, ألمانية of ألمانيا; ta marbuta is already ه in a key), Welsh "eg" (a language:
// Almaeneg of Yr Almaen), "ig" and "aidd" (adjectives), "wr" and "es" (a man, a woman). CLDR has
// country names but no nationality adjectives in Welsh or Arabic, so the search tries the query
// without its ending too (decision 031).
const ADJECTIVE_ENDINGS = ['\u064A\u0647', '\u064A', 'aidd', 'eg', 'ig', 'wr', 'es'] as const;
const ARABIC_ARTICLE = '\u0627\u0644';
/** The shortest stem tried: shorter ones would find too much. */
const MIN_STEM_LENGTH = 3;

/** Other forms of a query (a key) that may be the name its last word is an adjective of: the word without a Welsh or Arabic ending ("almaeneg" → "almaen", "الماني" → "المان"). */
export function adjectiveStems(key: string): string[] {
  const words = key.split(' ');
  const last = words.at(-1) ?? '';
  const stems = ADJECTIVE_ENDINGS.filter((ending) => last.endsWith(ending))
    .map((ending) => last.slice(0, -ending.length))
    // The article: "الالماني" is "the German".
    .flatMap((stem) => (stem.startsWith(ARABIC_ARTICLE) ? [stem, stem.slice(ARABIC_ARTICLE.length)] : [stem]))
    .filter((stem) => [...stem].length >= MIN_STEM_LENGTH)
    .map((stem) => [...words.slice(0, -1), stem].join(' '));
  return [...new Set(stems)];
}
