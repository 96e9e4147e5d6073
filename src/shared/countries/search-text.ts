// How typed text is compared with the names of the lists (countries, places of departure):
// both sides are reduced to a key first, then ranked by how the query meets a name. One
// function for the browser's suggestions, its exact matches and the server's rule, so that a
// name the page offers is a name the server accepts (decisions 007 and 016).

/** Text reduced for matching: no accents, lower case, "&" as "and", apostrophes and dots dropped, other punctuation as a space, spaces collapsed ("Côte d’Ivoire" = "cote divoire", "U.S.A." = "usa"). */
export function searchKey(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
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
 */
export function rankEntries<T>(
  key: string,
  entries: readonly T[],
  namesOf: (entry: T) => readonly SearchName[],
  shorterFirst = false,
): T[] {
  if (key === '') return [...entries];
  const scored: { entry: T; score: number; length: number; index: number }[] = [];
  entries.forEach((entry, index) => {
    let best: { score: number; length: number } | undefined;
    for (const name of namesOf(entry)) {
      const rank = matchRank(key, name.key);
      if (rank === undefined) continue;
      // Rank first; the weight only orders names of the same rank (kept below 10).
      const score = rank * 10 + name.weight;
      if (best === undefined || score < best.score || (score === best.score && name.key.length < best.length))
        best = { score, length: name.key.length };
    }
    if (best !== undefined) scored.push({ entry, ...best, index });
  });
  return scored
    .sort((a, b) => a.score - b.score || (shorterFirst ? a.length - b.length : 0) || a.index - b.index)
    .map((item) => item.entry);
}
