// Where the user may be: a step can be opened once every step before it on the way through the
// journey is complete; otherwise the user is sent to the first step that is not.
import type { ApplicantAnswers } from '../domain/answers.ts';
import { MAX_GROUP_SIZE } from '../domain/fixed-values.ts';
import { SECTION_FIELDS, SECTION_NAMES, validateApplicant, validateSection } from '../validation/sections.ts';
import { answersOf, type FormState } from './form-state.ts';
import { reuseSets } from './reuse-sets.ts';
import { FIRST_APPLICANT_PATH, STEPS, findStep, stepOfSection, type Step, type StepContext } from './steps.ts';
import {
  CHECK_ANSWERS_PATH,
  COMPLETE_PATH,
  GROUP_EDIT_PATH,
  INELIGIBLE_PATH,
  START_PATH,
  type JourneyPath,
  type StepPath,
} from './paths.ts';

/** The context the steps' next() read, for the current applicant. */
export function stepContext(state: FormState): StepContext {
  return {
    answers: answersOf(state.current),
    travelSets: reuseSets(state.group, 'travel', state.changeIndex).length,
    workDateSets: reuseSets(state.group, 'workDates', state.changeIndex).length,
    reusedTravel: state.reuse.travel,
    reusedWorkDates: state.reuse.workDates,
  };
}

/**
 * Whether the group holds as many members as a submission takes and none is being edited: no page
 * of another member opens (the overview says the group is full), and no answer of one is taken.
 */
export function groupIsFull(state: FormState): boolean {
  return state.changeIndex === null && state.group.length >= MAX_GROUP_SIZE;
}

/** True for the pages of a member's own answers, not the sponsor's. */
const isMemberPage = (path: JourneyPath): boolean =>
  path === CHECK_ANSWERS_PATH || findStep(path)?.scope === 'applicant';

/** Whether the current applicant is a member of a group application. */
export function isGroupApplication(state: FormState): boolean {
  return answersOf(state.current)['what-would-you-like-to-do'] === 'group-application';
}

// A step is complete when it was answered and its answers still pass: a date may have become
// too close since, or an earlier answer changed what a later one must be.
function isStepComplete(step: Step, state: FormState, answers: ApplicantAnswers, now: Date): boolean {
  if (!state.complete.includes(step.path)) return false;
  if (step.path.startsWith('/reuse-')) return true;
  return Object.keys(validateSection(step.section, answers, now)).length === 0;
}

/** The first step of the journey that is not complete, or check your answers when all are (or /ineligible). */
export function firstIncompletePath(state: FormState, now: Date, stopAt?: JourneyPath): JourneyPath {
  const context = stepContext(state);
  let path: JourneyPath = STEPS[0]!.path;
  for (let guard = 0; guard <= STEPS.length; guard += 1) {
    const step = findStep(path);
    if (step === undefined || path === stopAt) break;
    if (!isStepComplete(step, state, context.answers, now)) return path;
    path = step.next(context);
  }
  if (path === CHECK_ANSWERS_PATH) {
    // Every step done; sections reused without their own page are checked here too.
    const invalid = Object.keys(validateApplicant(context.answers, now))[0];
    if (invalid !== undefined) return pathOfField(invalid) ?? path;
  }
  return path;
}

// The page that asks for each answer (never a reuse page); the leave date and stay length the
// service derives from the dates are changed on the work-dates page.
const FIELD_PATHS: Readonly<Record<string, StepPath>> = {
  ...Object.fromEntries(
    SECTION_NAMES.flatMap((section) => SECTION_FIELDS[section].map((field) => [field, stepOfSection(section).path])),
  ),
  'lte-leave-date': stepOfSection('workDates').path,
  'stay-length': stepOfSection('workDates').path,
};

/** The question page where an answer key (or a value derived from answers) is changed; undefined for fixed values. */
export function pathOfField(field: string): StepPath | undefined {
  return Object.hasOwn(FIELD_PATHS, field) ? FIELD_PATHS[field] : undefined;
}

/**
 * The page to show for `requested`: itself when the user may be there, otherwise where they
 * should be (the first incomplete step, the start page for the complete page with no receipts).
 * Once applications are sent, every page of the journey shows their receipts again (Back from
 * the complete page never opens an empty form that would send them twice), until the user
 * starts a new application from the start page (`startNew`) or presses Finish.
 */
export function resolvePath(
  state: FormState,
  requested: JourneyPath,
  now: Date,
  options: { readonly startNew?: boolean } = {},
): JourneyPath {
  if (requested === START_PATH || requested === INELIGIBLE_PATH) return requested;
  if (requested === COMPLETE_PATH) return state.receipts.length > 0 ? requested : START_PATH;
  if (state.receipts.length > 0 && options.startNew !== true) return COMPLETE_PATH;
  if (groupIsFull(state) && isMemberPage(requested)) return GROUP_EDIT_PATH;
  if (requested === GROUP_EDIT_PATH) {
    const sponsorDone = firstIncompletePath(state, now, FIRST_APPLICANT_PATH);
    if (sponsorDone !== FIRST_APPLICANT_PATH) return sponsorDone;
    return isGroupApplication(state) ? requested : firstIncompletePath(state, now);
  }
  const first = firstIncompletePath(state, now, requested);
  return first === requested || first === CHECK_ANSWERS_PATH ? requested : first;
}
