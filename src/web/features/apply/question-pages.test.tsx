import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INITIAL_FORM_STATE, type FormState } from '#shared/journey/form-state.ts';
import { answeredMember, answeredState, renderJourneyPage } from '../../test-support/journey-pages.tsx';
import { PassengerDateOfBirthPage, PassengerNamePage } from './question-pages.tsx';

// The page's texts come from the test's own i18next instance; the app's is never started here.
vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  registerTexts: () => undefined,
}));

const sponsor = answeredMember();
/** A single application whose sponsor's steps are answered: the worker's name is the next question. */
const atPassengerName = (more: Partial<FormState> = {}): FormState => ({
  ...INITIAL_FORM_STATE,
  current: { sponsorContact: sponsor.sponsorContact, sponsorDetails: sponsor.sponsorDetails, whatDo: sponsor.whatDo },
  complete: ['/your-contact-details', '/sponsor-details', '/what-would-you-like-to-do'],
  ...more,
});

const errorSummary = () => document.querySelector<HTMLElement>('.govuk-error-summary');

describe('a question page', () => {
  it('shows its heading, its fields with the answers kept, and a form that posts to its own address', () => {
    const state = atPassengerName({
      current: { ...atPassengerName().current, passengerName: { 'family-name': 'Okafor', 'given-name': 'Ada' } },
    });
    renderJourneyPage(<PassengerNamePage />, { url: '/passenger-name', state });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('What is the temporary worker’s name?');
    expect(screen.getByLabelText<HTMLInputElement>('Family name').value).toBe('Okafor');
    expect(screen.getByLabelText<HTMLInputElement>('Given names').value).toBe('Ada');
    expect(screen.getByLabelText<HTMLInputElement>('The worker’s passport shows only one name').checked).toBe(false);
    expect(errorSummary()).toBeNull();
    expect(document.title).toBe(
      'What is the temporary worker’s name? | Creative worker visa concession remote clearance',
    );
    const form = document.querySelector('form')!;
    expect(form.getAttribute('action')).toBe('/passenger-name');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.hasAttribute('novalidate')).toBe(true);
    expect(screen.getByRole('button', { name: 'Continue' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('button', { name: 'Save and come back later' }).getAttribute('value')).toBe('save');
  });

  it('shows the server’s errors: a summary that takes focus and links to each field, and the message at the field', () => {
    const state = atPassengerName({
      current: { ...atPassengerName().current, passengerName: { 'family-name': '', 'given-name': 'Ada' } },
      errors: { passengerName: { 'family-name': 'required' } },
    });
    renderJourneyPage(<PassengerNamePage />, { url: '/passenger-name', state });
    const summary = errorSummary()!;
    expect(within(summary).getByRole('heading', { level: 2 }).textContent).toBe(
      'There was an issue with one or more of your answers',
    );
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enter a surname or family name', '#family-name'],
    ]);
    expect(document.activeElement).toBe(summary);
    expect(document.title).toBe(
      'Error: What is the temporary worker’s name? | Creative worker visa concession remote clearance',
    );
    const field = screen.getByLabelText('Family name');
    expect(field.id).toBe('family-name');
    expect(field.className).toContain('govuk-input--error');
    const message = document.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(message?.textContent).toBe('Error: Enter a surname or family name');
    // The field the user got right keeps its answer and shows no error.
    expect(screen.getByLabelText('Given names').className).not.toContain('govuk-input--error');
    expect(screen.getByLabelText<HTMLInputElement>('Given names').value).toBe('Ada');
  });

  it('links a date’s error to its day input', () => {
    const state = atPassengerName({
      current: {
        ...atPassengerName().current,
        passengerName: { 'family-name': 'Okafor', 'given-name': 'Ada' },
        passengerDob: { 'date-of-birth': { day: '31', month: '2', year: '1990' } },
      },
      complete: [...atPassengerName().complete, '/passenger-name'],
      errors: { passengerDob: { 'date-of-birth': 'validDate' } },
    });
    renderJourneyPage(<PassengerDateOfBirthPage />, { url: '/passenger-date-of-birth', state });
    const link = within(errorSummary()!).getByRole('link');
    expect([link.textContent, link.getAttribute('href')]).toEqual(['Enter a valid date', '#date-of-birth-day']);
    expect(document.getElementById('date-of-birth-day')).toBe(screen.getByLabelText('Day'));
    expect(screen.getByLabelText<HTMLInputElement>('Day').value).toBe('31');
    // The heading is the date's legend (one question on the page).
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('What is the temporary worker’s date of birth?');
  });

  it('shows again the error of an answer kept that no longer passes', () => {
    // Answered once, then the passport shows a name the rules now refuse: the page says so at once.
    const state = answeredState({ 'family-name': 'https://example.com' });
    renderJourneyPage(<PassengerNamePage />, { url: '/passenger-name', state });
    expect(within(errorSummary()!).getByRole('link').getAttribute('href')).toBe('#family-name');
  });

  it('keeps the link that showed it in its form’s address', () => {
    renderJourneyPage(<PassengerNamePage />, { url: '/passenger-name?change', state: answeredState() });
    expect(document.querySelector('form')?.getAttribute('action')).toBe('/passenger-name?change');
  });

  it('sends the user to the first question not answered yet when they are not that far', () => {
    renderJourneyPage(<PassengerNamePage />, { url: '/passenger-name', state: INITIAL_FORM_STATE });
    expect(screen.getByTestId('sent-to').textContent).toBe('/your-contact-details');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
