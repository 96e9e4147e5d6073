// The caseworker's one search box. What is typed is tried as each thing a caseworker may have in
// hand, each compared the way the service compares it elsewhere: an application reference (as
// the CLI reads it), a certificate of sponsorship number (same-cos-reference.ts), a passport
// number (passport-number.ts), a sponsor licence number (the licence rule), and a worker's name
// (the status page's search, person-search.ts). All of it in the database, each through an index
// (decision 053): every application with personal data is searched, and the count is exact.
import { parseApplicationReference } from '#shared/domain/application-reference.ts';
import { normalisePassportNumber } from '#shared/domain/passport-number.ts';
import { comparableCosReference } from '#shared/journey/same-cos-reference.ts';
import { personSearchTerms } from '#shared/search/person-search.ts';
import { hasForbiddenCharacters } from '#shared/validation/characters.ts';
import { normaliseLicenceNumber } from '#shared/validation/licence-number.ts';
import { searchCases, type SearchMatch, type SearchTerms } from '../../db/casework-repository.ts';
import type { Database } from '../../db/database.ts';
import { toSummary, type CaseSummary } from './queue.ts';
import type { InvalidInput } from './staff-inputs.ts';

export type { SearchMatch } from '../../db/casework-repository.ts';

/** The most results answered; `total` says how many there were. */
export const MAX_SEARCH_RESULTS = 50;
/** The longest query read. */
const MAX_QUERY_LENGTH = 200;

export interface SearchHit extends CaseSummary {
  /** What the query matched, in the order tried. */
  readonly matchedBy: readonly SearchMatch[];
}

export type SearchResult =
  | {
      readonly outcome: 'ok';
      /** Reference matches first, then the others, newest first within each; at most MAX_SEARCH_RESULTS. */
      readonly hits: SearchHit[];
      /** True when more applications matched than MAX_SEARCH_RESULTS. */
      readonly more: boolean;
      /** How many applications matched in all, every application with personal data searched. */
      readonly total: number;
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

  const reference = parseApplicationReference(query);
  // An id from before references is looked up as typed, as the CLI does.
  const applicantIds = [...new Set([reference ?? query, query])];
  const terms = personSearchTerms(query);
  // A whole reference that was found is what was meant: names are not looked at then.
  const name = terms === undefined ? undefined : { ...terms, unlessReferenceFound: reference };
  const found = await searchCases(deps.database, { applicantIds, ...numberTerms(query), name }, MAX_SEARCH_RESULTS);
  return {
    outcome: 'ok',
    hits: found.rows.map(({ matchedBy, ...row }) => ({ ...toSummary(row, deps.now()), matchedBy })),
    more: found.total > MAX_SEARCH_RESULTS,
    total: found.total,
  };
}

/** The numbers the query can stand for; each is left out when the query cannot be one. */
function numberTerms(query: string): Pick<SearchTerms, 'cos' | 'passportNumber' | 'licence'> {
  const cos = comparableCosReference(query);
  const licence = normaliseLicenceNumber(query);
  return {
    cos: cos === '' ? undefined : cos,
    passportNumber: normalisePassportNumber(query),
    licence: licence === '' ? undefined : licence,
  };
}
