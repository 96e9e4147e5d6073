import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setAnalyticsConsent } from './analytics/analytics.ts';
import { App } from './shell/app.tsx';
import { HydrationTurnsProvider, hydrationTurns, nextTask } from './page-kit/hydrate-later.tsx';
import { loadPageAt } from './shell/lazy-page.ts';
import { fetchPageAnswer, readEmbeddedPageData } from './page-kit/page-data.ts';
import { readConsent } from './features/cookies/consent-cookie.ts';
import { initI18n } from './i18n/i18n.ts';
import './styles/app.scss';

// An older version of the service may have installed a service worker; it must not serve stale pages.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) void registration.unregister();
  });
}

// govuk-frontend styles its JavaScript-enhanced components only under this class.
document.body.classList.add('govuk-frontend-supported');

// Set once the app has taken over the page (hydrated the server's HTML, the parts that hydrate
// later included, or rendered it): until then, the page is the server's HTML without the app's behaviour.
/** The attribute on `<html>` that says the app is running; the browser tests wait for it. */
const READY_ATTRIBUTE = 'data-app-ready';
function MarkReady({ after }: { after: Promise<void> }) {
  useEffect(() => void after.then(() => document.documentElement.setAttribute(READY_ATTRIBUTE, '')), [after]);
  return null;
}

const root = document.getElementById('root');
if (root) {
  // The server's answer for this address: written into the page it rendered, which the app
  // hydrates from the same answer; asked for when it rendered none (the Vite dev server's page).
  const embedded = readEmbeddedPageData();
  // A page the server answered at another address (a status link's, its token now kept by the
  // server: decision 059) is shown at its own, before analytics or the router read the address.
  if (embedded?.address !== undefined) history.replaceState(history.state, '', embedded.address);
  const analyticsConsent = readConsent();
  if (analyticsConsent !== undefined) setAnalyticsConsent(analyticsConsent);
  // The app starts in steps, each a task of its own, so that none holds a slow phone's page (and
  // a tap meanwhile) for long: asking for the page's code (a preload link for each of its files),
  // then the texts, then, once the code is here, hydrating: the page's code first, so that the page
  // hydrates at once rather than behind its Suspense boundary.
  const pageCode =
    embedded === undefined
      ? undefined
      : nextTask()
          .then(() => loadPageAt(location.pathname))
          .catch(() => undefined);
  void nextTask()
    .then(nextTask)
    .then(async () => {
      await initI18n(embedded !== undefined);
      let data = embedded;
      if (data === undefined) {
        const answer = await fetchPageAnswer(`${location.pathname}${location.search}`);
        if (answer.data === undefined) return location.assign(answer.location);
        history.replaceState(history.state, '', answer.location);
        data = answer.data;
      }
      // The parts of the frame that hydrate later (hydrate-later.tsx) take their turns as the page hydrates.
      const turns = hydrationTurns();
      const app = (
        <StrictMode>
          <HydrationTurnsProvider value={turns}>
            <App analyticsConsent={analyticsConsent} data={data} />
          </HydrationTurnsProvider>
          <MarkReady after={turns.done} />
        </StrictMode>
      );
      if (embedded !== undefined) {
        await pageCode;
        await nextTask();
        hydrateRoot(root, app);
        turns.close();
      } else {
        // Nothing to hydrate: every part renders at once.
        turns.close();
        createRoot(root).render(app);
      }
    });
}
