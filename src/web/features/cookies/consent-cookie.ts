import { cookieValue } from '#shared/cookies/cookie-value.ts';

/** The cookie that keeps the analytics choice (`cookieConsent_analytics`, kept 1 year). */
export const CONSENT_COOKIE = 'cookieConsent_analytics';
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The saved analytics choice, or `undefined` while the user has not chosen. */
export function readConsent(cookies = document.cookie): boolean | undefined {
  const value = cookieValue(cookies, CONSENT_COOKIE);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** Saves the analytics choice for a year. */
export function writeConsent(analytics: boolean): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${analytics}; Max-Age=${ONE_YEAR_SECONDS}; Path=/; SameSite=Lax${secure}`;
}
