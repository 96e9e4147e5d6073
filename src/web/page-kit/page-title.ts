import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLocation } from 'react-router';
import { trackPageView } from '../analytics/analytics.ts';
import { useServerRender } from './server-render.ts';

// The navigation whose page view was last sent: a page re-rendering with errors is not a new view.
let lastTrackedKey: string | undefined;

/**
 * Sets the document title to "<page title> | <service title>", with "Error: " in front while
 * the page shows validation errors (GOV.UK pattern), and records the page view once the page
 * knows its title.
 */
export function usePageTitle(pageTitle: string, hasErrors = false): void {
  const { t } = useTranslation();
  const { key, pathname } = useLocation();
  const serviceName = t('service.name');
  const errorPrefix = t('page.errorPrefix');
  const title = `${hasErrors ? errorPrefix : ''}${pageTitle} | ${serviceName}`;
  const serverRender = useServerRender();
  serverRender?.setTitle(title);
  // Set in the same update as the page (a layout effect): a screen reader hears the title with
  // the error summary that takes focus, and Preact runs plain effects only a frame later.
  useLayoutEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    if (lastTrackedKey !== key) {
      lastTrackedKey = key;
      trackPageView(pathname, pageTitle);
    }
  }, [pageTitle, key, pathname]);
}

/**
 * Sets the document title to "Loading page | <service title>" while a page's code loads, so that
 * the title does not name the page the user has just left. The page sets its own when it shows.
 */
export function useLoadingTitle(): void {
  const { t } = useTranslation();
  const loading = t('common.loading');
  const serviceName = t('service.name');
  useLayoutEffect(() => {
    document.title = `${loading} | ${serviceName}`;
  }, [loading, serviceName]);
}
