// Form states built with the journey's own reducer, to open any page of the journey directly
// in the browser (through session storage, as a reload would).
import type { Language } from '../../../src/shared/i18n/languages.ts';
import type { BrowserContext } from 'playwright-core';
import { chooseLanguage } from './browser.ts';
import { validApplicantAnswers } from '../../fixtures/applicants.ts';
import type { ApplicantAnswers } from '../../../src/shared/domain/answers.ts';
import { INITIAL_FORM_STATE, serialiseFormState, type FormState } from '../../../src/shared/journey/form-state.ts';
import { journeyReducer, type JourneyAction } from '../../../src/shared/journey/reducer.ts';
import type { StepPath } from '../../../src/shared/journey/paths.ts';
import { newApplicationReference } from '../../../src/shared/domain/application-reference.ts';

let clock = () => new Date();

/** Builds the states below as of `at` instead of now (for a browser whose clock is set to it). */
export function asOf<T>(at: Date, build: () => T): T {
  const previous = clock;
  clock = () => at;
  try {
    return build();
  } finally {
    clock = previous;
  }
}

const now = () => clock();

export function run(state: FormState, ...actions: JourneyAction[]): FormState {
  return actions.reduce((s, action) => journeyReducer(s, action, now()).state, state);
}

const sponsorPaths: StepPath[] = ['/your-contact-details', '/sponsor-details', '/what-would-you-like-to-do'];
const applicantPaths: StepPath[] = [
  '/passenger-name',
  '/passenger-date-of-birth',
  '/nationality',
  '/passport-details',
  '/cos-reference',
  '/travel-details',
  '/work-dates',
];
const submit = (answers: ApplicantAnswers, paths: StepPath[]): JourneyAction[] =>
  paths.map((path) => ({ type: 'submitStep', path, answers }));

/** A single application with every question answered. */
export function singleComplete(overrides: Partial<ApplicantAnswers> = {}): FormState {
  return run(
    INITIAL_FORM_STATE,
    ...submit(validApplicantAnswers(now(), overrides), [...sponsorPaths, ...applicantPaths]),
  );
}

/** A group with `count` members saved, and the next member's questions answered up to /cos-reference; `overrides` apply to every member. */
export function groupWithMembers(count: number, overrides: Partial<ApplicantAnswers> = {}): FormState {
  const member = (i: number) =>
    validApplicantAnswers(now(), {
      'what-would-you-like-to-do': 'group-application',
      'family-name': `Member${i}`,
      'passport-number': `P0000000${i}`,
      ...overrides,
    });
  let state = run(INITIAL_FORM_STATE, ...submit(member(0), sponsorPaths));
  for (let i = 0; i < count; i += 1) {
    state = run(state, ...submit(member(i), applicantPaths), { type: 'addToGroup' });
  }
  return run(state, ...submit(member(count), applicantPaths.slice(0, 5)));
}

/** The applications just sent: receipts only. */
export function withReceipts(count: number): FormState {
  return {
    ...INITIAL_FORM_STATE,
    receipts: Array.from({ length: count }, (_, i) => ({
      // A reference as the service writes one (CWC-XXXXX-XXXXX-C), the same for the same member.
      applicationReference: newApplicationReference((length) =>
        Uint8Array.from({ length }, (_, k) => (i * 37 + k * 59 + 11) % 256),
      ),
      groupRef: 'CWC-0F8FAD5B-D9CB-469F-A165-70867728950E',
      workerName: `Member${i}, Eithne`,
      sponsorEmail: 'bookings@example-theatre.co.uk',
      cosReference: `C2G8K51234567${i}`,
    })),
  };
}

// A failed rule or several for each section, so that every page shows errors when opened.
const ERRORS: FormState['errors'] = {
  sponsorContact: { 'sponsor-email': 'validEmail' },
  sponsorDetails: { 'sponsor-name': 'required', 'sponsor-reference': 'maxLength' },
  whatDo: { 'what-would-you-like-to-do': 'required' },
  passengerName: { 'family-name': 'required', 'given-name': 'required', 'worker-email': 'validEmail' },
  passengerDob: { 'date-of-birth': 'beforeToday' },
  nationality: { nationality: 'required' },
  passport: {
    'passport-number': 'characters',
    'passport-issue-date': 'notInFuture',
    'passport-expiry-date': 'required',
  },
  cosReference: { 'cos-reference': 'required' },
  travel: {
    'port-of-departure': 'required',
    'date-of-arrival': 'validDate',
    'method-of-arrival': 'required',
    'port-of-arrival': 'required',
  },
  workDates: { 'first-work-date': 'atLeast72Hours', 'last-work-date': 'notBeforeStart' },
  reuseTravel: { 'reuse-travel-details': 'required' },
  reuseWorkDates: { 'reuse-work-dates': 'required' },
  group: { group: 'maxApplications' },
};

/** The state with errors stored for every page. */
export function withErrorsEverywhere(state: FormState): FormState {
  return { ...state, errors: ERRORS };
}

/** Opens every new page of the context with this form state (and language) in session storage. */
export async function seedSession(context: BrowserContext, state: FormState, language: Language = 'en'): Promise<void> {
  await context.addInitScript(
    ({ saved }) => {
      // Once per tab: a reload keeps what the page itself saved since.
      if (sessionStorage.getItem('seeded') !== null) return;
      sessionStorage.setItem('seeded', '1');
      sessionStorage.setItem('state', saved);
    },
    { saved: serialiseFormState(state) },
  );
  await chooseLanguage(context, language);
}
