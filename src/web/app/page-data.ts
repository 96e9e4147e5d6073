// What the server writes into a page for the app, in a JSON script element the browser does not
// run: the form token every form carries, and what the server rendered the page from.
//
// Beyond its address, language and cookies, the first render of a page depends on what the tab
// keeps in session storage: the answers and a status link's token. The server has no such
// storage and renders as for a tab that keeps neither. The browser hydrates the server's HTML
// only when it keeps the same; otherwise it renders the page afresh, so a page is never hydrated
// from different inputs (a hydration mismatch).
import { FORM_STATE_STORAGE_KEY, STATUS_TOKEN_STORAGE_KEY } from '#shared/pages/storage-keys.ts';

/** The id of the JSON script element. */
export const PAGE_DATA_ID = 'page-data';

/** The element's content. */
export interface PageData {
  /** What the page was rendered from: the session-storage values, by key. */
  readonly kept: readonly (string | null)[];
  readonly formToken: string;
}

function stored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    // No storage at all (the server, a private mode that refuses it): nothing is kept.
    return null;
  }
}

/** What this side renders the first page from (nothing, on the server). */
export function keptInStorage(): (string | null)[] {
  return [FORM_STATE_STORAGE_KEY, STATUS_TOKEN_STORAGE_KEY].map(stored);
}
