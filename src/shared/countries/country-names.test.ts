import { describe, expect, it } from 'vitest';
// The committed modules as text, through Vite's `?raw`, as country-data.test.ts reads its module.
import generatedAr from './country-names-ar.ts?raw';
import generatedCy from './country-names-cy.ts?raw';
import { cldrVersion, renderCountryNames } from '../../../scripts/generate-country-names.ts';
import { COUNTRIES, findCountry } from './countries.ts';
import { COUNTRY_NAMES_AR } from './country-names-ar.ts';
import { COUNTRY_NAMES_CY } from './country-names-cy.ts';
import { countryName, nationalityLabel } from './country-names.ts';

const germany = findCountry('DEU')!;

describe('the countries’ Welsh and Arabic names (decision 031)', () => {
  it.each([
    ['cy', generatedCy],
    ['ar', generatedAr],
  ] as const)(
    'in %s are what the generator writes from this CLDR (run `npx tsx scripts/generate-country-names.ts` when this fails)',
    (language, text) => {
      const version = /^\/\/ CLDR (.+)$/m.exec(text)?.[1];
      // Another Node.js may carry another CLDR, whose names may differ: the module is compared
      // only with the CLDR it was written from.
      if (version !== cldrVersion()) return;
      expect(text).toBe(renderCountryNames(language, version));
    },
  );

  it('names every country of the list in both languages', () => {
    for (const country of COUNTRIES) {
      expect(COUNTRY_NAMES_CY[country.alpha_3_code]?.[0], country.alpha_3_code).toBeTruthy();
      expect(COUNTRY_NAMES_AR[country.alpha_3_code]?.[0], country.alpha_3_code).toBeTruthy();
    }
    expect(COUNTRY_NAMES_CY.DEU).toEqual(['Yr Almaen']);
    expect(COUNTRY_NAMES_AR.DEU).toEqual(['ألمانيا']);
  });

  it('shows a country and a nationality in the page’s language, the English ones as the list has them', () => {
    expect(countryName(germany, 'en')).toBe('Germany');
    expect(countryName(germany, 'cy')).toBe('Yr Almaen');
    expect(countryName(germany, 'ar')).toBe('ألمانيا');
    expect(nationalityLabel('DEU - German', 'en')).toBe('DEU - German');
    expect(nationalityLabel('DEU - German', 'cy')).toBe('DEU - Yr Almaen');
    expect(nationalityLabel('DEU - German', 'ar')).toBe('DEU - ألمانيا');
    expect(nationalityLabel('XYZ - Nowhere', 'ar')).toBe('XYZ - Nowhere');
  });
});
