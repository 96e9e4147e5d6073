// /travel-details: where from in Ireland, when, how, where to in the UK; the flight operator and
// number are asked (and required) only for a plane, inside the "By plane" choice.
import { PLACES_OF_DEPARTURE, PORTS_OF_ARRIVAL, type Place } from '#shared/countries/places.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { OPTION_KEYS } from './field-texts.ts';
import { DateField, QuestionPage, RadioField, TextField } from './question-page.tsx';

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
  return (
    <QuestionPage path="/travel-details" title={t('pages.travelDetails')}>
      <TextField field="port-of-departure" autocomplete="off" attributes={{ list: 'places-of-departure' }} />
      <PlaceSuggestions id="places-of-departure" places={PLACES_OF_DEPARTURE} />
      <DateField field="date-of-arrival" hintText={t('apply.futureDateHint')} />
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
                  <TextField field="flight-number" classes="govuk-input--width-10" autocomplete="off" spellcheck={false} autocapitalize="characters" />
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
