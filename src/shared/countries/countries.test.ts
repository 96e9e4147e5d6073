import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry, sentenceDemonym } from './countries.ts';
import {
  isBritish,
  isEligibleNationality,
  nationalityCode,
  nationalityStatus,
  needsVisa,
} from './nationality-rules.ts';

describe('the country list', () => {
  it('has the entries of the reference country list', () => {
    expect(COUNTRIES.find((c) => c.alpha_3_code === 'FRA')).toEqual({
      num_code: '250',
      alpha_2_code: 'FR',
      alpha_3_code: 'FRA',
      en_short_name: 'France',
      nationality: 'French',
      nationality_prefixed: 'FRA - French',
      isEligible: true,
    });
    expect(findCountry('AZE')?.nationality_prefixed).toBe('AZE - Azerbaijani, Azeri');
  });

  it('marks visa nationals and the UK as not eligible', () => {
    const ineligible = COUNTRIES.filter((c) => !c.isEligible).map((c) => c.alpha_3_code);
    for (const code of ['GBR', 'RUS', 'CHN', 'IND', 'NGA', 'AFG', 'PAK', 'TUR', 'COL', 'NIC', 'LCA', 'TWN']) {
      expect(ineligible).toContain(code);
    }
    for (const code of ['IRL', 'USA', 'FRA', 'AUS', 'JPN', 'BRA', 'CAN', 'HKG', 'MAC']) {
      expect(ineligible).not.toContain(code);
    }
    // 113 visa nationals are in the ISO list (Kosovo is not), plus the UK.
    expect(ineligible).toHaveLength(114);
  });
});

describe('isEligibleNationality', () => {
  it.each([
    ['FRA - French', true],
    ['FR - French', true],
    ['FRA', true],
    ['fra - French', true],
    ['  USA - American  ', true],
    ['IRL - Irish', true],
    ['', true],
    ['   ', true],
    [undefined, true],
    ['GBR - British, UK', false],
    ['GB', false],
    ['RUS - Russian', false],
    ['CHN - Chinese', false],
    ['IN - Indian', false],
    ['XKX - Kosovar', false],
    ['ZZZ - Nowhere', false],
    ['France', false],
    ['French', false],
  ])('%j → %s', (value, expected) => {
    expect(isEligibleNationality(value)).toBe(expected);
  });

  it('matches by the code before " - ", not by the demonym', () => {
    expect(nationalityCode('COD - Congolese')).toBe('COD');
    expect(nationalityCode('cog')).toBe('COG');
    expect(nationalityCode('GNB - Bissau-Guinean')).toBe('GNB');
    expect(findCountry('COG - anything')?.en_short_name).toBe('Congo (Republic of the)');
    expect(findCountry('USA - Nonsense')?.alpha_2_code).toBe('US');
    expect(findCountry('UNITED KINGDOM')).toBeUndefined();
    expect(findCountry(undefined)).toBeUndefined();
  });
});

describe('nationality helpers for the warnings', () => {
  it('knows British nationals', () => {
    expect(isBritish('GBR - British, UK')).toBe(true);
    expect(isBritish('gb')).toBe(true);
    expect(isBritish('IRL - Irish')).toBe(false);
    expect(isBritish(undefined)).toBe(false);
  });

  it('knows visa nationals, Kosovo included', () => {
    expect(needsVisa('IND - Indian')).toBe(true);
    expect(needsVisa('IN')).toBe(true);
    expect(needsVisa('XKX - Kosovar')).toBe(true);
    expect(needsVisa('GBR - British, UK')).toBe(false);
    expect(needsVisa('FRA - French')).toBe(false);
    expect(needsVisa('ZZZ')).toBe(false);
    expect(needsVisa(undefined)).toBe(false);
  });

  it('sorts answers into the cases the pages show', () => {
    expect(nationalityStatus('')).toBe('empty');
    expect(nationalityStatus(undefined)).toBe('empty');
    expect(nationalityStatus('FRA - French')).toBe('eligible');
    expect(nationalityStatus('GBR - British, UK')).toBe('british');
    expect(nationalityStatus('RUS - Russian')).toBe('visaNational');
    expect(nationalityStatus('XKX')).toBe('visaNational');
    expect(nationalityStatus('Atlantis')).toBe('unknown');
  });
});

describe('sentenceDemonym', () => {
  const of = (code: string) => sentenceDemonym(findCountry(code)!);

  it('takes the first of several demonyms', () => {
    expect(of('GBR')).toBe('British');
    expect(of('AZE')).toBe('Azerbaijani');
    expect(of('NZL')).toBe('New Zealand');
    expect(of('HKG')).toBe('Hong Kong');
    expect(of('WLF')).toBe('Wallis and Futuna');
    expect(of('FRA')).toBe('French');
  });

  it('replaces a first demonym that would be wrong or a noun', () => {
    expect(of('TWN')).toBe('Taiwanese');
    expect(of('BWA')).toBe('Botswanan');
  });

  it('gives every country a clean form: no list, no brackets, no spare spaces', () => {
    const unclean = COUNTRIES.map(sentenceDemonym).filter(
      (demonym) => demonym === '' || /[,;()/]|\s{2}/.test(demonym) || demonym !== demonym.trim(),
    );
    expect(unclean).toEqual([]);
  });

  it('gives "British" for every nationality the British warning can show', () => {
    const british = COUNTRIES.filter((country) => nationalityStatus(country.nationality_prefixed) === 'british');
    expect(british.map(sentenceDemonym)).toEqual(['British']);
  });
});
