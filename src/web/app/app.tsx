import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { CookieConsentProvider } from '../features/cookies/cookie-consent.tsx';
import { Layout } from './layout.tsx';
import { RouterErrorBoundary } from './router-error-boundary.tsx';
import { ROUTE_ALIASES, ROUTES } from './routes.tsx';
import { Spinner } from './spinner.tsx';

function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouterErrorBoundary key={pathname}>
      <Suspense fallback={<Spinner />}>
        <Routes>
          {ROUTES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {Object.entries(ROUTE_ALIASES).map(([from, to]) => (
            <Route key={from} path={from} element={<Navigate to={to} replace />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
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
