// What the status pages show, and how a refusal of the service is read into it: the same in the
// browser (the API's answers, with JavaScript) and on the server (the status page's forms posted
// without JavaScript, decision 024).
import { STATUS_ERRORS, type PublicStatusResponse } from './public-status.ts';

/**
 * The query parameter of a status page's address that says a status link (or its page's form) was
 * over its address's budget, with the seconds until it may try again: a 429 is never answered at an
 * address that holds a link's token (decision 043), but sent here, where it says so.
 */
export const STATUS_LIMITED_PARAMETER = 'limited';

/** Where the status call stands. */
export type StatusView =
  | { readonly kind: 'ask' }
  | { readonly kind: 'loading' }
  | { readonly kind: 'invalidLink' }
  | { readonly kind: 'expiredLink' }
  /**
   * The licence number was refused (doesNotMatch, with the wrong numbers left before the link is
   * locked when the server said), not given (required), or the submission is locked and the
   * server did not say until when (tooManyRequests).
   */
  | {
      readonly kind: 'licenceError';
      readonly rule: 'required' | 'doesNotMatch' | 'tooManyRequests';
      readonly remainingAttempts?: number;
    }
  /** The submission is locked after too many wrong numbers, until `lockedUntil` (an ISO timestamp). */
  | { readonly kind: 'locked'; readonly lockedUntil: string }
  | { readonly kind: 'failed' }
  | { readonly kind: 'loaded'; readonly response: PublicStatusResponse };

/** What the expired link page's form for a new link came to. */
export type NewLinkState = 'ask' | 'required' | 'sending' | 'failed' | 'sent';

/** The answer to a status page's form posted without JavaScript. */
export interface StatusFormOutcome {
  /** The licence number as typed: the page's forms send it again (it is kept nowhere else). */
  readonly licenceNumber: string;
  readonly view: StatusView;
  /** The expired link page's form, when it was the one sent. */
  readonly newLink?: NewLinkState;
  /** A download asked for applications without a pre-clearance document (none approved among them). */
  readonly download?: 'noDocument';
}

/** The status pages' form fields: the licence number, what a button asks for, and a download's applications. */
export const STATUS_FORM_FIELDS = {
  licenceNumber: 'sponsor-licence-number',
  /** `new-link` on the expired link page; absent for the licence question. */
  action: 'status-action',
  /** An applicant id, or DOWNLOAD_APPROVED. */
  download: 'download',
} as const;

/** The `download` value of "Download approved applications": no applicant id looks like it. */
export const DOWNLOAD_APPROVED = 'approved';

/** What the status pages read of a refusal's body: its `error`, and the attempts left or the lockout's end. */
export interface RefusalBody {
  readonly error?: unknown;
  readonly remainingAttempts?: unknown;
  readonly lockedUntil?: unknown;
}

/** The view of a refusal of the status call: its HTTP status and its body (the API's, or the HttpError the pages' forms meet). */
export function refusedStatusView(status: number, body: RefusalBody): StatusView {
  const { error, remainingAttempts, lockedUntil } = body;
  if (status === 401 && error === STATUS_ERRORS.expiredToken) return { kind: 'expiredLink' };
  if (status === 401) return { kind: 'invalidLink' };
  if (status === 403 && error === STATUS_ERRORS.authorisation) {
    return Number.isInteger(remainingAttempts) && (remainingAttempts as number) > 0
      ? { kind: 'licenceError', rule: 'doesNotMatch', remainingAttempts: remainingAttempts as number }
      : { kind: 'licenceError', rule: 'doesNotMatch' };
  }
  if (status === 429 && error === STATUS_ERRORS.rateLimit) {
    return typeof lockedUntil === 'string' && !Number.isNaN(Date.parse(lockedUntil))
      ? { kind: 'locked', lockedUntil }
      : { kind: 'licenceError', rule: 'tooManyRequests' };
  }
  return { kind: 'failed' };
}
