// /travel-details: where from in Ireland (a listed place, picked with the autocomplete), when,
// how, where to in the UK (free text with suggestions); the flight operator and number are asked
// (and required) only for a plane, inside the "By plane" choice.
import { PORTS_OF_ARRIVAL, type Place } from '#shared/countries/places.ts';
import { useState } from 'react';
import { answersOf } from '#shared/journey/form-state.ts';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { OPTION_KEYS } from '#shared/journey/answer-texts.ts';
import { useJourney } from './journey-store.ts';
import { LateArrivalWarning } from './late-arrival-warning.tsx';
import { PlaceOfDepartureField } from './place-of-departure-field.tsx';
import { DateField, QuestionPage, RadioField, TextField, readAnswers } from './question-page.tsx';

/** Suggestions for a free-text place: the browser offers them as the user types. */
function PlaceSuggestions({ id, places }: { id: string; places: readonly Place[] }) {
  return (
    <datalist id={id}>
      {places.map((place) => (
        <option key={place.name} value={place.name} />
      ))}
    </datalist>
  );
}

export function TravelDetailsPage() {
  const { t } = useTranslation();
  const { state } = useJourney();
  // The late-arrival warning follows the arrival date as it is typed.
  const [arrival, setArrival] = useState(() => answersOf(state.current)['date-of-arrival']);
  return (
    <QuestionPage
      path="/travel-details"
      title={t('pages.travelDetails')}
      intro={
        state.reusedTravelDidNotFit && (
          <WarningText text={t('apply.travel.reusedDidNotFit')} iconFallbackText={t('common.warning')} />
        )
      }
      onInput={(form) => setArrival(readAnswers(form, ['date-of-arrival'])['date-of-arrival'])}
    >
      <PlaceOfDepartureField />
      <DateField field="date-of-arrival" hintText={t('apply.futureDateHint')} />
      <div aria-live="polite">
        <LateArrivalWarning arrival={arrival} />
      </div>
      <RadioField
        field="method-of-arrival"
        items={[
          {
            value: 'plane',
            text: t(OPTION_KEYS.plane),
            conditional: {
              html: (
                <>
                  <TextField field="carrier" autocomplete="off" />
                  <TextField
                    field="flight-number"
                    classes="govuk-input--width-10"
                    autocomplete="off"
                    spellcheck={false}
                    autocapitalize="characters"
                  />
                </>
              ),
            },
          },
          { value: 'road', text: t(OPTION_KEYS.road) },
        ]}
      />
      <TextField field="port-of-arrival" autocomplete="off" attributes={{ list: 'ports-of-arrival' }} />
      <PlaceSuggestions id="ports-of-arrival" places={PORTS_OF_ARRIVAL} />
    </QuestionPage>
  );
}
