import { afterEach, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE } from '#shared/cookies/consent.ts';
import { readConsent, writeConsent } from './consent-cookie.ts';

afterEach(() => {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
});

describe('consent cookie', () => {
  it('reads an undecided, accepted or rejected choice', () => {
    expect(readConsent('')).toBeUndefined();
    expect(readConsent('other=1; cookieConsent_analytics=true')).toBe(true);
    expect(readConsent('cookieConsent_analytics=false; x=y')).toBe(false);
    expect(readConsent('cookieConsent_analytics=maybe')).toBeUndefined();
    expect(readConsent('xcookieConsent_analytics=true')).toBeUndefined();
  });

  it('writes the choice where it can be read back', () => {
    writeConsent(true);
    expect(readConsent()).toBe(true);
    writeConsent(false);
    expect(readConsent()).toBe(false);
  });
});
