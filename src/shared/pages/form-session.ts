// Every browser's answers in progress are kept on the server (decisions 024 and 040), under a random
// id in this cookie.

/** The cookie that holds the session's id (HttpOnly, SameSite=Lax, Secure in production). */
export const FORM_SESSION_COOKIE = 'formSession';

/** A session unused for this long is over (24 hours). */
export const FORM_SESSION_IDLE_MS = 24 * 60 * 60_000;
