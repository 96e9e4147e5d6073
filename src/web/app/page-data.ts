// What the server writes into a page for the app, in a JSON script element the browser does not
// run: the form token every form carries, and what the server rendered the page from.
//
// Beyond its address, language and cookies, the first render of a page depends on what the tab
// keeps in session storage: the answers and a status link's token. The server renders from what
// the browser's session keeps on the server (a browser without JavaScript keeps them there,
// decision 024), which is nothing for a browser that never sent a form without JavaScript nor
// opened a status link. The browser hydrates the server's HTML only when its tab keeps the same
// (after taking over what it should, see mayHydrate); otherwise it renders the page afresh, so a
// page is never hydrated from different inputs (a hydration mismatch).
import type { ClearanceCheckView } from '#shared/api/clearance-check.ts';
import type { FeedbackView } from '#shared/api/feedback.ts';
import { PAGE_DATA_ID } from '#shared/pages/page-data-element.ts';
import type { PageFacts } from '#shared/pages/page-renderer.ts';
import { FORM_STATE_STORAGE_KEY, STATUS_TOKEN_STORAGE_KEY } from '#shared/pages/storage-keys.ts';

/** The element's content. */
export interface PageData {
  /** What the page was rendered from: the session-storage values, in the order of STORAGE_KEYS. */
  readonly kept: readonly (string | null)[];
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

/** What the server wrote into the page, when it rendered it (not under `npm run dev`). */
export function readPageData(): PageData | undefined {
  const json = document.getElementById(PAGE_DATA_ID)?.textContent;
  return json ? (JSON.parse(json) as PageData) : undefined;
}

const STORAGE_KEYS = [FORM_STATE_STORAGE_KEY, STATUS_TOKEN_STORAGE_KEY];

/**
 * True when the tab may hydrate the page: it keeps what the server rendered from. The tab first
 * takes over the server's answers when it keeps none (answers given without JavaScript), and the
 * server's status token always: the server keeps the one of the link this browser opened last,
 * taken out of the address before the page was sent.
 */
export function mayHydrate({ kept, once }: PageData): boolean {
  try {
    STORAGE_KEYS.forEach((key, index) => {
      const value = kept[index];
      if (typeof value === 'string' && (key === STATUS_TOKEN_STORAGE_KEY || sessionStorage.getItem(key) === null))
        sessionStorage.setItem(key, value);
    });
    return once !== true && STORAGE_KEYS.every((key, index) => sessionStorage.getItem(key) === (kept[index] ?? null));
  } catch {
    // No storage at all (a private mode that refuses it): rendered afresh.
    return false;
  }
}
