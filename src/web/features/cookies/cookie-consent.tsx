import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { setAnalyticsConsent } from '../../analytics/analytics.ts';
import { readConsent, writeConsent } from './consent-cookie.ts';

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

/** Reads the consent cookie at start-up and keeps the choice for the whole app. */
export function CookieConsentProvider({ children }: { children: ReactNode }) {
  const [analytics, setAnalytics] = useState<boolean | undefined>(() => {
    const saved = readConsent();
    if (saved !== undefined) setAnalyticsConsent(saved);
    return saved;
  });
  const [didJustSet, setDidJustSet] = useState(false);
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
