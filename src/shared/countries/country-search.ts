// Finding a country from what is typed in the nationality picker (decision 016): by the option
// the picker shows ("USA - American"), the codes, the list's name, the demonyms and the other
// names of country-synonyms.ts, whatever the case or accents. The answer is always a country of
// the list, so the option shown and the value sent keep the "USA - American" form of the reference list.
// A country is found by its names in English, Welsh and Arabic whatever the page's language, and a
// Welsh or Arabic nationality adjective by the name it is made from (decision 031).
import { COUNTRIES, sentenceDemonym, type Country } from './countries.ts';
import { otherLanguageLabels, otherLanguageNames } from './country-names.ts';
import { COUNTRY_SYNONYMS } from './country-synonyms.ts';
import { adjectiveStems, rankEntries, searchKey, type SearchName } from './search-text.ts';

// How much each kind of name counts, most first. Typed text that is exactly a name finds the
// countries at the best weight any of them has there: "Korea" is a synonym of South Korea (1)
// and the short name of both Koreas (3), so it is South Korea; "Chinese" is China's demonym (2)
// and a second demonym of Taiwan and Macao (3), so it is China.
const WEIGHT = { option: 0, code: 0, name: 1, synonym: 1, demonym: 2, otherDemonym: 3, shortName: 3 } as const;

// "Korea (Republic of)" → "Korea", "Palestine, State of" → "Palestine".
const shortName = (name: string) =>
  name
    .replace(/\s*\(.*\)\s*/g, ' ')
    .replace(/,.*$/, '')
    .trim();

// The Welsh article before a name ("Yr Almaen", "Y Swistir") and the Arabic one ("العراق").
const withoutArticle = (name: string) => name.replace(/^(yr|y) /i, '').replace(/^\u0627\u0644(?=\S{3})/u, '');

function namesOf(country: Country): SearchName[] {
  const sentence = sentenceDemonym(country);
  const names: { text: string; weight: number }[] = [
    { text: country.nationality_prefixed, weight: WEIGHT.option },
    { text: country.alpha_3_code, weight: WEIGHT.code },
    { text: country.alpha_2_code, weight: WEIGHT.code },
    ...otherLanguageLabels(country).map((text) => ({ text, weight: WEIGHT.option })),
    { text: country.en_short_name, weight: WEIGHT.name },
    ...otherLanguageNames(country).flatMap((text) => [
      { text, weight: WEIGHT.name },
      // Without the article people leave out: "Almaen" of "Yr Almaen", "عراق" of "العراق".
      ...(withoutArticle(text) === text ? [] : [{ text: withoutArticle(text), weight: WEIGHT.shortName }]),
    ]),
    ...(COUNTRY_SYNONYMS[country.alpha_3_code] ?? []).map((text) => ({ text, weight: WEIGHT.synonym })),
    { text: sentence, weight: WEIGHT.demonym },
    ...country.nationality
      .split(',')
      .map((text) => ({ text, weight: text.trim() === sentence ? WEIGHT.demonym : WEIGHT.otherDemonym })),
    { text: shortName(country.en_short_name), weight: WEIGHT.shortName },
  ];
  return names.map(({ text, weight }) => ({ key: searchKey(text), weight }));
}

// In the picker's order, so that equal matches and an empty query come out as the options do.
const BY_OPTION = [...COUNTRIES].sort((a, b) => a.nationality_prefixed.localeCompare(b.nationality_prefixed));
const NAMES = new Map(BY_OPTION.map((country) => [country, namesOf(country)]));

// Every name → the countries it names, each at the best weight it has there.
const byName = new Map<string, Map<Country, number>>();
for (const [country, names] of NAMES) {
  for (const { key, weight } of names) {
    const countries = byName.get(key) ?? new Map<Country, number>();
    countries.set(country, Math.min(weight, countries.get(country) ?? Infinity));
    byName.set(key, countries);
  }
}

/** The one country that typed text names exactly (an option, code, name, other name or demonym; any case or accents); undefined when none, or when the text names several equally ("Congolese"). */
export function findCountryByText(text: string): Country | undefined {
  const countries = byName.get(searchKey(text));
  if (countries === undefined) return undefined;
  const best = Math.min(...countries.values());
  const named = [...countries].filter(([, weight]) => weight === best);
  return named.length === 1 ? named[0]![0] : undefined;
}

/** The countries that match typed text, best first: the one it names exactly, then by how well and by which name they match; every country, in the picker's order, for empty text. */
export function searchCountries(query: string): readonly Country[] {
  // The picker's order says nothing about a country, so a closer name decides first.
  const key = searchKey(query);
  const ranked = rankEntries(key, BY_OPTION, (country) => NAMES.get(country) ?? [], true, adjectiveStems(key));
  const exact = findCountryByText(query);
  return exact === undefined ? ranked : [exact, ...ranked.filter((country) => country !== exact)];
}
