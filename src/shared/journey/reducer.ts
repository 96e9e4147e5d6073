// The journey's step transitions as one pure function: (state, action, now) → the new state and
// where to go next. The browser runs it today; a server-side journey could run it tomorrow.
import type { ApplicantAnswers } from '../domain/answers.ts';
import { MAX_GROUP_SIZE } from '../domain/fixed-values.ts';
import type { Receipt } from '../domain/receipt.ts';
import { validateSection, type SectionName } from '../validation/sections.ts';
import {
  INITIAL_FORM_STATE,
  answersOf,
  sectionAnswers,
  type ApplicantSections,
  type ErrorSection,
  type FormState,
  type SubmissionAttempt,
} from './form-state.ts';
import { groupIsFull, stepContext } from './progress.ts';
import { reuseSets, type ReuseKind } from './reuse-sets.ts';
import { FIRST_APPLICANT_PATH, SPONSOR_PATHS, STEPS, findStep } from './steps.ts';
import type { JourneyPath, StepPath } from './paths.ts';
import { CHECK_ANSWERS_PATH, COMPLETE_PATH, EXIT_URL, GROUP_EDIT_PATH, INELIGIBLE_PATH, START_PATH } from './paths.ts';

export type JourneyAction =
  /** A question page's answers: the section is validated; on success the user moves on. */
  | { readonly type: 'submitStep'; readonly path: StepPath; readonly answers: ApplicantAnswers }
  /** A step passed over: marked complete, and the user moves on. */
  | { readonly type: 'skipStep'; readonly path: StepPath }
  /** A Change link on check your answers (or on the group overview, `fromGroup`): the next answer returns there. */
  | { readonly type: 'change'; readonly path: StepPath; readonly fromGroup?: boolean }
  /** A reuse page's choice: the index of a set, '' for none, undefined when nothing was chosen. */
  | { readonly type: 'reuse'; readonly kind: ReuseKind; readonly choice: string | undefined }
  /** "Confirm details and add applicant to the group" (or "… return to the group overview"). */
  | { readonly type: 'addToGroup' }
  /** Opens a group member for changes: on check your answers, or straight on the page at `path` (an answer the service refused). */
  | { readonly type: 'editApplication'; readonly index: number; readonly path?: StepPath }
  | { readonly type: 'deleteApplication'; readonly index: number }
  | { readonly type: 'addApplication' }
  /** About to send: the group id and time to send, kept so that trying again sends the same. */
  | { readonly type: 'submissionStarted'; readonly attempt: SubmissionAttempt }
  | { readonly type: 'submissionSucceeded'; readonly receipts: readonly Receipt[] }
  /** The service holds another submission under this group id (409): the next attempt gets a new one. */
  | { readonly type: 'submissionConflicted' }
  | { readonly type: 'finish' }
  | { readonly type: 'exit' }
  | { readonly type: 'clearAndReturn' };

export interface Transition {
  readonly state: FormState;
  /** Where to send the user; undefined: stay on the page (it shows the errors). */
  readonly goTo?: JourneyPath | typeof EXIT_URL;
}

const addPaths = (complete: readonly StepPath[], ...paths: StepPath[]): StepPath[] => [
  ...new Set([...complete, ...paths]),
];
const withoutErrors = (errors: FormState['errors'], section: ErrorSection): FormState['errors'] => {
  const { [section]: _dropped, ...rest } = errors;
  return rest;
};

/** The sponsor's answers and the group choice, with which every next member of a group starts. */
function sponsorPreset(current: ApplicantSections): ApplicantSections {
  return {
    sponsorContact: current.sponsorContact ?? {},
    sponsorDetails: current.sponsorDetails ?? {},
    whatDo: { 'what-would-you-like-to-do': 'group-application' },
  };
}

/** A state for the next member of the group: the sponsor's answers kept, all else cleared. */
function nextMemberState(state: FormState, group: readonly ApplicantSections[]): FormState {
  return {
    ...state,
    group,
    current: sponsorPreset(state.current),
    errors: {},
    changeIndex: null,
    isChanging: false,
    changingFromGroup: false,
    complete: [...SPONSOR_PATHS],
    reuse: { travel: false, workDates: false },
    reusedWorkDatesDidNotFit: false,
    reusedTravelDidNotFit: false,
  };
}

/** The group with a sponsor answer applied to every member: a group is sent under one sponsor, the one its overview shows. */
function withSponsorSection(
  group: readonly ApplicantSections[],
  section: SectionName,
  answers: ApplicantSections[SectionName],
): readonly ApplicantSections[] {
  return group.map((member) => ({ ...member, [section]: answers }));
}

/** A full group refusing one more member: the page sent from says so, or `goTo` (the overview). */
const groupFull = (state: FormState, goTo?: JourneyPath): Transition => ({
  state: { ...state, errors: { ...state.errors, group: { group: 'maxApplications' } } },
  goTo,
});

export function journeyReducer(state: FormState, action: JourneyAction, now: Date): Transition {
  switch (action.type) {
    case 'submitStep': {
      const step = findStep(action.path);
      if (step === undefined) return { state };
      // A page of an eleventh member, sent by its address or from a tab left open: nothing is taken.
      if (step.scope === 'applicant' && groupIsFull(state)) return groupFull(state, GROUP_EDIT_PATH);
      const answered = sectionAnswers(step.section, action.answers);
      const current = { ...state.current, [step.section]: answered };
      const errors = validateSection(step.section, answersOf(current), now);
      if (Object.keys(errors).length > 0) {
        // The answers are kept with their errors: nothing typed is lost, even on a reload.
        return {
          state: {
            ...state,
            current,
            errors: { ...state.errors, [step.section]: errors },
            complete: state.complete.filter((p) => p !== step.path),
          },
        };
      }
      // The sponsor's answers belong to the whole group (the choice of single or group does not).
      const sponsorOfGroup = step.scope === 'sponsor' && step.section !== 'whatDo';
      const next: FormState = {
        ...state,
        current,
        group: sponsorOfGroup ? withSponsorSection(state.group, step.section, answered) : state.group,
        // Answering again starts a new application: the receipts of the last one have been seen.
        receipts: [],
        errors: withoutErrors(state.errors, step.section),
        complete: addPaths(state.complete, step.path),
        isChanging: false,
        changingFromGroup: false,
        // Answering the travel or work-dates page means this member has details of their own.
        reuse: {
          travel: step.section === 'travel' ? false : state.reuse.travel,
          workDates: step.section === 'workDates' ? false : state.reuse.workDates,
        },
        reusedWorkDatesDidNotFit: step.section === 'workDates' ? false : state.reusedWorkDatesDidNotFit,
        reusedTravelDidNotFit: step.section === 'travel' ? false : state.reusedTravelDidNotFit,
      };
      const after = step.next(stepContext(next));
      if (after === INELIGIBLE_PATH || !state.isChanging) return { state: next, goTo: after };
      return { state: next, goTo: state.changingFromGroup ? GROUP_EDIT_PATH : CHECK_ANSWERS_PATH };
    }

    case 'skipStep': {
      const step = findStep(action.path);
      if (step === undefined) return { state };
      if (step.scope === 'applicant' && groupIsFull(state)) return groupFull(state, GROUP_EDIT_PATH);
      const next = { ...state, complete: addPaths(state.complete, step.path) };
      return { state: next, goTo: step.next(stepContext(next)) };
    }

    case 'change':
      return { state: { ...state, isChanging: true, changingFromGroup: action.fromGroup === true }, goTo: action.path };

    case 'reuse': {
      if (groupIsFull(state)) return groupFull(state, GROUP_EDIT_PATH);
      const path: StepPath = action.kind === 'travel' ? '/reuse-travel-details' : '/reuse-work-dates';
      const errorSection = action.kind === 'travel' ? 'reuseTravel' : 'reuseWorkDates';
      const field = path.slice(1) as 'reuse-travel-details' | 'reuse-work-dates';
      const set =
        action.choice === undefined || action.choice === ''
          ? undefined
          : reuseSets(state.group, action.kind, state.changeIndex)[Number(action.choice)];
      if (action.choice === undefined || (action.choice !== '' && set === undefined)) {
        return { state: { ...state, errors: { ...state.errors, [errorSection]: { [field]: 'required' } } } };
      }
      const base = {
        ...state,
        errors: withoutErrors(state.errors, errorSection),
        complete: addPaths(state.complete, path),
      };
      if (set === undefined) {
        const next = { ...base, reuse: { ...state.reuse, [action.kind]: false } };
        return { state: next, goTo: findStep(path)!.next(stepContext(next)) };
      }
      const current = { ...state.current, [action.kind]: set.answers };
      const ownPath = action.kind === 'travel' ? '/travel-details' : '/work-dates';
      const errors = validateSection(action.kind, answersOf(current), now);
      if (Object.keys(errors).length > 0) {
        // The set does not fit this member (their passport expires first, their work dates are
        // too far away): it is shown on the member's own page, with why, to be changed there.
        const didNotFit =
          action.kind === 'travel' ? { reusedTravelDidNotFit: true } : { reusedWorkDatesDidNotFit: true };
        const next = {
          ...base,
          current,
          errors: { ...base.errors, [action.kind]: errors },
          reuse: { ...state.reuse, [action.kind]: false },
          ...didNotFit,
        };
        return { state: next, goTo: ownPath };
      }
      const next = {
        ...base,
        current,
        complete: addPaths(base.complete, ownPath),
        reuse: { ...state.reuse, [action.kind]: true },
      };
      return { state: next, goTo: findStep(path)!.next(stepContext(next)) };
    }

    case 'addToGroup': {
      const member = state.current;
      if (groupIsFull(state)) return groupFull(state);
      const appending = state.changeIndex === null;
      const group = appending
        ? [...state.group, member]
        : state.group.map((m, i) => (i === state.changeIndex ? member : m));
      return { state: nextMemberState(state, group), goTo: GROUP_EDIT_PATH };
    }

    case 'editApplication': {
      const member = state.group[action.index];
      if (member === undefined) return { state, goTo: GROUP_EDIT_PATH };
      return {
        state: {
          ...state,
          current: member,
          errors: {},
          changeIndex: action.index,
          isChanging: true,
          changingFromGroup: false,
          complete: STEPS.map((step) => step.path),
          reuse: { travel: false, workDates: false },
          reusedWorkDatesDidNotFit: false,
          reusedTravelDidNotFit: false,
        },
        goTo: action.path ?? CHECK_ANSWERS_PATH,
      };
    }

    case 'deleteApplication': {
      if (state.group[action.index] === undefined) return { state, goTo: GROUP_EDIT_PATH };
      const group = state.group.filter((_, i) => i !== action.index);
      const changeIndex =
        state.changeIndex === null || state.changeIndex === action.index
          ? null
          : state.changeIndex - (state.changeIndex > action.index ? 1 : 0);
      return {
        state: { ...state, group, changeIndex, errors: withoutErrors(state.errors, 'group') },
        goTo: GROUP_EDIT_PATH,
      };
    }

    case 'addApplication': {
      if (state.group.length >= MAX_GROUP_SIZE) return groupFull(state);
      const next =
        state.changeIndex !== null || state.isChanging
          ? nextMemberState(state, state.group)
          : { ...state, errors: withoutErrors(state.errors, 'group') };
      return { state: next, goTo: FIRST_APPLICANT_PATH };
    }

    case 'submissionStarted':
      return { state: { ...state, receipts: [], submission: action.attempt } };

    case 'submissionSucceeded':
      return { state: { ...INITIAL_FORM_STATE, receipts: action.receipts }, goTo: COMPLETE_PATH };

    case 'submissionConflicted':
      return { state: { ...state, submission: null } };

    case 'finish':
      return { state: INITIAL_FORM_STATE, goTo: START_PATH };

    case 'exit':
      return { state: INITIAL_FORM_STATE, goTo: EXIT_URL };

    case 'clearAndReturn':
      return { state: nextMemberState(state, state.group), goTo: GROUP_EDIT_PATH };
  }
}
