import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { setAnalyticsConsent } from '../../analytics/analytics.ts';
import { useLocation } from 'react-router';
import { CONSENT_SAVED_PARAMETER } from '#shared/cookies/consent.ts';
import { writeConsent } from './consent-cookie.ts';

/** What the user chose about analytics cookies, and whether the banner still shows. */
export interface CookieConsent {
  /** `undefined` until the user chooses. */
  analytics: boolean | undefined;
  /** True right after a choice made in the banner, until the next navigation. */
  didJustSet: boolean;
  /** The confirmation was dismissed with Hide. */
  hidden: boolean;
  choose: (analytics: boolean, fromBanner: boolean) => void;
  hide: () => void;
  clearJustSet: () => void;
}

const ConsentContext = createContext<CookieConsent | null>(null);

/**
 * Keeps the choice for the whole app, starting from `saved`: the consent cookie as the page was
 * loaded (read from the request on the server, from `document.cookie` in the browser).
 */
export function CookieConsentProvider({ saved, children }: { saved: boolean | undefined; children: ReactNode }) {
  const [analytics, setAnalytics] = useState(saved);
  // A choice sent from the banner without JavaScript comes back as ?cookie-choice=accepted|rejected.
  const { search } = useLocation();
  const [didJustSet, setDidJustSet] = useState(() =>
    ['accepted', 'rejected'].includes(new URLSearchParams(search).get(CONSENT_SAVED_PARAMETER) ?? ''),
  );
  const [hidden, setHidden] = useState(false);

  const choose = useCallback((value: boolean, fromBanner: boolean) => {
    writeConsent(value);
    setAnalyticsConsent(value);
    setAnalytics(value);
    setDidJustSet(fromBanner);
    setHidden(false);
  }, []);
  const hide = useCallback(() => setHidden(true), []);
  const clearJustSet = useCallback(() => setDidJustSet(false), []);

  const value = useMemo(
    () => ({ analytics, didJustSet, hidden, choose, hide, clearJustSet }),
    [analytics, didJustSet, hidden, choose, hide, clearJustSet],
  );
  return <ConsentContext.Provider value={value}>{children}</ConsentContext.Provider>;
}

/** The cookie consent of the app; only inside `CookieConsentProvider`. */
export function useCookieConsent(): CookieConsent {
  const value = useContext(ConsentContext);
  if (!value) throw new Error('useCookieConsent needs a CookieConsentProvider');
  return value;
}
