// Beyond its address, language and cookies, the first render of a page depends on what the tab
// keeps in session storage: the answers and a status link's token. The server has no such
// storage and renders as for a tab that keeps neither, writing what it rendered from into the
// page. The browser hydrates the server's HTML only when it keeps the same; otherwise it renders
// the page afresh, so a page is never hydrated from different inputs (a hydration mismatch).
import { FORM_STATE_STORAGE_KEY, STATUS_TOKEN_STORAGE_KEY } from '#shared/pages/storage-keys.ts';

/** The id of the JSON script element that carries the server's render inputs. */
export const RENDER_INPUTS_ID = 'render-inputs';

const KEYS = [FORM_STATE_STORAGE_KEY, STATUS_TOKEN_STORAGE_KEY];

function stored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    // No storage at all (the server, a private mode that refuses it): nothing is kept.
    return null;
  }
}

/** What this side renders the first page from, as JSON: the same on both sides when nothing is kept. */
export function renderInputs(): string {
  return JSON.stringify(KEYS.map(stored));
}
