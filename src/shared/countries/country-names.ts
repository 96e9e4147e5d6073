// A country's name in each language of the service (decision 031): the list's English name, and
// the CLDR names of country-names-cy.ts and country-names-ar.ts (generated from Intl.DisplayNames
// by scripts/generate-country-names.ts). Names are for showing and searching only: the answer
// sent and stored stays the list's "USA - American", and the documents stay in English.
import type { Language } from '../i18n/languages.ts';
import { findCountry, type Country } from './countries.ts';
import { COUNTRY_NAMES_AR } from './country-names-ar.ts';
import { COUNTRY_NAMES_CY } from './country-names-cy.ts';

const NAMES: Readonly<Record<Exclude<Language, 'en'>, Readonly<Record<string, readonly string[]>>>> = {
  cy: COUNTRY_NAMES_CY,
  ar: COUNTRY_NAMES_AR,
};

/** Every CLDR name of a country in Welsh and Arabic (standard and short), for the search. */
export function otherLanguageNames(country: Country): string[] {
  return Object.values(NAMES).flatMap((names) => names[country.alpha_3_code] ?? []);
}

/** The country's standard name in `language`: CLDR's in Welsh and Arabic, the list's in English or where CLDR has none. */
export function countryName(country: Country, language: Language): string {
  if (language === 'en') return country.en_short_name;
  return NAMES[language][country.alpha_3_code]?.[0] ?? country.en_short_name;
}

/**
 * How a nationality answer is shown in `language`. In English the list's option as it is ("USA -
 * American"); in Welsh and Arabic the code and the country's name ("USA - Yr Unol Daleithiau"),
 * as CLDR names countries but has no nationality adjectives in those languages. An answer the
 * list does not know is shown as it is.
 */
export function nationalityLabel(value: string, language: Language): string {
  const country = findCountry(value);
  if (country === undefined || language === 'en') return value;
  return `${country.alpha_3_code} - ${countryName(country, language)}`;
}

/** The labels of a country's option in Welsh and Arabic, for the search (typed or pasted back into the box). */
export function otherLanguageLabels(country: Country): string[] {
  return (['cy', 'ar'] as const).map((language) => nationalityLabel(country.nationality_prefixed, language));
}
