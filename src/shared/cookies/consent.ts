// The analytics choice, kept in a cookie that the browser app and the server (for a form sent
// without JavaScript) both write, and both read to render the cookie banner.

/** The cookie that keeps the analytics choice (`cookieConsent_analytics`, kept 1 year). */
export const CONSENT_COOKIE = 'cookieConsent_analytics';

// How long the choice is kept, in seconds: a year.
const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The query parameter of the page shown right after a choice sent without JavaScript. */
export const CONSENT_SAVED_PARAMETER = 'cookie-choice';
/** Its values: a choice from the banner, or from the cookies page. */
export type ConsentSaved = 'accepted' | 'rejected' | 'saved';

/** The `Set-Cookie` value that keeps `analytics` for a year. */
export function consentCookie(analytics: boolean, secure: boolean): string {
  return `${CONSENT_COOKIE}=${analytics}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
