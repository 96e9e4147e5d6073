// @ts-check
// The console's script: GOV.UK Frontend's components, and the warning before the session times
// out (GOV.UK's pattern). Every page works without it.
import { initAll } from './govuk-frontend.min.js';

initAll();

const dialog = /** @type {HTMLDialogElement | null} */ (document.getElementById('timeout-warning'));
if (dialog !== null) watchForTimeout(dialog);

/**
 * Opens the dialog shortly before the session would end for want of activity, counts down, and
 * goes to the timed-out page when it has ended. The session's last activity is shared by the
 * console's tabs (local storage): a page opened in another tab keeps this one's warning away.
 * "Stay signed in" (or Escape) asks the server to keep the session, without leaving the page.
 * @param {HTMLDialogElement} dialog
 */
function watchForTimeout(dialog) {
  const idleMs = Number(dialog.dataset.idleSeconds) * 1000;
  const warningMs = Number(dialog.dataset.warningSeconds) * 1000;
  const countdown = dialog.querySelector('.app-timeout-warning__countdown');
  const stayForm = /** @type {HTMLFormElement | null} */ (dialog.querySelector('form[action="/caseworker/session"]'));
  const activityKey = 'caseworker-console-activity';
  /** @type {number | undefined} */
  let timer;

  const lastActivity = () => Math.max(loadedAt, Number(window.localStorage.getItem(activityKey) ?? 0));
  const recordActivity = () => {
    loadedAt = Date.now();
    window.localStorage.setItem(activityKey, String(loadedAt));
  };
  const describe = (/** @type {number} */ seconds) => {
    const minutes = Math.ceil(seconds / 60);
    return seconds >= 60
      ? `${minutes} minute${minutes === 1 ? '' : 's'}`
      : `${seconds} second${seconds === 1 ? '' : 's'}`;
  };
  const check = () => {
    const leftMs = lastActivity() + idleMs - Date.now();
    if (leftMs <= 0) {
      window.location.assign('/caseworker/timed-out');
      return;
    }
    if (leftMs > warningMs) {
      if (dialog.open) dialog.close();
      timer = window.setTimeout(check, leftMs - warningMs);
      return;
    }
    if (!dialog.open) dialog.showModal();
    if (countdown !== null) countdown.textContent = describe(Math.ceil(leftMs / 1000));
    timer = window.setTimeout(check, 1000);
  };
  const staySignedIn = async () => {
    if (stayForm === null) return;
    const response = await fetch(stayForm.action, {
      method: 'POST',
      body: new URLSearchParams(/** @type {any} */ (new FormData(stayForm))),
    }).catch(() => undefined);
    if (response?.ok !== true) {
      window.location.assign('/caseworker/timed-out');
      return;
    }
    recordActivity();
    window.clearTimeout(timer);
    check();
  };

  let loadedAt = Date.now();
  recordActivity();
  stayForm?.addEventListener('submit', (event) => {
    event.preventDefault();
    void staySignedIn();
  });
  // Escape closes the dialog: taken as "Stay signed in", as GOV.UK's pattern does.
  dialog.addEventListener('cancel', (event) => {
    event.preventDefault();
    void staySignedIn();
  });
  check();
}

// As the public pages' app does (main.tsx): the page now behaves as it will (the browser tests wait for this).
document.documentElement.setAttribute('data-app-ready', '');
