// Component tests of the journey's pages draw a page from the form state as the server keeps it
// for the browser (decision 040): this builds such states from the applicants' fixtures, and
// renders a page at an address with that state, in English, from the test's own i18next
// instance. A page that sends the user elsewhere shows where (the probe at every other address).
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import en from '#shared/i18n/translations/en.json';
import type { ApplicantAnswers } from '#shared/domain/answers.ts';
import {
  INITIAL_FORM_STATE,
  sectionAnswers,
  serialiseFormState,
  type ApplicantSections,
  type FormState,
} from '#shared/journey/form-state.ts';
import { STEPS } from '#shared/journey/steps.ts';
import type { PageOutcome } from '#shared/pages/page-data.ts';
import { SECTION_NAMES } from '#shared/validation/sections.ts';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import { TranslationProvider } from '../i18n/use-translation.ts';
import { WithPageData } from './page-data.tsx';
import { testI18n } from './test-i18n.ts';

const instance = testI18n(en);

/** An applicant whose every answer passes today (the fixture's), by section, with `overrides`. */
export function answeredMember(overrides: Partial<ApplicantAnswers> = {}): ApplicantSections {
  const answers = validApplicantAnswers(new Date(), overrides);
  return Object.fromEntries(SECTION_NAMES.map((section) => [section, sectionAnswers(section, answers)]));
}

/** A state whose current applicant has answered every step (a single application unless `overrides` say otherwise). */
export function answeredState(overrides: Partial<ApplicantAnswers> = {}, more: Partial<FormState> = {}): FormState {
  return { ...INITIAL_FORM_STATE, current: answeredMember(overrides), complete: STEPS.map((s) => s.path), ...more };
}

/** A group application: `members` in the group, the current applicant answered up to the group overview. */
export function groupState(members: readonly ApplicantSections[], more: Partial<FormState> = {}): FormState {
  const current = answeredMember({ 'what-would-you-like-to-do': 'group-application' });
  return {
    ...INITIAL_FORM_STATE,
    group: members,
    current: { sponsorContact: current.sponsorContact, sponsorDetails: current.sponsorDetails, whatDo: current.whatDo },
    complete: ['/your-contact-details', '/sponsor-details', '/what-would-you-like-to-do'],
    ...more,
  };
}

/** Shows the address the page sent the user to. */
function WhereSent() {
  const { pathname, search } = useLocation();
  return <p data-testid="sent-to">{`${pathname}${search}`}</p>;
}

export interface JourneyPageRender {
  /** The page's address, with its query (`/check-your-answers?edit=0`). */
  readonly url: string;
  readonly state: FormState;
  /** What the server's answer to the last form says (a send refused, say). */
  readonly outcome?: PageOutcome;
  /** The session's notice (the name of a member just deleted). */
  readonly notice?: string | null;
}

/** Renders `page` at `url`, drawn from `state` as the server keeps it. */
export function renderJourneyPage(page: ReactElement, { url, state, outcome = {}, notice = null }: JourneyPageRender) {
  const path = new URL(url, 'http://localhost').pathname;
  return render(
    <TranslationProvider instance={instance}>
      <WithPageData session={{ formState: serialiseFormState(state), notice }} more={{ outcome, formToken: 'token' }}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={page} />
            <Route path="*" element={<WhereSent />} />
          </Routes>
        </MemoryRouter>
      </WithPageData>
    </TranslationProvider>,
  );
}

/** The rows of the summary list `list`: each key's text, value's text and action links (text and address). */
export function summaryRows(list: Element): { key: string; value: string; links: [string, string][] }[] {
  return [...list.querySelectorAll('.govuk-summary-list__row')].map((row) => ({
    key: row.querySelector('.govuk-summary-list__key')?.textContent?.trim() ?? '',
    value: row.querySelector('.govuk-summary-list__value')?.textContent?.trim() ?? '',
    links: [...row.querySelectorAll('.govuk-summary-list__actions a')].map((link) => [
      link.textContent?.trim() ?? '',
      link.getAttribute('href') ?? '',
    ]),
  }));
}
