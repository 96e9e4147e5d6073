// /nationality: a <select> of every nationality, enhanced by GOV.UK's accessible-autocomplete
// (loaded with this page only), which finds a country by its name, other names, demonyms and
// codes while offering and sending the reference list's "USA - American" (decision 016); in Welsh
// and Arabic an option shows the code and the country's CLDR name (decision 031). Without
// JavaScript enhancement the select still works. A British or visa nationality shows its warning
// as soon as it is chosen; submitting an ineligible one leads to /ineligible (the step decides).
import { useRef, useState } from 'react';
import { COUNTRIES, findCountry, sentenceDemonym, type Country } from '#shared/countries/countries.ts';
import { nationalityStatus } from '#shared/countries/nationality-rules.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { nationalityLabel } from '#shared/countries/country-names.ts';
import { findCountryByText, searchCountries } from '#shared/countries/country-search.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { messageKey } from '#shared/validation/messages.ts';
import { Select } from '../../components/govuk/select/select.tsx';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { FIELD_HINT_KEYS } from '#shared/journey/answer-texts.ts';
import { LIST_HINT_KEYS } from './field-texts.ts';
import { useJourney } from './journey-store.ts';
import { usePreloadPages } from '../../shell/lazy-page.ts';
import { destinationsOf } from './preload-next.ts';
import { QuestionPage } from './question-page.tsx';
import { useSelectAutocomplete } from './use-select-autocomplete.ts';

// Without JavaScript the select is all there is: its options are in the alphabetical order, in the
// page's language, of the name each shows after its code ("American" of "USA - American", "Yr
// Almaen" of "DEU - Yr Almaen"), not in the order of the codes.
const shownName = (value: string, language: Language) => nationalityLabel(value, language).replace(/^[A-Z]{3} - /, '');
const sorted = new Map<Language, readonly Country[]>();
function optionsIn(language: Language): readonly Country[] {
  let options = sorted.get(language);
  if (options === undefined) {
    const collator = new Intl.Collator(language);
    const named = COUNTRIES.map((country) => ({ country, name: shownName(country.nationality_prefixed, language) }));
    options = named.sort((a, b) => collator.compare(a.name, b.name)).map(({ country }) => country);
    sorted.set(language, options);
  }
  return options;
}

export function NationalityPage() {
  const { t, language } = useTranslation();
  const { state } = useJourney();
  const saved = answersOf(state.current).nationality ?? '';
  const rule = state.errors.nationality?.nationality;
  const [chosen, setChosen] = useState(saved);
  const selectRef = useRef<HTMLSelectElement>(null);
  const title = t('pages.nationality');
  // Text that names no country empties the answer ("Enter a country"): an unknown nationality
  // must not reach the eligibility rule, which would call it ineligible.
  const { enhanced } = useSelectAutocomplete(selectRef, {
    search: (query) => searchCountries(query).map((c) => c.nationality_prefixed),
    lookup: (typed) => findCountryByText(typed)?.nationality_prefixed,
    onChange: setChosen,
    // In Welsh and Arabic a country shows by its CLDR name; the value sent stays "USA - American".
    label: (value) => nationalityLabel(value, language),
  });

  const status = chosen === '' ? 'empty' : nationalityStatus(chosen);
  // Where Continue leads depends on the nationality being chosen, not the one saved.
  usePreloadPages(destinationsOf('/nationality', { ...answersOf(state.current), nationality: chosen }));
  const country = findCountry(chosen);
  const hintKey = FIELD_HINT_KEYS.nationality!;

  return (
    <QuestionPage path="/nationality" title={title} headingInField>
      <Select
        ref={selectRef}
        name="nationality"
        label={{ text: title, isPageHeading: true, classes: 'govuk-label--l' }}
        hint={{ text: t(enhanced ? hintKey : LIST_HINT_KEYS.nationality) }}
        errorMessage={rule === undefined ? undefined : fieldError(t, t(messageKey('nationality', rule)))}
        // Controlled by what is chosen: the select, or the autocomplete through onChange above.
        value={findCountry(chosen)?.nationality_prefixed ?? ''}
        onChange={(event) => setChosen(event.currentTarget.value)}
        items={[
          { value: '', text: t('apply.nationality.choose') },
          ...optionsIn(language).map((c) => ({
            value: c.nationality_prefixed,
            text: nationalityLabel(c.nationality_prefixed, language),
          })),
        ]}
      />
      <div aria-live="polite">
        {status === 'british' && (
          <WarningText
            text={t('apply.nationality.british', {
              nationality: country === undefined ? chosen : sentenceDemonym(country),
            })}
            iconFallbackText={t('common.warning')}
          />
        )}
        {status === 'visaNational' && (
          <WarningText
            html={<RenderedText html={t('apply.nationality.visaNational')} inline />}
            iconFallbackText={t('common.warning')}
          />
        )}
      </div>
    </QuestionPage>
  );
}
