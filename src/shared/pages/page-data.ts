// What the server answers a page with, whether the browser runs the app or not (decision 040): the
// server owns every journey in progress, so a page is drawn from the server's answer alone. The
// server renders the page from it (and writes it into the page as JSON, which the app hydrates
// from), and the app asks for it as JSON at every move inside the service (a link, a form, Back)
// and draws the page from it. Nothing the tab keeps is ever sent back as answers.
import type { CosReferencesInUse } from '../api/cos-references-in-use.ts';
import type { ClearanceCheckView } from '../api/clearance-check.ts';
import type { FeedbackView } from '../api/feedback.ts';
import type { StatusFormOutcome } from '../api/status-form.ts';
import type { SubmissionOutcome } from '../journey/submission.ts';
import type { StatusLinkRecoveryView } from '../validation/status-link-recovery.ts';

/** What the browser's session keeps on the server, as a page shows it. */
export interface PageSession {
  /** The journey's form state, serialised (serialiseFormState). */
  readonly formState: string | null;
  /** The status link's token. */
  readonly statusToken: string | null;
  /** Shown by this page only (the name of a group member just deleted, the email a saved draft's new link went to). */
  readonly notice: string | null;
  /** The answers were saved to come back later: when they (and the emailed link) end, an ISO timestamp. */
  readonly savedUntil: string | null;
}

/** What the server keeps for a browser that has no session there. */
export const NO_SESSION: PageSession = { formState: null, statusToken: null, notice: null, savedUntil: null };

/** The answer to a form, which the page shows (nothing for an ordinary GET). */
export interface PageOutcome {
  /** Sending the applications did not store them: why. */
  readonly submission?: SubmissionOutcome;
  /** The status page's forms: the statuses opened with a licence number, or why not. */
  readonly status?: StatusFormOutcome;
  /** Send was pressed on a page showing other answers than those kept now (changed in another tab): nothing was sent. */
  readonly notice?: 'answersChanged';
  /** The check page: the question with its errors, or the answer of a check (typed, or a QR code's link). */
  readonly check?: ClearanceCheckView;
  /** The feedback page: the form with its errors, or the thanks once stored. */
  readonly feedback?: FeedbackView;
  /** The page for a new status link without the email: its errors, or that it is on its way if they matched. */
  readonly statusLinkRecovery?: StatusLinkRecoveryView;
  /** The page a saved application's emailed link opens: whether the link opens one (and nothing more about it). */
  readonly draftLink?: 'opens' | 'cannot';
  /** The page asking where to send a saved application's link: the email typed there was refused (its rule is in the answers' errors). */
  readonly draftEmail?: 'refused';
}

/** What the server looked up for a page beyond what the session keeps. */
export interface PageFacts {
  /** Check your answers and the group overview: which of the answers' COS numbers another application has. */
  readonly cosReferencesInUse?: CosReferencesInUse;
  /** The start page, when the browser has an application in progress: the page to continue it on. */
  readonly continueAt?: string;
}

/**
 * Why a form (or, without `resend`, a page) could not be answered: refused (not from this
 * service's pages), too long to keep, the service failing, too many forms from one address in a
 * minute, too many sessions started from it in an hour, or too many different email addresses
 * its requests had the service email in an hour (decision 044); or a status link (or its expired
 * page's form) over the address's status budget, shown at an address without the link's token
 * (decision 043), whose way on is the emailed link again. Shown on a page of its own; "Try again"
 * sends `resend` (the fields as sent) again.
 */
export type FormProblem =
  | { readonly kind: 'refused' | 'tooLarge' | 'linkTooMany' }
  | {
      readonly kind: 'failed' | 'tooMany' | 'sessionsTooMany' | 'emailsTooMany';
      readonly resend?: readonly (readonly [string, string])[];
    };

/** Everything a page is drawn from beyond its address and the browser's cookies. */
export interface PageData {
  /** The web build the server serves: a browser running another build loads the page afresh. */
  readonly build: string;
  /** What the browser's session keeps on the server, as this page shows it. */
  readonly session: PageSession;
  /** The browser's form token, which every form on the page carries. */
  readonly formToken: string;
  readonly outcome: PageOutcome;
  readonly facts: PageFacts;
  /** Where "Go back" leads on a page the browser loaded whole (the app keeps its own history after). */
  readonly back?: string;
  /** The form could not be answered: the page says why, in place of the page at its address. */
  readonly problem?: FormProblem;
  /**
   * The page's own address, when the browser asked for it at another: a status link's, whose
   * token the session now keeps. The browser shows this one in its place (decision 059).
   */
  readonly address?: string;
}

/** The answer to a page's GET or form asked for as JSON (the app's moves inside the service). */
export interface PageAnswer {
  /** The address of the page to show: the one asked for, or where the server sends the browser. */
  readonly location: string;
  /** What it is drawn from; absent when `location` is not a page of the service (GOV.UK, after Exit). */
  readonly data?: PageData;
}

/** The media type with which the app asks for a page's answer as JSON (in `Accept`). */
export const PAGE_ANSWER_TYPE = 'application/json';

/** The id of the JSON script element holding the data of a page rendered whole by the server. */
export const PAGE_DATA_ID = 'page-data';
