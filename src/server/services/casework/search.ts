// The caseworker's one search box. What is typed is tried as each thing a caseworker may have in
// hand, each compared the way the service compares it elsewhere: an application reference (as
// the CLI reads it), a certificate of sponsorship number (same-cos-reference.ts), a passport
// number (passport-number.ts), a sponsor licence number (the licence rule), and a worker's name
// (the status page's search, person-search.ts).
import { parseApplicationReference } from '#shared/domain/application-reference.ts';
import { normalisePassportNumber } from '#shared/domain/passport-number.ts';
import { comparableCosReference } from '#shared/journey/same-cos-reference.ts';
import { foldForSearch, matchesPersonSearch } from '#shared/search/person-search.ts';
import { hasForbiddenCharacters } from '#shared/validation/characters.ts';
import { normaliseLicenceNumber } from '#shared/validation/licence-number.ts';
import {
  listNameCandidates,
  lookUpCases,
  type CaseLookup,
  type CaseRow,
  type NameCandidate,
} from '../../db/casework-repository.ts';
import type { Database } from '../../db/database.ts';
import { toSummary, type CaseSummary } from './queue.ts';
import type { InvalidInput } from './staff-inputs.ts';

/** The most results answered; `more` says when there were others. */
export const MAX_SEARCH_RESULTS = 50;
/** The longest query read. */
const MAX_QUERY_LENGTH = 200;
/** Applications read per batch, and at most in all, by the name search. */
const NAME_BATCH = 1_000;
const MAX_NAMES_SCANNED = 20_000;

/**
 * What matched: the whole reference; the COS number, passport number or sponsor licence number,
 * whole; `name`: the status page's search, which finds a name, or a part of a reference or COS number.
 */
export type SearchMatch = 'reference' | 'cos' | 'passport' | 'licence' | 'name';

export interface SearchHit extends CaseSummary {
  /** What the query matched, in the order tried. */
  readonly matchedBy: readonly SearchMatch[];
}

export type SearchResult =
  | {
      readonly outcome: 'ok';
      /** Reference matches first, then the others, newest first within each. */
      readonly hits: SearchHit[];
      /** True when more applications matched than MAX_SEARCH_RESULTS. */
      readonly more: boolean;
      /**
       * False when the name search stopped at MAX_NAMES_SCANNED applications (the newest) before
       * reading them all: an older application of that name may not be listed.
       */
      readonly namesAllSearched: boolean;
    }
  | InvalidInput;

export async function searchApplications(
  deps: { readonly database: Database; readonly now: () => Date },
  input: { readonly query: string },
): Promise<SearchResult> {
  const query = input.query.trim();
  if (query === '') return { outcome: 'invalid', field: 'query', problem: 'required' };
  if (query.length > MAX_QUERY_LENGTH) return { outcome: 'invalid', field: 'query', problem: 'too-long' };
  if (hasForbiddenCharacters(query)) return { outcome: 'invalid', field: 'query', problem: 'characters' };

  const db = deps.database;
  const found = new Map<string, { row: CaseRow; matchedBy: SearchMatch[] }>();
  const add = (rows: readonly CaseRow[], match: SearchMatch) => {
    for (const row of rows) {
      const hit = found.get(row.applicantId);
      if (hit === undefined) found.set(row.applicantId, { row, matchedBy: [match] });
      else if (!hit.matchedBy.includes(match)) hit.matchedBy.push(match);
    }
  };
  const limit = MAX_SEARCH_RESULTS + 1;

  const reference = parseApplicationReference(query);
  // An id from before references is looked up as typed, as the CLI does.
  const ids = [...new Set([reference ?? query, query])];
  add(await lookUpCases(db, { by: 'reference', applicantIds: ids }, limit), 'reference');
  for (const lookup of numberLookups(query)) {
    const rows = await lookUpCases(db, lookup, limit);
    add(lookup.by === 'licence' ? rows.filter((row) => sameLicence(row, query)) : rows, lookup.by);
  }

  // A whole reference that was found is what was meant: no need to read names.
  let namesAllSearched = true;
  if (reference === undefined || !found.has(reference)) {
    const names = await searchNames(db, query, limit);
    namesAllSearched = names.complete;
    if (names.ids.length > 0) {
      add(await lookUpCases(db, { by: 'reference', applicantIds: names.ids }, names.ids.length), 'name');
    }
  }

  const hits = [...found.values()]
    .map(({ row, matchedBy }) => ({ ...toSummary(row, deps.now()), matchedBy }))
    .sort((a, b) => rank(a) - rank(b) || b.submittedAt.getTime() - a.submittedAt.getTime());
  return {
    outcome: 'ok',
    hits: hits.slice(0, MAX_SEARCH_RESULTS),
    more: hits.length > MAX_SEARCH_RESULTS,
    namesAllSearched,
  };
}

const ORDER: readonly SearchMatch[] = ['reference', 'cos', 'passport', 'licence', 'name'];
const rank = (hit: SearchHit) => Math.min(...hit.matchedBy.map((match) => ORDER.indexOf(match)));

/** The look-ups by number the query can stand for; each is skipped when the query cannot be one. */
function numberLookups(query: string): CaseLookup[] {
  const lookups: CaseLookup[] = [];
  const cos = comparableCosReference(query);
  if (cos !== '') lookups.push({ by: 'cos', comparable: cos });
  const passport = normalisePassportNumber(query);
  if (passport !== undefined) lookups.push({ by: 'passport', passportNumber: passport });
  const licence = normaliseLicenceNumber(query);
  if (licence !== '') lookups.push({ by: 'licence', licence });
  return lookups;
}

// The database narrows by ASCII capitals; the shared rule (JavaScript's toUpperCase) decides.
const sameLicence = (row: CaseRow, query: string) =>
  normaliseLicenceNumber(row.sponsorReference) === normaliseLicenceNumber(query);

/**
 * The ids of applications whose name the query finds, newest first, at most `limit`.
 *
 * Done here, not in SQL: the status page's matching (foldForSearch, matchesPersonSearch) drops
 * accents through Unicode decomposition, spells out letters such as ß and ø, ignores apostrophes
 * of a dozen kinds and lets the words of a name come in any order. PostgreSQL has no such
 * folding without the unaccent extension (which PGlite lacks, and whose rules differ), and a
 * second, SQL version of the rule would drift from the one the sponsor's page uses. So the names
 * are read in batches, newest first, and matched with the very same function, up to
 * MAX_NAMES_SCANNED applications (those with personal data only: a deleted one has no name).
 */
async function searchNames(
  db: Database,
  query: string,
  limit: number,
): Promise<{ readonly ids: string[]; readonly complete: boolean }> {
  // Nothing in a name, a reference or a COS number is found by punctuation alone.
  if (foldForSearch(query) === '') return { ids: [], complete: true };
  const ids: string[] = [];
  let after: NameCandidate | undefined;
  for (let scanned = 0; scanned < MAX_NAMES_SCANNED; scanned += NAME_BATCH) {
    const batch = await listNameCandidates(db, after, NAME_BATCH);
    for (const candidate of batch) {
      if (matchesPersonSearch(query, candidate)) ids.push(candidate.applicantId);
      if (ids.length >= limit) return { ids, complete: true };
    }
    if (batch.length < NAME_BATCH) return { ids, complete: true };
    after = batch.at(-1);
  }
  return { ids, complete: false };
}
