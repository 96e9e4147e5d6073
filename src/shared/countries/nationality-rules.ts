// The nationality rules (eligible, British, visa national, unknown), from the codes alone
// (nationality-codes.ts): the question pages check them without loading the countries' names.
import { COUNTRY_CODES, VISA_NATIONAL_CODES } from './nationality-codes.ts';

/** The three-letter codes of visa nationals, Kosovo's XKX included although it has no ISO entry. */
const VISA_NATIONALS: ReadonlySet<string> = new Set(VISA_NATIONAL_CODES);

/** The three-letter code of British nationality. */
const BRITISH = 'GBR';

const alpha3ByCode = new Map<string, string>();
for (const [alpha3, alpha2] of COUNTRY_CODES) {
  alpha3ByCode.set(alpha3, alpha3);
  alpha3ByCode.set(alpha2, alpha3);
}

/** The code a nationality answer is matched by: the text before " - ", trimmed and in capitals ("fra - French" → "FRA"). */
export function nationalityCode(value: string): string {
  const separator = value.indexOf(' - ');
  return (separator === -1 ? value : value.slice(0, separator)).trim().toUpperCase();
}

/** The three-letter code of the listed country of a nationality answer, by its three- or two-letter code; undefined when unknown. */
export function listedCountryCode(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const code = nationalityCode(value);
  return code.length === 2 || code.length === 3 ? alpha3ByCode.get(code) : undefined;
}

/** A listed country whose nationals may use the concession: not a visa national and not British. */
export function isEligibleCode(alpha3: string): boolean {
  return alpha3 !== BRITISH && !VISA_NATIONALS.has(alpha3);
}

/** Eligibility: empty counts as eligible (nothing to warn about yet), unknown as ineligible. */
export function isEligibleNationality(value: string | undefined): boolean {
  if (value === undefined || value.trim() === '') return true;
  const code = listedCountryCode(value);
  return code !== undefined && isEligibleCode(code);
}

/** True for a British nationality (GBR or GB), whose holders do not need the concession. */
export function isBritish(value: string | undefined): boolean {
  return listedCountryCode(value) === BRITISH;
}

/** True for a visa national (who needs the creative worker visa instead); false when unknown. */
export function needsVisa(value: string | undefined): boolean {
  if (value === undefined) return false;
  // Kosovo (XKX) is a visa national without an entry in the ISO list, so the code is tried first.
  return VISA_NATIONALS.has(nationalityCode(value)) || VISA_NATIONALS.has(listedCountryCode(value) ?? '');
}

/** Why a nationality answer is or is not eligible: the /ineligible page has a variant for each reason. */
export type NationalityStatus = 'empty' | 'eligible' | 'british' | 'visaNational' | 'unknown';

/** Sorts a nationality answer into the cases the pages treat differently. */
export function nationalityStatus(value: string | undefined): NationalityStatus {
  if (value === undefined || value.trim() === '') return 'empty';
  if (isBritish(value)) return 'british';
  if (needsVisa(value)) return 'visaNational';
  return listedCountryCode(value) === undefined ? 'unknown' : 'eligible';
}
