// The browser's own warning before the tab closes or goes elsewhere while answers are not yet
// sent (a group of 10 takes long to type). Listened for only while there are such answers: after
// sending, after Exit and with nothing entered there is no handler (it would also keep the page
// out of some browsers' back-forward cache).
import { FORM_STATE_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { hasUnsentAnswers } from '#shared/pages/unsent-answers.ts';

const warn = (event: BeforeUnloadEvent) => event.preventDefault();
let listening = false;

/** Warns before leaving while `unsent`, and not otherwise. */
export function setLeaveWarning(unsent: boolean): void {
  if (unsent === listening) return;
  listening = unsent;
  if (unsent) window.addEventListener('beforeunload', warn);
  else window.removeEventListener('beforeunload', warn);
}

/** True when the answers this tab keeps have not been sent. */
export function tabHasUnsentAnswers(): boolean {
  try {
    return hasUnsentAnswers(sessionStorage.getItem(FORM_STATE_STORAGE_KEY));
  } catch {
    return false;
  }
}
