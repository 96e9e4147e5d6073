import { Suspense, useState, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { CookieConsentProvider } from '../features/cookies/cookie-consent.tsx';
import { FormTokenContext } from './form-token.tsx';
import { Layout } from './layout.tsx';
import { useFocusOnArrival } from './navigation-effects.ts';
import { RouterErrorBoundary } from './router-error-boundary.tsx';
import { PAGE_ALIASES } from '#shared/pages/page-paths.ts';
import { ROUTES } from './routes.tsx';
import { Redirect } from './server-render.ts';
import { PageSpinner } from './spinner.tsx';

// Beside the routes inside the Suspense boundary: its effect runs once the page has rendered.
function PageArrival({ firstKey }: { firstKey: string }) {
  useFocusOnArrival(firstKey);
  return null;
}

function AppRoutes() {
  const { key, pathname } = useLocation();
  // The location of the first load, where focus stays at the top of the page as loaded.
  const [firstKey] = useState(key);
  // A boundary per path: a page whose code is still loading shows the spinner at once (a
  // boundary already on screen would keep the old page during the router's transition); a
  // page whose code is here renders without suspending (lazyPage), so there is no spinner.
  return (
    <RouterErrorBoundary key={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          {ROUTES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {Object.entries(PAGE_ALIASES).map(([from, to]) => (
            <Route key={from} path={from} element={<Redirect to={to} kind="always" />} />
          ))}
          <Route path="*" element={<Redirect to="/" kind="always" />} />
        </Routes>
        <PageArrival firstKey={firstKey} />
      </Suspense>
    </RouterErrorBoundary>
  );
}

/** What the app starts from, read from the request on the server and from the page in the browser. */
export interface AppProps {
  /** The consent cookie's analytics choice, `undefined` before one. */
  analyticsConsent: boolean | undefined;
  /** The token the page's forms carry (the server's form-token cookie). */
  formToken: string;
  /** Where the first page's "Go back" link leads, as the server knows it from the answers. */
  backLink?: string | undefined;
}

/**
 * The app inside a router: cookie consent and the shared frame around the pages, or around `page`
 * (the server's answer to a refused form, which the browser never renders itself).
 */
export function AppFrame({ analyticsConsent, formToken, backLink, page }: AppProps & { page?: ReactNode }) {
  return (
    <FormTokenContext.Provider value={formToken}>
      <CookieConsentProvider saved={analyticsConsent}>
        <Layout backLink={backLink}>{page ?? <AppRoutes />}</Layout>
      </CookieConsentProvider>
    </FormTokenContext.Provider>
  );
}

/** The whole single-page app in the browser. */
export function App(props: AppProps) {
  return (
    <BrowserRouter>
      <AppFrame {...props} />
    </BrowserRouter>
  );
}
