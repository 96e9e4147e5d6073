// The console's words for each status a member of staff may set (services/casework/status-actions.ts):
// its button, what its page says once done, and, for an action that asks for something first, the
// page that asks. The record's type makes a missing action, or a missing asking page, a type error.
import type { StatusActionName, STATUS_ACTIONS } from '../services/casework/status-actions.ts';

export interface AskTexts {
  /** The asking page's title (with the reference after it). */
  readonly title: string;
  /** Its heading: the question, with `{reference}` for the application's reference. */
  readonly question: string;
  readonly hint: string;
  /** The error when the answer is missing. */
  readonly required: string;
  /** The button that sets the status. */
  readonly submit: string;
}

interface CommonTexts {
  /** The application page's button. */
  readonly button: string;
  /** The button's govuk-button modifier, if any. */
  readonly buttonClasses?: string;
  /** The status as the action leaves it, lower case: "it cannot be rejected"; capitalised, the audit log's word. */
  readonly participle: string;
  /** What the application's page says once it is done. */
  readonly done: string;
}

type StatusActionTexts = {
  readonly [Action in StatusActionName]: CommonTexts &
    ((typeof STATUS_ACTIONS)[Action]['asks'] extends 'nothing' ? unknown : { readonly ask: AskTexts });
};

export const STATUS_ACTION_TEXTS: StatusActionTexts = {
  approve: {
    button: 'Approve',
    participle: 'approved',
    done: 'Application approved. The sponsor will be emailed.',
  },
  reject: {
    button: 'Reject',
    buttonClasses: 'govuk-button--warning',
    participle: 'rejected',
    done: 'Application rejected. The sponsor will be emailed.',
    ask: {
      title: 'Reject application',
      question: 'Why is application {reference} rejected?',
      hint: 'The sponsor’s email gives this reason.',
      required: 'Choose why the application is rejected',
      submit: 'Reject application',
    },
  },
  withdraw: {
    button: 'Withdraw',
    buttonClasses: 'govuk-button--secondary',
    participle: 'withdrawn',
    done: 'Application withdrawn. The sponsor will be emailed.',
    ask: {
      title: 'Withdraw application',
      question: 'Why is application {reference} withdrawn?',
      hint: 'For the record. The sponsor is emailed that the application was withdrawn.',
      required: 'Enter why the application is withdrawn',
      submit: 'Withdraw application',
    },
  },
};

/** The asking page's texts of an action, or undefined for an action that asks nothing. */
export function askTexts(action: StatusActionName): AskTexts | undefined {
  const texts: CommonTexts & { readonly ask?: AskTexts } = STATUS_ACTION_TEXTS[action];
  return texts.ask;
}
