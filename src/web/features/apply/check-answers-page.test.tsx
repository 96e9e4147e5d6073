import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_FIELD } from '#shared/journey/page-forms.ts';
import { answersFingerprint } from '#shared/journey/submission.ts';
import {
  answeredMember,
  answeredState,
  groupState,
  renderJourneyPage,
  summaryRows,
} from '../../test-support/journey-pages.tsx';
import { CheckAnswersPage } from './check-answers-page.tsx';

// The page's texts come from the test's own i18next instance; the app's is never started here.
vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  registerTexts: () => undefined,
}));

/** Each section of the page: its heading, and its rows' keys with the address of their Change link. */
function sections() {
  return [...document.querySelectorAll('section')].map((section) => ({
    heading: section.querySelector('h2')?.textContent,
    rows: summaryRows(section.querySelector('.govuk-summary-list')!).map(({ key, links }) => [
      key,
      ...links.map(([text, href]) => `${text} -> ${href}`),
    ]),
  }));
}

describe('check your answers', () => {
  it('shows every answer of a single application, each with a Change link to the page that asks for it', () => {
    renderJourneyPage(<CheckAnswersPage />, { url: '/check-your-answers', state: answeredState() });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Check your answers before sending your application',
    );
    expect(sections()).toEqual([
      {
        heading: 'Sponsor',
        rows: [
          ['Email address', 'Change Email address -> /your-contact-details?change'],
          ['Sponsor name', 'Change Sponsor name -> /sponsor-details?change'],
          ['Sponsor licence number', 'Change Sponsor licence number -> /sponsor-details?change'],
          ['What would you like to do?', 'Change What would you like to do? -> /what-would-you-like-to-do?change'],
        ],
      },
      {
        heading: 'Temporary worker',
        rows: [
          ['Family name', 'Change Family name -> /passenger-name?change'],
          ['Given names', 'Change Given names -> /passenger-name?change'],
          [
            'Temporary worker’s email address (optional)',
            'Change Temporary worker’s email address (optional) -> /passenger-name?change',
          ],
          ['Date of birth', 'Change Date of birth -> /passenger-date-of-birth?change'],
          ['Nationality', 'Change Nationality -> /nationality?change'],
          ['Certificate of sponsorship number', 'Change Certificate of sponsorship number -> /cos-reference?change'],
        ],
      },
      {
        heading: 'Passport',
        rows: [
          ['Passport number', 'Change Passport number -> /passport-details?change'],
          ['Date of issue', 'Change Date of issue -> /passport-details?change'],
          ['Date of expiry', 'Change Date of expiry -> /passport-details?change'],
        ],
      },
      {
        heading: 'Travel',
        rows: [
          ['Place of departure in Ireland', 'Change Place of departure in Ireland -> /travel-details?change'],
          ['Date of arrival in the UK', 'Change Date of arrival in the UK -> /travel-details?change'],
          [
            'How will the temporary worker arrive in the UK?',
            'Change How will the temporary worker arrive in the UK? -> /travel-details?change',
          ],
          ['Flight operator', 'Change Flight operator -> /travel-details?change'],
          ['Flight number', 'Change Flight number -> /travel-details?change'],
          ['Place of arrival in the UK', 'Change Place of arrival in the UK -> /travel-details?change'],
        ],
      },
      {
        heading: 'Work',
        rows: [
          ['Start date', 'Change Start date -> /work-dates?change'],
          ['End date', 'Change End date -> /work-dates?change'],
          // Worked out from the dates: nothing to change on its own.
          ['Latest date to leave the UK'],
        ],
      },
    ]);
    const values = Object.fromEntries(
      [...document.querySelectorAll('section')].flatMap((section) =>
        summaryRows(section.querySelector('.govuk-summary-list')!).map(({ key, value }) => [key, value]),
      ),
    );
    expect(values).toMatchObject({
      'Email address': 'bookings@example-theatre.co.uk',
      'What would you like to do?': 'Apply for one temporary worker',
      'Family name': 'Ní Bhraonáin',
      'Date of birth': '17 May 1990',
      'How will the temporary worker arrive in the UK?': 'By plane',
      'Flight number': 'EI154',
    });
    expect(values['Latest date to leave the UK']).toMatch(/^No later than \d\d \w+ \d{4}$/);
  });

  it('sends with the fingerprint of the answers shown, or saves them', () => {
    const state = answeredState();
    renderJourneyPage(<CheckAnswersPage />, { url: '/check-your-answers', state });
    const send = screen.getByRole('button', { name: 'Confirm details and send the application' });
    expect([send.getAttribute('name'), send.getAttribute('value')]).toEqual(['action', 'send']);
    const form = send.closest('form')!;
    expect(form.getAttribute('action')).toBe('/check-your-answers');
    expect(form.querySelector<HTMLInputElement>(`input[name="${FINGERPRINT_FIELD}"]`)?.value).toBe(
      answersFingerprint(state),
    );
    expect(screen.getByRole('button', { name: 'Save and come back later' }).getAttribute('value')).toBe('save');
    expect(document.querySelector('.govuk-error-summary')).toBeNull();
  });

  it('leaves the flight rows out of a journey by road', () => {
    renderJourneyPage(<CheckAnswersPage />, {
      url: '/check-your-answers',
      state: answeredState({ 'method-of-arrival': 'road', carrier: '', 'flight-number': '' }),
    });
    const travel = sections().find((section) => section.heading === 'Travel')!;
    expect(travel.rows.map(([key]) => key)).toEqual([
      'Place of departure in Ireland',
      'Date of arrival in the UK',
      'How will the temporary worker arrive in the UK?',
      'Place of arrival in the UK',
    ]);
  });

  it('points the Change links of a group member opened by its Edit link at that member, and returns to the group', () => {
    const state = groupState([answeredMember({ 'what-would-you-like-to-do': 'group-application' })], {
      current: answeredMember({ 'what-would-you-like-to-do': 'group-application', 'family-name': 'Okafor' }),
      complete: answeredState().complete,
      changeIndex: 0,
    });
    renderJourneyPage(<CheckAnswersPage />, { url: '/check-your-answers?edit=0', state });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Check your answers before returning to the group',
    );
    const [sponsor, worker] = sections();
    // The group's sponsor is shown without the question that chose a group.
    expect(sponsor?.rows.map(([key]) => key)).toEqual(['Email address', 'Sponsor name', 'Sponsor licence number']);
    expect(worker?.rows[0]).toEqual(['Family name', 'Change Family name -> /passenger-name?edit=0']);
    expect(worker?.rows.at(-1)).toEqual([
      'Certificate of sponsorship number',
      'Change Certificate of sponsorship number -> /cos-reference?edit=0',
    ]);
    const back = screen.getByRole('button', { name: 'Confirm details and return to the group overview' });
    expect(back.getAttribute('value')).toBe('add-to-group');
    expect(back.closest('form')?.getAttribute('action')).toBe('/check-your-answers?edit=0');
    expect(screen.queryByRole('button', { name: 'Confirm details and send the application' })).toBeNull();
    expect(document.querySelector('.app-group-strip')?.textContent).toBe(
      'Editing group member Eithne Patricia Ní Bhraonáin (1 of 1)',
    );
  });

  it('follows a Change link inside the app', () => {
    renderJourneyPage(<CheckAnswersPage />, { url: '/check-your-answers', state: answeredState() });
    fireEvent.click(screen.getByRole('link', { name: 'Change Passport number' }));
    expect(screen.getByTestId('sent-to').textContent).toBe('/passport-details?change');
  });

  it('lists the answers the service refused, each linking to where it is changed, and says nothing was sent', () => {
    renderJourneyPage(<CheckAnswersPage />, {
      url: '/check-your-answers',
      state: answeredState(),
      outcome: {
        submission: {
          kind: 'refused',
          answers: [
            { index: 0, field: 'passport-number', rule: 'characters' },
            { field: 'purpose-of-stay', rule: 'fixedValue' },
            { field: 'no-such-answer', rule: 'required' },
          ],
        },
      },
    });
    const summary = document.querySelector<HTMLElement>('.govuk-error-summary')!;
    expect(within(summary).getByRole('heading', { level: 2 }).textContent).toBe(
      'There was an issue with one or more of your answers',
    );
    expect(summary.textContent).toContain('Nothing has been sent. Change these answers, then send again.');
    const items = [...summary.querySelectorAll('li')].map((item) => [
      item.textContent,
      item.querySelector('a')?.getAttribute('href') ?? null,
    ]);
    expect(items).toEqual([
      ['The passport number may only contain letters and numbers', '/passport-details?change'],
      // A value the service fixes itself: no page to change it on.
      ['The purpose of stay must be working in the creative industries', null],
      // An answer the pages do not know: said in general words.
      ['One of the answers could not be accepted. Check your answers and send again.', null],
    ]);
    expect(document.title).toMatch(/^Error: Check your answers before sending your application \| /);
    // The answers stay on the page, to be changed and sent again.
    expect(screen.getByRole('button', { name: 'Confirm details and send the application' })).toBeDefined();
  });
});
