// The console's cookies: where the browser keeps a caseworker's session id (decision 038).

/**
 * The cookie holding a caseworker's session id, for the console's addresses alone (decision 038):
 * `__Secure-cwc-console` where cookies are Secure (cookies.ts), with `Path=/caseworker` everywhere.
 */
export const STAFF_SESSION_COOKIE = 'cwc-console';
/** The path of the console's cookies: they ride on no public page's request. */
export const STAFF_COOKIE_PATH = '/caseworker';
