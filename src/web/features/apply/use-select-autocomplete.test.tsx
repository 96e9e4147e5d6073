import { act, cleanup, fireEvent, render, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { COUNTRIES, sentenceDemonym } from '#shared/countries/countries.ts';
import { nationalityStatus } from '#shared/countries/nationality-rules.ts';
import { findCountryByText, searchCountries } from '#shared/countries/country-search.ts';
import { findPlaceOfDeparture, searchPlacesOfDeparture } from '#shared/countries/places.ts';
import en from '#shared/i18n/translations/en.json';
import { TranslationProvider } from '../../i18n/use-translation.ts';
import { testI18n } from '../../test-support/test-i18n.ts';
import { Select } from '../../components/govuk/select/select.tsx';
import { useSelectAutocomplete, valueForTyped } from './use-select-autocomplete.ts';

const lookup = (typed: string) => findCountryByText(typed)?.nationality_prefixed;

describe('valueForTyped', () => {
  it.each([
    // What the box shows is still the option chosen.
    ['USA - American', 'USA - American', false, 'USA - American'],
    // Typed, not picked: the option the text names.
    ['United States', '', false, 'USA - American'],
    ['  ireland ', '', false, 'IRL - Irish'],
    // Typed over an earlier choice: the text decides, not the old choice.
    ['Holland', 'FRA - French', false, 'NLD - Dutch, Netherlandic'],
    ['Atlantis', 'FRA - French', false, ''],
    ['Atlantis', 'FRA - French', true, 'Atlantis'],
    // Two countries equally: nothing, so the user chooses.
    ['Congo', '', false, ''],
    ['   ', 'FRA - French', true, ''],
    // A Welsh or Arabic label left in the box names its country (decision 031).
    ['DEU - Yr Almaen', 'DEU - German', false, 'DEU - German'],
    ['DEU - ألمانيا', '', false, 'DEU - German'],
    ['ألمانيا', '', false, 'DEU - German'],
  ] as const)('%j over %j (keeping unlisted text: %s) → %j', (typed, current, keep, expected) => {
    expect(valueForTyped(typed, current, lookup, keep)).toBe(expected);
  });
});

function Picker({ keep, onSubmit }: { keep: boolean; onSubmit: (value: string) => void }) {
  const selectRef = useRef<HTMLSelectElement>(null);
  const [unlisted, setUnlisted] = useState('');
  useSelectAutocomplete(selectRef, {
    search: (query) => searchPlacesOfDeparture(query).map((place) => place.name),
    lookup: (typed) => findPlaceOfDeparture(typed)?.name,
    keepUnlisted: keep ? setUnlisted : undefined,
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(String(new FormData(event.currentTarget).get('place')));
      }}
    >
      <label htmlFor="place">Place</label>
      <select ref={selectRef} id="place" name="place" defaultValue="">
        <option value="" />
        <option value="Dublin">Dublin</option>
        <option value="Dublin Airport">Dublin Airport</option>
        {unlisted !== '' && <option value={unlisted}>{unlisted}</option>}
      </select>
      <button type="submit">Continue</button>
    </form>
  );
}

// The widget's text box, once the select is enhanced.
const box = () =>
  waitFor(() => document.querySelector<HTMLInputElement>('input#place') ?? Promise.reject(new Error('not enhanced')));

async function typeAndContinue(keep: boolean, text: string): Promise<string> {
  cleanup();
  const onSubmit = vi.fn<(value: string) => void>();
  render(
    <TranslationProvider instance={testI18n(en)}>
      <Picker keep={keep} onSubmit={onSubmit} />
    </TranslationProvider>,
  );
  const input = await box();
  await act(async () => {
    fireEvent.input(input, { target: { value: text } });
  });
  // Continue without picking from the list, and without leaving the box first.
  await act(async () => {
    fireEvent.submit(input.form!);
  });
  expect(onSubmit).toHaveBeenCalledOnce();
  return onSubmit.mock.calls[0]![0];
}

describe('useSelectAutocomplete', () => {
  it('enhances the select: the box takes its id, the select is hidden', async () => {
    render(
      <TranslationProvider instance={testI18n(en)}>
        <Picker keep={false} onSubmit={() => {}} />
      </TranslationProvider>,
    );
    expect((await box()).getAttribute('role')).toBe('combobox');
    expect(document.getElementById('place-select')).toBeInstanceOf(HTMLSelectElement);
  });

  it('sends the option that typed text names, when Continue is pressed without a pick', async () => {
    expect(await typeAndContinue(false, 'Dublin Airport T2')).toBe('Dublin Airport');
    expect(await typeAndContinue(false, 'baile átha cliath')).toBe('Dublin');
  });

  it('sends text that names no option as typed, when asked to keep it, or nothing', async () => {
    expect(await typeAndContinue(true, 'Paris')).toBe('Paris');
    expect(await typeAndContinue(false, 'Paris')).toBe('');
  });
});

/** A field as the pages render it: GOV.UK's select with its hint and, when given, its error, enhanced. */
function Field({ error }: { error?: string }) {
  const selectRef = useRef<HTMLSelectElement>(null);
  useSelectAutocomplete(selectRef, {
    search: (query) => searchPlacesOfDeparture(query).map((place) => place.name),
    lookup: (typed) => findPlaceOfDeparture(typed)?.name,
  });
  return (
    <form>
      <Select
        ref={selectRef}
        name="place"
        label={{ text: 'Place of departure' }}
        hint={{ text: 'For example, Dublin Airport' }}
        errorMessage={error === undefined ? undefined : { text: error }}
        items={[
          { value: '', text: '' },
          { value: 'Dublin', text: 'Dublin' },
        ]}
      />
    </form>
  );
}

/** The texts the box's aria-describedby points at, in order. */
const describedBy = (input: HTMLInputElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => `${id}: ${document.getElementById(id)?.textContent ?? '(missing)'}`);

describe('the enhanced field’s hint and error', () => {
  const renderField = (error?: string) => (
    <TranslationProvider instance={testI18n(en)}>
      <Field error={error} />
    </TranslationProvider>
  );

  it('are what the box is described by, with the widget’s own assistive hint, while the user types and as the error comes and goes', async () => {
    cleanup();
    const { rerender } = render(renderField('Enter a place of departure'));
    const input = await box();
    await waitFor(() =>
      expect(describedBy(input)).toEqual([
        'place-hint: For example, Dublin Airport',
        'place-error: Error: Enter a place of departure',
        `place__assistiveHint: ${en.apply.autocomplete.assistiveHint}`,
      ]),
    );
    // The box sits in the form group in error, which gives it GOV.UK's error border.
    expect(input.closest('.govuk-form-group--error')).not.toBeNull();

    // Typing: the widget drops its assistive hint, and the field's stay.
    await act(async () => {
      fireEvent.input(input, { target: { value: 'Dub' } });
    });
    await waitFor(() =>
      expect(describedBy(input)).toEqual([
        'place-hint: For example, Dublin Airport',
        'place-error: Error: Enter a place of departure',
      ]),
    );

    rerender(renderField());
    await waitFor(() => expect(describedBy(input)).toEqual(['place-hint: For example, Dublin Airport']));
    expect(input.closest('.govuk-form-group--error')).toBeNull();
    rerender(renderField('Enter a place in Ireland'));
    await waitFor(() =>
      expect(describedBy(input)).toEqual([
        'place-hint: For example, Dublin Airport',
        'place-error: Error: Enter a place in Ireland',
      ]),
    );
  });
});

describe('the British warning', () => {
  it('reads "British passport holders …" for every nationality it is shown for', () => {
    const template = en.apply.nationality.british;
    const shown = COUNTRIES.filter((country) => nationalityStatus(country.nationality_prefixed) === 'british').map(
      (country) => template.replace('{{nationality}}', sentenceDemonym(country)),
    );
    expect(shown).toEqual(['British passport holders do not need the creative worker concession']);
  });

  it('is reached from what people type for the UK', () => {
    for (const typed of ['United Kingdom', 'Great Britain', 'UK', 'England', 'GB', 'British']) {
      expect(nationalityStatus(searchCountries(typed)[0]!.nationality_prefixed), typed).toBe('british');
    }
  });
});
