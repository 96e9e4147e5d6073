import { Suspense, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { CookieConsentProvider } from '../features/cookies/cookie-consent.tsx';
import { Layout } from './layout.tsx';
import { useFocusOnArrival } from './navigation-effects.ts';
import { RouterErrorBoundary } from './router-error-boundary.tsx';
import { PAGE_ALIASES } from '#shared/pages/page-paths.ts';
import { ROUTES } from './routes.tsx';
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
            <Route key={from} path={from} element={<Navigate to={to} replace />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
        <PageArrival firstKey={firstKey} />
      </Suspense>
    </RouterErrorBoundary>
  );
}

/** The whole single-page app: router, cookie consent and the shared frame around the pages. */
export function App() {
  return (
    <BrowserRouter>
      <CookieConsentProvider>
        <Layout>
          <AppRoutes />
        </Layout>
      </CookieConsentProvider>
    </BrowserRouter>
  );
}
