import { consentCookie, CONSENT_COOKIE } from '#shared/cookies/consent.ts';
import { cookieValue } from '#shared/cookies/cookie-value.ts';

/** The saved analytics choice, or `undefined` while the user has not chosen. */
export function readConsent(cookies = document.cookie): boolean | undefined {
  const value = cookieValue(cookies, CONSENT_COOKIE);
  return value === 'true' ? true : value === 'false' ? false : undefined;
}

/** Saves the analytics choice for a year. */
export function writeConsent(analytics: boolean): void {
  document.cookie = consentCookie(analytics, location.protocol === 'https:');
}
