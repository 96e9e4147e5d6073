// The place of departure on /travel-details: a <select> of the shared list of places in Ireland
// (value: the place's own name, which the answer stores; text: its name in the page's language
// where it has one, "Maes Awyr Dulyn"), enhanced by accessible-autocomplete like the
// nationality, finding a place by its other names ("Baile Átha Cliath", "DUB T2"). Text that
// names no place is kept as the answer, so the shared rule refuses it on the page with the
// message the server would give (decision 007).
import { useRef, useState } from 'react';
import {
  PLACES_OF_DEPARTURE,
  findPlaceOfDeparture,
  placeOfDepartureLabel,
  searchPlacesOfDeparture,
} from '#shared/countries/places.ts';
import { Select } from '../../components/govuk/select/select.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { LIST_HINT_KEYS } from './field-texts.ts';
import { useField } from './question-page.tsx';
import { useSelectAutocomplete } from './use-select-autocomplete.ts';

const FIELD = 'port-of-departure';
// Sorted by name in the page's language, so that the plain select is usable too; the autocomplete
// offers airports and ports first.
const sorted = new Map<Language, ReadonlyArray<{ value: string; text: string }>>();
function optionsIn(language: Language) {
  let options = sorted.get(language);
  if (options === undefined) {
    const { compare } = new Intl.Collator(language);
    options = PLACES_OF_DEPARTURE.map(({ name }) => ({
      value: name,
      text: placeOfDepartureLabel(name, language),
    })).sort((a, b) => compare(a.text, b.text));
    sorted.set(language, options);
  }
  return options;
}

/** The place-of-departure question: a listed place in Ireland, picked with the autocomplete. */
export function PlaceOfDepartureField() {
  const { t, language } = useTranslation();
  const { value, label, hint, errorMessage } = useField(FIELD);
  const saved = typeof value === 'string' ? value.trim() : '';
  const listed = findPlaceOfDeparture(saved)?.name;
  // An answer that names no place (typed, refused, then reloaded) stays what the box shows.
  const [unlisted, setUnlisted] = useState(listed === undefined ? saved : '');
  const selectRef = useRef<HTMLSelectElement>(null);
  const { enhanced } = useSelectAutocomplete(selectRef, {
    search: (query) => searchPlacesOfDeparture(query).map((place) => place.name),
    lookup: (typed) => findPlaceOfDeparture(typed)?.name,
    keepUnlisted: setUnlisted,
    label: (value) => placeOfDepartureLabel(value, language),
  });

  return (
    <Select
      ref={selectRef}
      name={FIELD}
      value={listed ?? saved}
      label={{ text: label }}
      // Without the autocomplete, the hint says to choose from the list rather than to type.
      hint={enhanced ? hint : { text: t(LIST_HINT_KEYS[FIELD]) }}
      errorMessage={errorMessage}
      items={[
        { value: '', text: t('apply.placeOfDeparture.choose') },
        ...optionsIn(language),
        unlisted !== '' && { value: unlisted, text: unlisted },
      ]}
    />
  );
}
