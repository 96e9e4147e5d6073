// The country list and the nationality eligibility, from the reference
// data in sources/ (see sources/SOURCES.md and the generated country-data.ts).
import { COUNTRY_ROWS, VISA_NATIONAL_ROWS } from './country-data.ts';

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

/** The three-letter codes of visa nationals, Kosovo's XKX included although it has no ISO entry. */
const VISA_NATIONAL_CODES: ReadonlySet<string> = new Set(VISA_NATIONAL_ROWS.map((row) => row.alpha_3_code));

const BRITISH = 'GBR';

/** Every country of the list, in the order of the CSV file. */
export const COUNTRIES: readonly Country[] = COUNTRY_ROWS.map((row) => ({
  ...row,
  nationality_prefixed: `${row.alpha_3_code} - ${row.nationality}`,
  isEligible: row.alpha_3_code !== BRITISH && !VISA_NATIONAL_CODES.has(row.alpha_3_code),
}));

const byCode = new Map<string, Country>();
for (const country of COUNTRIES) {
  byCode.set(country.alpha_3_code, country);
  byCode.set(country.alpha_2_code, country);
}

/** The code a nationality answer is matched by: the text before " - ", trimmed and in capitals ("fra - French" → "FRA"). */
export function nationalityCode(value: string): string {
  const separator = value.indexOf(' - ');
  return (separator === -1 ? value : value.slice(0, separator)).trim().toUpperCase();
}

/** The country of a nationality answer, by its three- or two-letter code; undefined when unknown. */
export function findCountry(value: string | undefined): Country | undefined {
  if (value === undefined) return undefined;
  const code = nationalityCode(value);
  return code.length === 2 || code.length === 3 ? byCode.get(code) : undefined;
}

/** Eligibility: empty counts as eligible (nothing to warn about yet), unknown as ineligible. */
export function isEligibleNationality(value: string | undefined): boolean {
  if (value === undefined || value.trim() === '') return true;
  return findCountry(value)?.isEligible ?? false;
}

/** True for a British nationality (GBR or GB), whose holders do not need the concession. */
export function isBritish(value: string | undefined): boolean {
  return findCountry(value)?.alpha_3_code === BRITISH;
}

/** True for a visa national (who needs the creative worker visa instead); false when unknown. */
export function needsVisa(value: string | undefined): boolean {
  if (value === undefined) return false;
  // Kosovo (XKX) is a visa national without an entry in the ISO list, so the code is tried first.
  const code = nationalityCode(value);
  return VISA_NATIONAL_CODES.has(code) || VISA_NATIONAL_CODES.has(findCountry(value)?.alpha_3_code ?? '');
}

/** Why a nationality answer is or is not eligible: the /ineligible page has a variant for each reason. */
export type NationalityStatus = 'empty' | 'eligible' | 'british' | 'visaNational' | 'unknown';

/** Sorts a nationality answer into the cases the pages treat differently. */
export function nationalityStatus(value: string | undefined): NationalityStatus {
  if (value === undefined || value.trim() === '') return 'empty';
  if (isBritish(value)) return 'british';
  if (needsVisa(value)) return 'visaNational';
  return findCountry(value) === undefined ? 'unknown' : 'eligible';
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
