// What a journey page's form or link asks for, read the same way on both sides: the browser reads
// its own forms with it (JavaScript on), the server reads the same forms posted to it and the same
// links followed (JavaScript off, decision 024). Every button that acts says what it does as the
// value of `action`; the links that move about the journey carry a query parameter.
import { DATE_FIELDS, type ApplicantAnswers } from '../domain/answers.ts';
import type { DateParts } from '../dates/date-parts.ts';
import { SECTION_FIELDS, validateApplicant } from '../validation/sections.ts';
import { answersOf, clipTyped, type FormState } from './form-state.ts';
import type { JourneyAction } from './reducer.ts';
import { findStep } from './steps.ts';
import {
  CHECK_ANSWERS_PATH,
  COMPLETE_PATH,
  GROUP_EDIT_PATH,
  INELIGIBLE_PATH,
  STEP_PATHS,
  type StepPath,
} from './paths.ts';

/** The name of the buttons that act; their values are the keys of JOURNEY_BUTTONS. */
export const ACTION_FIELD = 'action';

/** What each button asks for. */
export const JOURNEY_BUTTONS = {
  /** Check your answers in a group: add the applicant to the group (or return to it). */
  addToGroup: 'add-to-group',
  /** Check your answers (single) or the group overview: send the applications. */
  send: 'send',
  /** After a conflict: send the same answers under a new group id. */
  sendAsNew: 'send-as-new',
  /** The group overview: add another applicant. */
  addApplication: 'add-applicant',
  /** The group overview's confirmation: delete the member whose index is in DELETE_FIELD. */
  deleteApplication: 'delete-applicant',
  /** The complete page's Finish, and the ineligible page's "Start again". */
  finish: 'finish',
  /** The ineligible page in a group: leave this applicant out and return to the group. */
  clearAndReturn: 'remove-applicant',
  /** A question page, check your answers or the group overview: save the answers and come back later. */
  save: 'save',
} as const;

export type JourneyButton = (typeof JOURNEY_BUTTONS)[keyof typeof JOURNEY_BUTTONS];

/** The hidden field of the pages that send: the fingerprint of the answers the page shows (answersFingerprint). */
export const FINGERPRINT_FIELD = 'answers-fingerprint';

/** The hidden field of the group overview's confirmation: the index of the member to delete. */
export const DELETE_FIELD = 'applicant';

/** A Change link's parameter: `change` (from check your answers) or `change=group` (from the group overview). */
const CHANGE_PARAMETER = 'change';
/** An Edit link's parameter: the index of the group member to open. */
const EDIT_PARAMETER = 'edit';
/** The group overview's Delete link: `delete=<index>` shows the confirmation (it changes nothing). */
const DELETE_PARAMETER = 'delete';
/** The group overview after a deletion: it says whom it deleted. */
export const DELETED_PARAMETER = 'deleted';

/** A member's index as a link's parameter gives it (one or two digits). */
const index = (text: string | undefined): number | undefined =>
  text !== undefined && /^\d{1,2}$/.test(text) ? Number(text) : undefined;

/**
 * A Change link's address: the page, with what the browser without JavaScript needs to know. On a
 * page shown through an Edit link (`search` holds `edit=<index>`), the member is not open for
 * changes yet: the link opens it straight on the page.
 */
export function changeHref(path: StepPath, fromGroup = false, search = ''): string {
  const edited = index(new RegExp(`(?:^|[?&])${EDIT_PARAMETER}=([^&]*)`).exec(search)?.[1]);
  if (edited !== undefined) return editHref(edited, path);
  return `${path}?${CHANGE_PARAMETER}${fromGroup ? '=group' : ''}`;
}

/**
 * The part of a page's query that says which link showed it (`?change`, `?edit=1`), or '': its
 * forms post back with it, and only then does the link's change take effect (decision 026).
 */
export function linkQueryOf(search: string): string {
  const parts = search
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => new RegExp(`^(?:${CHANGE_PARAMETER}|${EDIT_PARAMETER})(?:=|$)`).test(part));
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/** An Edit link's address: the member opened on check your answers, or on the page at `path`. */
export function editHref(index: number, path: StepPath | typeof CHECK_ANSWERS_PATH = CHECK_ANSWERS_PATH): string {
  return `${path}?${EDIT_PARAMETER}=${index}`;
}

/** A Delete link's address: the group overview asking to confirm deleting the member. */
export function deleteHref(index: number): string {
  return `${GROUP_EDIT_PATH}?${DELETE_PARAMETER}=${index}`;
}

/**
 * The answers of a question page's form: text fields as typed, dates as their three inputs
 * (`<field>-day` …). A value longer than any answer may be is cut to MAX_TYPED_CHARACTERS: its
 * field's rule refuses it all the same, and the answers kept stay small enough to be read back.
 */
export function answersFromFields(
  fields: readonly string[],
  value: (name: string) => string | undefined,
): ApplicantAnswers {
  const text = (name: string) => clipTyped(value(name) ?? '');
  const answers: Record<string, string | DateParts> = {};
  for (const field of fields) {
    answers[field] = DATE_FIELDS.has(field)
      ? { day: text(`${field}-day`), month: text(`${field}-month`), year: text(`${field}-year`) }
      : text(field);
  }
  return answers as ApplicantAnswers;
}

/** The index of the first group member whose answers no longer pass (a date now too close), or -1. */
export function firstStaleMember(state: FormState, now: Date): number {
  return state.group.findIndex((member) => Object.keys(validateApplicant(answersOf(member), now)).length > 0);
}

/**
 * What a form posted to a journey page asks for: a step of the journey, sending the applications,
 * or saving the answers to come back later (with the page's own answers first, `action`).
 */
export type PostedJourneyForm =
  | { readonly kind: 'action'; readonly action: JourneyAction }
  | { readonly kind: 'send'; readonly asNew: boolean }
  | { readonly kind: 'save'; readonly action?: JourneyAction };

/** Reads the form posted to the page at `path` (its fields by `value`); undefined when it asks for nothing known. */
export function postedJourneyForm(
  path: string,
  value: (name: string) => string | undefined,
): PostedJourneyForm | undefined {
  const button = value(ACTION_FIELD);
  const saving = button === JOURNEY_BUTTONS.save;
  const step = findStep(path);
  const answered = (a: JourneyAction): PostedJourneyForm =>
    saving ? { kind: 'save', action: a } : { kind: 'action', action: a };
  if (step?.path === '/reuse-travel-details' || step?.path === '/reuse-work-dates') {
    const kind = step.path === '/reuse-travel-details' ? 'travel' : 'workDates';
    return answered({ type: 'reuse', kind, choice: value(step.path.slice(1)) });
  }
  if (step !== undefined) {
    const answers = answersFromFields(SECTION_FIELDS[step.section], value);
    return answered({ type: 'submitStep', path: step.path, answers });
  }
  if (saving) return path === CHECK_ANSWERS_PATH || path === GROUP_EDIT_PATH ? { kind: 'save' } : undefined;
  const action = (a: JourneyAction): PostedJourneyForm => ({ kind: 'action', action: a });
  if (button === JOURNEY_BUTTONS.send || button === JOURNEY_BUTTONS.sendAsNew) {
    if (path !== CHECK_ANSWERS_PATH && path !== GROUP_EDIT_PATH) return undefined;
    return { kind: 'send', asNew: button === JOURNEY_BUTTONS.sendAsNew };
  }
  if (path === CHECK_ANSWERS_PATH && button === JOURNEY_BUTTONS.addToGroup) return action({ type: 'addToGroup' });
  if (path === GROUP_EDIT_PATH && button === JOURNEY_BUTTONS.addApplication) return action({ type: 'addApplication' });
  if (path === GROUP_EDIT_PATH && button === JOURNEY_BUTTONS.deleteApplication) {
    const member = index(value(DELETE_FIELD));
    return member === undefined ? undefined : action({ type: 'deleteApplication', index: member });
  }
  if ((path === COMPLETE_PATH || path === INELIGIBLE_PATH) && button === JOURNEY_BUTTONS.finish)
    return action({ type: 'finish' });
  // An ineligible member, or one the full group refuses (on its check your answers), is discarded.
  if (path === INELIGIBLE_PATH && button === JOURNEY_BUTTONS.clearAndReturn) return action({ type: 'clearAndReturn' });
  return undefined;
}

/** The group member whose deletion the group overview's address asks to confirm (`?delete=<index>`), if any. */
export function memberToConfirmDeleting(parameter: (name: string) => string | null, groupSize: number): number | null {
  const member = index(parameter(DELETE_PARAMETER) ?? undefined);
  return member !== undefined && member < groupSize ? member : null;
}

const isStepPath = (path: string): path is StepPath => (STEP_PATHS as readonly string[]).includes(path);

/** What a link followed to `path` asks for (a Change or an Edit link), read from its query (`parameter`). */
export function linkedJourneyAction(
  path: string,
  parameter: (name: string) => string | null,
): JourneyAction | undefined {
  const edit = index(parameter(EDIT_PARAMETER) ?? undefined);
  if (edit !== undefined && isStepPath(path)) return { type: 'editApplication', index: edit, path };
  if (edit !== undefined && path === CHECK_ANSWERS_PATH) return { type: 'editApplication', index: edit };
  const change = parameter(CHANGE_PARAMETER);
  if (change !== null && isStepPath(path)) return { type: 'change', path, fromGroup: change === 'group' };
  return undefined;
}
