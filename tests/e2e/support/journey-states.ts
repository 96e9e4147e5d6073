// Form states built with the journey's own reducer, to open any page of the journey directly in
// the browser: the service keeps the answers (decision 040), so a state is given to it as a
// browser would give it, through its pages' forms (forms.ts), and the browser gets the session.
import type { Language } from '../../../src/shared/i18n/languages.ts';
import type { BrowserContext } from 'playwright-core';
import { baseUrl, chooseLanguage } from './browser.ts';
import { answerThroughForms, type JourneyStep } from './forms.ts';
import { FORM_SESSION_COOKIE } from '../../../src/shared/pages/form-session.ts';
import { validApplicantAnswers } from '../../fixtures/applicants.ts';
import type { ApplicantAnswers } from '../../../src/shared/domain/answers.ts';
import { MAX_GROUP_SIZE } from '../../../src/shared/domain/fixed-values.ts';
import { INITIAL_FORM_STATE, type FormState } from '../../../src/shared/journey/form-state.ts';
import { journeyReducer, type JourneyAction } from '../../../src/shared/journey/reducer.ts';
import type { StepPath } from '../../../src/shared/journey/paths.ts';
import { CHECK_ANSWERS_PATH, GROUP_EDIT_PATH, type JourneyPath } from '../../../src/shared/journey/paths.ts';

// The service judges the answers by its own clock, so the states are built as of now: a state built
// as of another time could not be given to it.
const now = () => new Date();

// The steps each state was built by, from the initial state: what seedSession sends the service. A
// state built by hand has none, and cannot be given to it.
const recipes = new WeakMap<FormState, readonly JourneyStep[]>([[INITIAL_FORM_STATE, []]]);

/** `state` after `steps`, remembered with the steps that lead to it. */
function remember(state: FormState, next: FormState, steps: readonly JourneyStep[]): FormState {
  const base = recipes.get(state);
  if (base !== undefined) recipes.set(next, [...base, ...steps]);
  return next;
}

/** `state` after `actions`, remembered with the steps that lead to it. */
export function run(state: FormState, ...actions: JourneyAction[]): FormState {
  if (actions.length === 0) return state;
  return remember(
    state,
    actions.reduce((s, action) => journeyReducer(s, action, now()).state, state),
    actions,
  );
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
  // A full group has no next member begun: none of their pages opens.
  return count >= MAX_GROUP_SIZE ? state : run(state, ...submit(member(count), applicantPaths.slice(0, 5)));
}

/**
 * The applications just sent, `count` of them: a single application, or a group of `count`, sent
 * (the service stores them and keeps their receipts). The state here holds no receipts: only the
 * service knows their references.
 */
export function withReceipts(count: number): FormState {
  const answered = count === 1 ? singleComplete() : run(groupWithMembers(count), { type: 'clearAndReturn' });
  return remember(answered, { ...INITIAL_FORM_STATE }, [
    { type: 'send', from: count === 1 ? CHECK_ANSWERS_PATH : GROUP_EDIT_PATH },
  ]);
}

/** `state` with the page at `path` sent with nothing in it, so that it shows its errors. */
export function withErrorsOn(state: FormState, path: JourneyPath): FormState {
  return remember(state, { ...state }, [{ type: 'empty', path }]);
}

/** A form state the service keeps for a browser, given through its own pages' forms (seedSession). */
export async function seedSession(context: BrowserContext, state: FormState, language: Language = 'en'): Promise<void> {
  await chooseLanguage(context, language);
  const steps = recipes.get(state);
  if (steps === undefined)
    throw new Error('Only a state built with run() and the builders here can be given to the service');
  const session = await answerThroughForms(baseUrl(), steps, language);
  await context.addCookies([{ name: FORM_SESSION_COOKIE, value: session, url: baseUrl() }]);
}
