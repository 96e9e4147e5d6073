// The contract between the server and the web app's server entry (src/web/entry-server.tsx, built
// to dist/web-server/entry-server.js): the server loads the built file and calls it, so it never
// imports the web app's source.
import type { SubmissionOutcome } from '../journey/submission.ts';
import type { StatusFormOutcome } from '../api/status-form.ts';
import type { ClearanceCheckView } from '../api/clearance-check.ts';
import type { FeedbackView } from '../api/feedback.ts';
import type { CosReferencesInUse } from '../api/cos-references-in-use.ts';

/**
 * What the browser's session keeps on the server (decision 024): for a browser without
 * JavaScript, what a tab with JavaScript keeps in session storage, and a notice shown once.
 */
export interface PageSession {
  /** The journey's form state, serialised as session storage keeps it. */
  readonly formState: string | null;
  /** The status link's token. */
  readonly statusToken: string | null;
  /** Shown once by this page (the name of a group member just deleted). */
  readonly notice: string | null;
}

/** What the server keeps for a browser that has no session there. */
export const NO_SESSION: PageSession = { formState: null, statusToken: null, notice: null };

/** The answer to a form posted without JavaScript, which the page shows (nothing for an ordinary GET). */
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
}

/**
 * What the server looked up for a page beyond what the session keeps; with JavaScript the page
 * asks the API for the same, so the browser hydrates the server's page from this.
 */
export interface PageFacts {
  /** Check your answers and the group overview: which of the answers' COS numbers another application has. */
  readonly cosReferencesInUse?: CosReferencesInUse;
}

/**
 * Why a form (or, without `resend`, a page) could not be answered: refused (not from this
 * service's pages), too long to keep, the service failing, too many forms from one address in a
 * minute, or too many sessions started from it in an hour. Shown on a page of its own, without
 * the app's script; "Try again" sends `resend` (the fields as sent) again.
 */
export type FormProblem =
  | { readonly kind: 'refused' | 'tooLarge' }
  | {
      readonly kind: 'failed' | 'tooMany' | 'sessionsTooMany';
      readonly resend?: readonly (readonly [string, string])[];
    };

/** What a page is rendered from: the address asked for and the request's cookies. */
export interface PageRequest {
  /** Path and query, as the browser asked (`/status?epat=…`). */
  readonly url: string;
  /** The `Cookie` header, '' when there is none. */
  readonly cookies: string;
  /** The browser's form token, which every form on the page carries. */
  readonly formToken: string;
  /** What the browser's session keeps on the server; nothing when absent. */
  readonly session?: PageSession;
  readonly outcome?: PageOutcome;
  /** What the server looked up for the page. */
  readonly facts?: PageFacts;
  /** Where the page's "Go back" link leads when the browser did not come by a link of the app (previous-page.ts). */
  readonly backLink?: string;
  /** Render the page that says why a form could not be answered (without the app's script), not the page at `url`. */
  readonly formProblem?: FormProblem;
}

/** A rendered page, or the address the user should be sent to instead. */
export type PageResponse =
  { readonly kind: 'page'; readonly html: string } | { readonly kind: 'redirect'; readonly location: string };

/** The server entry's exports. */
export interface PageRenderer {
  /** Loads every page's code and texts, so that no render waits for them. Call once, before the first render. */
  loadPages(): Promise<void>;
  /** The whole HTML document of a page, from the built index.html as `template`. */
  renderPage(template: string, request: PageRequest): PageResponse;
}
