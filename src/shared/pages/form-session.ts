// A browser without JavaScript keeps its answers on the server (decision 024): the server keeps,
// under a random id in this cookie, what a tab with JavaScript keeps in session storage.

/** The cookie that holds the session's id (HttpOnly, SameSite=Lax, Secure in production). */
export const FORM_SESSION_COOKIE = 'formSession';

/** A session unused for this long is over (24 hours). */
export const FORM_SESSION_IDLE_MS = 24 * 60 * 60_000;
