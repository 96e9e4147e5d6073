import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry } from './countries.ts';
import { findCountryByText, searchCountries } from './country-search.ts';
import { countryName } from './country-names.ts';
import { COUNTRY_SYNONYMS } from './country-synonyms.ts';

const option = (text: string) => findCountryByText(text)?.nationality_prefixed;
const options = (query: string) => searchCountries(query).map((country) => country.nationality_prefixed);

describe('findCountryByText', () => {
  it('finds every country by its name, its codes and its option, in any case', () => {
    for (const country of COUNTRIES) {
      for (const text of [
        country.en_short_name,
        country.alpha_3_code,
        country.alpha_2_code,
        country.nationality_prefixed,
        country.en_short_name.toUpperCase(),
        country.alpha_3_code.toLowerCase(),
      ]) {
        expect(findCountryByText(text), `${country.alpha_3_code}: ${text}`).toBe(country);
      }
    }
  });

  it.each([
    ['United States', 'USA - American'],
    ['united states of america', 'USA - American'],
    ['America', 'USA - American'],
    ['US', 'USA - American'],
    ['U.S.A.', 'USA - American'],
    ['American', 'USA - American'],
    ['Ireland', 'IRL - Irish'],
    ['Éire', 'IRL - Irish'],
    ['Irish', 'IRL - Irish'],
    ['Great Britain', 'GBR - British, UK'],
    ['United Kingdom', 'GBR - British, UK'],
    ['UK', 'GBR - British, UK'],
    ['England', 'GBR - British, UK'],
    ['Scotland', 'GBR - British, UK'],
    ['Wales', 'GBR - British, UK'],
    ['Northern Ireland', 'GBR - British, UK'],
    ['British', 'GBR - British, UK'],
    ['Holland', 'NLD - Dutch, Netherlandic'],
    ['the netherlands', 'NLD - Dutch, Netherlandic'],
    ['Dutch', 'NLD - Dutch, Netherlandic'],
    ['South Korea', 'KOR - South Korean'],
    ['Korea', 'KOR - South Korean'],
    ['North Korea', 'PRK - North Korean'],
    ['Russia', 'RUS - Russian'],
    ['Iran', 'IRN - Iranian, Persian'],
    ['Vietnam', 'VNM - Vietnamese'],
    ['Viet Nam', 'VNM - Vietnamese'],
    ['Czechia', 'CZE - Czech'],
    ['Türkiye', 'TUR - Turkish'],
    ['Turkiye', 'TUR - Turkish'],
    ['Turkey', 'TUR - Turkish'],
    ['Eswatini', 'SWZ - Swazi'],
    ['Swaziland', 'SWZ - Swazi'],
    ['North Macedonia', 'MKD - Macedonian'],
    ['Ivory Coast', 'CIV - Ivorian'],
    ["Côte d'Ivoire", 'CIV - Ivorian'],
    ['cote divoire', 'CIV - Ivorian'],
    ['Cape Verde', 'CPV - Cabo Verdean'],
    ['Cabo Verde', 'CPV - Cabo Verdean'],
    ['Burma', 'MMR - Burmese'],
    ['Myanmar', 'MMR - Burmese'],
    ['Bolivia', 'BOL - Bolivian'],
    ['Venezuela', 'VEN - Venezuelan'],
    ['Tanzania', 'TZA - Tanzanian'],
    ['Syria', 'SYR - Syrian'],
    ['Laos', 'LAO - Lao, Laotian'],
    ['Moldova', 'MDA - Moldovan'],
    ['Taiwan', 'TWN - Chinese, Taiwanese'],
    ['Taiwanese', 'TWN - Chinese, Taiwanese'],
    ['Chinese', 'CHN - Chinese'],
    ['Vatican', 'VAT - Vatican'],
    ['Holy See', 'VAT - Vatican'],
    ['Palestine', 'PSE - Palestinian'],
    ['East Timor', 'TLS - Timorese'],
    ['Micronesia', 'FSM - Micronesian'],
    ['DR Congo', 'COD - Congolese'],
    ['Democratic Republic of the Congo', 'COD - Congolese'],
    ['Republic of the Congo', 'COG - Congolese'],
    ['Congo-Brazzaville', 'COG - Congolese'],
    ['  france ', 'FRA - French'],
  ])('%j → %s', (text, expected) => {
    expect(option(text)).toBe(expected);
  });

  it.each([
    // Two countries equally: the user must choose.
    'Congo',
    'Congolese',
    'Dominican',
    'Channel Island',
    'Virgin Islands',
    // Nothing at all.
    'Atlantis',
    'Unit',
    '',
    '   ',
  ])('%j names no one country', (text) => {
    expect(findCountryByText(text)).toBeUndefined();
  });
});

describe('the synonyms table', () => {
  it('names countries of the list, each other name finding its own country', () => {
    for (const [code, names] of Object.entries(COUNTRY_SYNONYMS)) {
      expect(findCountry(code)?.alpha_3_code, code).toBe(code);
      for (const name of names) expect(findCountryByText(name)?.alpha_3_code, name).toBe(code);
    }
  });
});

describe('searchCountries', () => {
  it('offers every country in the picker order for an empty query', () => {
    const all = options('');
    expect(all).toHaveLength(COUNTRIES.length);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
  });

  it.each([
    ['United States', 'USA - American'],
    ['united st', 'USA - American'],
    ['Ireland', 'IRL - Irish'],
    ['Great Britain', 'GBR - British, UK'],
    ['Holland', 'NLD - Dutch, Netherlandic'],
    ['holl', 'NLD - Dutch, Netherlandic'],
    ['South Korea', 'KOR - South Korean'],
    ['Korea', 'KOR - South Korean'],
    ['USA', 'USA - American'],
    ['US', 'USA - American'],
    ['GB', 'GBR - British, UK'],
    ['American', 'USA - American'],
    ['German', 'DEU - German'],
    ['Deutschland', 'DEU - German'],
    ['japan', 'JPN - Japanese'],
    ['ÅLAND', 'ALA - Åland Island'],
    ['aland', 'ALA - Åland Island'],
  ])('puts %j first as %s', (query, expected) => {
    expect(options(query)[0]).toBe(expected);
  });

  it('offers every country a query may mean', () => {
    expect(options('Congo')).toEqual(['COD - Congolese', 'COG - Congolese']);
    expect(options('korea')).toEqual(['KOR - South Korean', 'PRK - North Korean']);
    expect(options('Ireland')).toEqual(['IRL - Irish', 'GBR - British, UK']);
    expect(options('united')).toEqual(
      expect.arrayContaining([
        'USA - American',
        'GBR - British, UK',
        'ARE - Emirati, Emirian, Emiri',
        'UMI - American',
      ]),
    );
    expect(options('Atlantis')).toEqual([]);
  });

  it('finds a country by a word of its name in any order', () => {
    expect(options('republic korea')).toEqual(['KOR - South Korean', 'PRK - North Korean']);
  });
});

describe('names in Welsh and Arabic (decision 031)', () => {
  it.each([
    ['Almaen', 'DEU'],
    ['Yr Almaen', 'DEU'],
    ['yr almaen', 'DEU'],
    ['ألمانيا', 'DEU'],
    ['المانيا', 'DEU'],
    ['اَلْمَانِيَا', 'DEU'],
    ['ألـمـانـيا', 'DEU'],
    ['Yr Unol Daleithiau', 'USA'],
    ['الولايات المتحدة', 'USA'],
    ['أمريكا', 'USA'],
    ['Ffrainc', 'FRA'],
    ['فرنسا', 'FRA'],
    ['Cymru', 'GBR'],
    ['Y Deyrnas Unedig', 'GBR'],
    ['USA - Yr Unol Daleithiau', 'USA'],
    ['USA - الولايات المتحدة', 'USA'],
  ])('finds "%s" exactly, whatever the page’s language', (text, code) => {
    expect(findCountryByText(text)?.alpha_3_code).toBe(code);
    expect(searchCountries(text)[0]?.alpha_3_code).toBe(code);
  });

  it.each([
    ['Almaeneg', 'DEU'],
    ['ألماني', 'DEU'],
    ['الألمانية', 'DEU'],
    ['أمريكي', 'USA'],
    ['عراقي', 'IRQ'],
    ['مصري', 'EGY'],
    ['فرنسي', 'FRA'],
    ['بريطاني', 'GBR'],
  ])('offers first the country a nationality or language "%s" is made from', (text, code) => {
    expect(searchCountries(text)[0]?.alpha_3_code).toBe(code);
  });

  it('finds every country by its Welsh and Arabic CLDR names, the standard one at least first among equals', () => {
    for (const country of COUNTRIES) {
      for (const language of ['cy', 'ar'] as const) {
        const name = countryName(country, language);
        expect(searchCountries(name).slice(0, 3), `${country.alpha_3_code}: ${name}`).toContain(country);
      }
    }
  });

  it('keeps the English results it gave before', () => {
    expect(option('Germany')).toBe('DEU - German');
    expect(options('united st').slice(0, 2)).toEqual(['USA - American', 'UMI - American']);
  });
});
