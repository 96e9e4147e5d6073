// Answers given to the service the way a browser without JavaScript gives them: each step of a
// journey as the form its page posts (#shared/journey/page-forms.ts reads them), with the form
// token of the service's own cookie, from an address of its own (its budgets are its own). The
// service keeps the answers in a session (decision 040), whose id is what a browser then needs.
import { DATE_FIELDS, type ApplicantAnswers } from '../../../src/shared/domain/answers.ts';
import type { DateParts } from '../../../src/shared/dates/date-parts.ts';
import type { Language } from '../../../src/shared/i18n/languages.ts';
import { parseSavedFormState } from '../../../src/shared/journey/form-state.ts';
import {
  ACTION_FIELD,
  DELETE_FIELD,
  FINGERPRINT_FIELD,
  JOURNEY_BUTTONS,
  changeHref,
  editHref,
} from '../../../src/shared/journey/page-forms.ts';
import {
  CHECK_ANSWERS_PATH,
  COMPLETE_PATH,
  GROUP_EDIT_PATH,
  INELIGIBLE_PATH,
  type JourneyPath,
} from '../../../src/shared/journey/paths.ts';
import type { JourneyAction } from '../../../src/shared/journey/reducer.ts';
import { findStep } from '../../../src/shared/journey/steps.ts';
import { answersFingerprint } from '../../../src/shared/journey/submission.ts';
import { FORM_SESSION_COOKIE } from '../../../src/shared/pages/form-session.ts';
import { FORM_TOKEN_COOKIE, FORM_TOKEN_FIELD } from '../../../src/shared/pages/form-token.ts';
import { PAGE_ANSWER_TYPE, type PageAnswer } from '../../../src/shared/pages/page-data.ts';
import { SECTION_FIELDS } from '../../../src/shared/validation/sections.ts';
import { newClientAddress } from './client-addresses.ts';
import { CookieJar } from './cookie-jar.ts';

/**
 * A step of a journey: an action of the journey's reducer, sending the applications from the page
 * `from`, or a page's form sent with nothing in it (its fields empty, nothing chosen, one member
 * more than a group may hold), so that the page shows its errors.
 */
export type JourneyStep =
  | JourneyAction
  | { readonly type: 'send'; readonly from: JourneyPath }
  | { readonly type: 'empty'; readonly path: JourneyPath };

/** The form a page posts for `step`: its address (with the link that showed it) and fields; undefined for a link, which posts nothing. */
function formOf(step: JourneyStep): { path: string; fields: [string, string][] } | undefined {
  const button = (value: string, ...more: [string, string][]): [string, string][] => [[ACTION_FIELD, value], ...more];
  switch (step.type) {
    case 'submitStep':
      return { path: step.path, fields: answerFields(step.answers, SECTION_FIELDS[findStep(step.path)!.section]) };
    case 'reuse': {
      const page = step.kind === 'travel' ? '/reuse-travel-details' : '/reuse-work-dates';
      return { path: page, fields: step.choice === undefined ? [] : [[page.slice(1), step.choice]] };
    }
    case 'addToGroup':
      return { path: CHECK_ANSWERS_PATH, fields: button(JOURNEY_BUTTONS.addToGroup) };
    case 'addApplication':
      return { path: GROUP_EDIT_PATH, fields: button(JOURNEY_BUTTONS.addApplication) };
    case 'deleteApplication':
      return {
        path: GROUP_EDIT_PATH,
        fields: button(JOURNEY_BUTTONS.deleteApplication, [DELETE_FIELD, String(step.index)]),
      };
    case 'clearAndReturn':
      return { path: INELIGIBLE_PATH, fields: button(JOURNEY_BUTTONS.clearAndReturn) };
    case 'finish':
      return { path: COMPLETE_PATH, fields: button(JOURNEY_BUTTONS.finish) };
    case 'empty': {
      if (step.path === GROUP_EDIT_PATH) return { path: step.path, fields: button(JOURNEY_BUTTONS.addApplication) };
      const page = findStep(step.path);
      if (page === undefined) throw new Error(`${step.path} has no form to send empty`);
      if (page.path.startsWith('/reuse-')) return { path: page.path, fields: [] };
      return { path: page.path, fields: answerFields({}, SECTION_FIELDS[page.section]) };
    }
    case 'change':
    case 'editApplication':
      return undefined;
    case 'send':
      throw new Error('Sending is given with the fingerprint of the answers it sends');
    case 'skipStep':
    case 'submissionStarted':
    case 'submissionSucceeded':
    case 'submissionConflicted':
    case 'exit':
      throw new Error(`${step.type} is not a step a page's form takes`);
  }
}

/** The fields of a question page's form holding `answers` (a date as its three inputs). */
function answerFields(answers: ApplicantAnswers, fields: readonly string[]): [string, string][] {
  const value = (field: string) => answers[field as keyof ApplicantAnswers];
  return fields.flatMap((field): [string, string][] => {
    if (!DATE_FIELDS.has(field)) return [[field, (value(field) as string | undefined) ?? '']];
    const parts = (value(field) as DateParts | undefined) ?? { day: '', month: '', year: '' };
    return [
      [`${field}-day`, parts.day],
      [`${field}-month`, parts.month],
      [`${field}-year`, parts.year],
    ];
  });
}

/** The query a link adds to the address of the form that follows it (`?change`, `?edit=1`), and the page it shows. */
function linkOf(step: JourneyAction): { path: string; query: string } | undefined {
  const href =
    step.type === 'change'
      ? changeHref(step.path, step.fromGroup === true)
      : step.type === 'editApplication'
        ? editHref(step.index, step.path)
        : undefined;
  if (href === undefined) return undefined;
  const [path = '', query = ''] = href.split('?');
  return { path, query: `?${query}` };
}

/**
 * How many forms the seeding client sends from one address before it takes another: fewer than
 * the service takes from one address in a minute (FORM_RATE_LIMIT, 60), which a group of ten
 * given at a machine's pace would pass. The session is the browser's, whatever its address.
 */
const FORMS_PER_ADDRESS = 40;

/**
 * Gives the service `steps` through its pages' forms, in `language`, as one browser: resolves to
 * the id of the session that keeps them. A link (Change, Edit) is followed by the form after it,
 * posted to the link's address; a journey may not end on one.
 */
export async function answerThroughForms(
  baseUrl: string,
  steps: readonly JourneyStep[],
  language: Language,
): Promise<string> {
  const cookies = new CookieJar();
  let address = newClientAddress();
  let sent = 0;
  const headers = () => ({ cookie: cookies.header(`lang=${language}`), 'x-forwarded-for': address });
  const start = await fetch(`${baseUrl}/`, { headers: headers() });
  cookies.take(start);
  const token = cookies.get(FORM_TOKEN_COOKIE);
  if (token === undefined) throw new Error('The service gave no form token');

  /** The fingerprint of the answers the page at `path` shows, which its Send carries: read from the service's own answer for the page. */
  const shownFingerprint = async (path: string): Promise<string> => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { ...headers(), accept: PAGE_ANSWER_TYPE } });
    cookies.take(response);
    const answer = (await response.json()) as PageAnswer;
    if (answer.location !== path || answer.data === undefined)
      throw new Error(`${path} is not shown to send from: the service answered ${answer.location}`);
    return answersFingerprint(parseSavedFormState(answer.data.session.formState));
  };

  let link: { path: string; query: string } | undefined;
  for (const step of steps) {
    if (step.type === 'change' || step.type === 'editApplication') {
      link = linkOf(step);
      continue;
    }
    const form =
      step.type === 'send'
        ? {
            path: step.from,
            fields: [
              [ACTION_FIELD, JOURNEY_BUTTONS.send],
              [FINGERPRINT_FIELD, await shownFingerprint(step.from)],
            ] as [string, string][],
          }
        : formOf(step);
    if (form === undefined) continue;
    const query = link !== undefined && link.path === form.path ? link.query : '';
    link = undefined;
    if (sent === FORMS_PER_ADDRESS) {
      address = newClientAddress();
      sent = 0;
    }
    sent += 1;
    const body = new URLSearchParams([[FORM_TOKEN_FIELD, token], ...form.fields]);
    const response = await fetch(`${baseUrl}${form.path}${query}`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
      body,
      redirect: 'manual',
    });
    cookies.take(response);
    if (response.status >= 500 || response.status === 403 || response.status === 429)
      throw new Error(`${form.path} answered ${response.status}`);
    // A send the service did not take (other answers than the page showed, say) leaves no receipts.
    if (step.type === 'send' && response.status !== 303)
      throw new Error(`Sending from ${form.path} answered ${response.status}`);
  }
  if (link !== undefined)
    throw new Error(`A journey given to the service ends on the link ${link.path}${link.query}: open it instead`);
  const session = cookies.get(FORM_SESSION_COOKIE);
  if (session === undefined) throw new Error('The service kept no session for the answers');
  return session;
}
