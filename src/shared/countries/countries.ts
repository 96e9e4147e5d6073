// The country list with its names, from the reference data in sources/ (see sources/SOURCES.md
// and the generated country-data.ts); the eligibility rules are in nationality-rules.ts.
import { COUNTRY_ROWS } from './country-data.ts';
import { isEligibleCode, listedCountryCode } from './nationality-rules.ts';

/** A country list entry: the CSV row plus the picker value and eligibility. */
export interface Country {
  readonly num_code: string;
  readonly alpha_2_code: string;
  readonly alpha_3_code: string;
  readonly en_short_name: string;
  readonly nationality: string;
  /** "ABC - Demonym", the value the nationality picker offers and the form holds. */
  readonly nationality_prefixed: string;
  /** Not a visa national and not British. */
  readonly isEligible: boolean;
}

/** Every country of the list, in the order of the CSV file. */
export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map((row) => ({
  ...row,
  nationality_prefixed: `${row.alpha_3_code} - ${row.nationality}`,
  isEligible: isEligibleCode(row.alpha_3_code),
}));

const byCode = new Map<string, Country>(COUNTRIES.map((country) => [country.alpha_3_code, country]));

/** The country of a nationality answer, by its three- or two-letter code; undefined when unknown. */
export function findCountry(value: string | undefined): Country | undefined {
  const code = listedCountryCode(value);
  return code === undefined ? undefined : byCode.get(code);
}

// Demonyms the list gives in a form that does not fit a sentence: the first of several would be
// wrong (Taiwan's "Chinese", which is China's) or a noun for a person (Botswana's "Motswana").
const SENTENCE_DEMONYMS: Readonly<Record<string, string>> = {
  TWN: 'Taiwanese',
  BWA: 'Botswanan',
};

/** The demonym to use in a sentence ("British passport holders …"): the list's first demonym ("British" of "British, UK"), or a better one where that does not fit. */
export function sentenceDemonym(country: Country): string {
  return SENTENCE_DEMONYMS[country.alpha_3_code] ?? country.nationality.split(',')[0]!.trim();
}
