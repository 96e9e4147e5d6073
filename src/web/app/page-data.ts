// What the server writes into a page for the app, in a JSON script element the browser does not
// run: the form token every form carries, and what the server rendered the page from. The
// browser reads it through read-page-data.ts, which checks it.
//
// Beyond its address, language and cookies, the first render of a page depends on what the tab
// keeps in session storage: the answers and a status link's token. The server renders from what
// the browser's session keeps on the server (a browser without JavaScript keeps them there,
// decision 024), which is nothing for a browser that never sent a form without JavaScript nor
// opened a status link. The browser hydrates the server's HTML only when its tab keeps the same
// (after taking over what it should, see adoptServerState); otherwise it renders the page afresh, so a
// page is never hydrated from different inputs (a hydration mismatch).
import type { ClearanceCheckView } from '#shared/api/clearance-check.ts';
import type { FeedbackView } from '#shared/api/feedback.ts';
import type { PageFacts } from '#shared/pages/page-renderer.ts';
import { FORM_STATE_STORAGE_KEY, STATUS_TOKEN_STORAGE_KEY } from '#shared/pages/storage-keys.ts';

/** The session-storage values a first render depends on, by name (null: none kept). */
export interface KeptValues {
  /** The journey's answers, under FORM_STATE_STORAGE_KEY. */
  readonly formState: string | null;
  /** A status link's token, under STATUS_TOKEN_STORAGE_KEY. */
  readonly statusToken: string | null;
}

/** The element's content. */
export interface PageData {
  /** What the page was rendered from: the session-storage values the server's session keeps. */
  readonly kept: KeptValues;
  readonly formToken: string;
  /** Where the page's "Go back" link leads on this first load (no page of the app before it). */
  readonly back?: string;
  /** The page shows what only the server's answer knew (a form's outcome, a notice): it is never hydrated. */
  readonly once?: true;
  /**
   * The check page opened from a QR code's link: the server's answer, so the browser shows it
   * rather than checking (and counting) the document a second time.
   */
  readonly check?: ClearanceCheckView;
  /**
   * The status link this page was loaded with is not one of ours or has expired: the server's
   * answer, so the browser shows it at once rather than ask for the licence number first.
   */
  readonly statusLink?: 'invalidLink' | 'expiredLink';
  /** The feedback page's answer to a form posted before the script ran (its errors, or the thanks). */
  readonly feedback?: FeedbackView;
  /** What the server looked up for the page (a COS number another application has), so the browser need not ask again. */
  readonly facts?: PageFacts;
}

const STORAGE_KEYS: { readonly [K in keyof KeptValues]: string } = {
  formState: FORM_STATE_STORAGE_KEY,
  statusToken: STATUS_TOKEN_STORAGE_KEY,
};

/**
 * Takes over what the server rendered from into the tab's session storage: its answers when the
 * tab keeps none (answers given without JavaScript), and its status token always (the server
 * keeps the one of the link this browser opened last, taken out of the address before the page
 * was sent). Storage that refuses it (a private mode) keeps nothing.
 */
export function adoptServerState(kept: KeptValues): void {
  try {
    if (kept.formState !== null && sessionStorage.getItem(STORAGE_KEYS.formState) === null)
      sessionStorage.setItem(STORAGE_KEYS.formState, kept.formState);
    if (kept.statusToken !== null) sessionStorage.setItem(STORAGE_KEYS.statusToken, kept.statusToken);
  } catch {
    // As below: the page is then rendered afresh.
  }
}

/** What the tab keeps in session storage; undefined when it has no storage at all (a private mode that refuses it). */
export function keptByTab(): KeptValues | undefined {
  try {
    return {
      formState: sessionStorage.getItem(STORAGE_KEYS.formState),
      statusToken: sessionStorage.getItem(STORAGE_KEYS.statusToken),
    };
  } catch {
    return undefined;
  }
}

/**
 * True when the tab may hydrate the page: it keeps (`tab`) what the server rendered it from, and
 * the page does not show what only the server's answer knew. Otherwise it is rendered afresh.
 */
export function mayHydrate({ kept, once }: PageData, tab: KeptValues | undefined): boolean {
  return once !== true && tab !== undefined && tab.formState === kept.formState && tab.statusToken === kept.statusToken;
}
