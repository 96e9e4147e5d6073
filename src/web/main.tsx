import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setAnalyticsConsent } from './analytics/analytics.ts';
import { App } from './app/app.tsx';
import { loadPageAt } from './app/lazy-page.ts';
import { setLeaveWarning, tabHasUnsentAnswers } from './app/leave-warning.ts';
import { adoptServerState, keptByTab, mayHydrate } from './app/page-data.ts';
import { readPageData } from './app/read-page-data.ts';
import { readConsent } from './features/cookies/consent-cookie.ts';
import { initI18n } from './i18n/i18n.ts';
import './styles/app.scss';

// An older version of the service may have installed a service worker; it must not serve stale pages.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) void registration.unregister();
  });
}

// A tab reloaded (or come back to) with answers not yet sent warns before leaving them.
setLeaveWarning(tabHasUnsentAnswers());

// govuk-frontend styles its JavaScript-enhanced components only under this class.
document.body.classList.add('govuk-frontend-supported');

// Set once the app has taken over the page (hydrated the server's HTML, or rendered it): until
// then, the page is the server's HTML without the app's behaviour.
/** The attribute on `<html>` that says the app is running; the browser tests wait for it. */
const READY_ATTRIBUTE = 'data-app-ready';
function MarkReady() {
  useEffect(() => document.documentElement.setAttribute(READY_ATTRIBUTE, ''), []);
  return null;
}

const root = document.getElementById('root');
if (root) {
  const analyticsConsent = readConsent();
  if (analyticsConsent !== undefined) setAnalyticsConsent(analyticsConsent);
  const data = readPageData();
  void initI18n(data !== undefined).then(async () => {
    if (data !== undefined) adoptServerState(data.kept);
    const hydrating = data !== undefined && mayHydrate(data, keptByTab());
    // The server's "Go back" for the first page is worked out from its answers: right for a tab
    // that keeps the same (it hydrates), not for one that keeps its own.
    const app = (
      <StrictMode>
        <App
          analyticsConsent={analyticsConsent}
          formToken={data?.formToken ?? ''}
          backLink={hydrating ? data.back : undefined}
        />
        <MarkReady />
      </StrictMode>
    );
    if (hydrating) {
      // The page's code first, so that it hydrates at once rather than behind its Suspense boundary.
      await loadPageAt(location.pathname).catch(() => undefined);
      hydrateRoot(root, app);
    } else {
      createRoot(root).render(app);
    }
  });
}
