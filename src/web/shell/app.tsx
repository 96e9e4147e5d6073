import { Suspense, useState } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { PageData } from '#shared/pages/page-data.ts';
import { CookieConsentProvider } from '../features/cookies/cookie-consent.tsx';
import { Layout } from './layout.tsx';
import { lazyPage } from './lazy-page.ts';
import { useFocusOnArrival } from './navigation-effects.ts';
import { usePageData } from '../page-kit/page-data-context.ts';
import { PageRouter } from './page-router.tsx';
import { RouterErrorBoundary } from './router-error-boundary.tsx';
import { PAGE_ALIASES } from '#shared/pages/page-paths.ts';
import { rememberedPerPath } from '#shared/pages/path-matcher.ts';
import { ROUTES } from './routes.tsx';
import { Redirect } from '../page-kit/server-render.ts';
import { PageSpinner } from '../page-kit/spinner.tsx';

/** The page saying why a form could not be answered: the server's answer in place of the page (its texts come with it). */
export const FormProblemPage = lazyPage(() => import('./form-problem-page.tsx'), 'FormProblemPage');

// Beside the routes inside the Suspense boundary: its effect runs once the page has rendered.
function PageArrival({ firstKey }: { firstKey: string }) {
  useFocusOnArrival(firstKey);
  return null;
}

// The pages' routes, made once. React Router flattens, ranks and compiles a route table again at
// every render (useRoutes), which was a sixth of the server's time for the start page. So the
// route an address leads to is found once per address, as the router would choose it; a page
// whose path has no parameters is rendered as it is (its links and moves are to whole paths), and
// one with parameters is given to the router alone, which matches it and gives its parameters.
const PAGE_ROUTES: RouteObject[] = [
  ...ROUTES.map(({ path, Page }) => ({ path, element: <Page /> })),
  ...Object.entries(PAGE_ALIASES).map(([from, to]) => ({ path: from, element: <Redirect to={to} /> })),
  { path: '*', element: <Redirect to="/" /> },
];
// A path written as a route's own is that route's: React Router ranks a route without parameters
// above any other that matches, and looking it up spares ranking the whole table (which it does at
// every call), a sixteenth of a page's first hydration.
const ROUTE_OF_PATH = new Map(PAGE_ROUTES.flatMap((route) => (/[:*]/.test(route.path!) ? [] : [[route.path!, route]])));
/** The route of a path, as React Router would choose it from every page's ('*', the last, matches every path). */
const routeOf = rememberedPerPath(
  (pathname): RouteObject =>
    ROUTE_OF_PATH.get(pathname) ?? matchRoutes(PAGE_ROUTES, pathname)?.at(-1)?.route ?? PAGE_ROUTES.at(-1)!,
);

function RouteWithParameters({ route }: { route: RouteObject }) {
  return useRoutes([route]);
}

function PageRoute({ pathname }: { pathname: string }) {
  const route = routeOf(pathname);
  return route.path?.includes(':') === true ? <RouteWithParameters route={route} /> : route.element;
}

function AppRoutes() {
  const { key, pathname } = useLocation();
  const { problem } = usePageData();
  // The location of the first load, where focus stays at the top of the page as loaded.
  const [firstKey] = useState(key);
  // A boundary per path: a page whose code is still loading shows the spinner at once (a
  // boundary already on screen would keep the old page during the router's transition); a
  // page whose code is here renders without suspending (lazyPage), so there is no spinner.
  return (
    <RouterErrorBoundary key={pathname}>
      <Suspense fallback={<PageSpinner />}>
        {problem !== undefined ? <FormProblemPage problem={problem} /> : <PageRoute pathname={pathname} />}
        <PageArrival firstKey={firstKey} />
      </Suspense>
    </RouterErrorBoundary>
  );
}

/** What the app starts from, read from the request on the server and from the page in the browser. */
export interface AppProps {
  /** The consent cookie's analytics choice, `undefined` before one. */
  analyticsConsent: boolean | undefined;
}

/** The app inside a router: cookie consent and the shared frame around the pages. */
export function AppFrame({ analyticsConsent }: AppProps) {
  return (
    <CookieConsentProvider saved={analyticsConsent}>
      <Layout>
        <AppRoutes />
      </Layout>
    </CookieConsentProvider>
  );
}

/** The whole single-page app in the browser, starting from `data`, the server's answer for the address loaded. */
export function App({ data, ...props }: AppProps & { data: PageData }) {
  return (
    <PageRouter data={data}>
      <AppFrame {...props} />
    </PageRouter>
  );
}
