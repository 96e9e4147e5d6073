// Web analytics (Google Analytics 4 through gtag.js). Nothing is queued, no script is loaded
// and no analytics cookie is set until the user accepts analytics cookies.

type AnalyticsEvent = Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

const GTAG_HOST = 'https://www.googletagmanager.com';
let consented = false;
let scriptRequested = false;

/** The page's address as analytics sees it: no query string or fragment, which can hold status tokens. */
const pageLocation = (path: string) => `${location.origin}${path}`;

/** The analytics measurement id served by the server in `<meta name="analytics-id">`, if any. */
function analyticsId(): string | undefined {
  const content = document.querySelector('meta[name="analytics-id"]')?.getAttribute('content')?.trim();
  return content || undefined;
}

// gtag.js reads `arguments` objects from the data layer, not arrays.
function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer?.push(arguments);
}

function push(event: AnalyticsEvent): void {
  if (consented) window.dataLayer?.push(event);
}

function loadScript(id: string): void {
  if (scriptRequested) return;
  scriptRequested = true;
  gtag('js', new Date());
  // Page views are sent by the router on each navigation, so gtag's own is off. gtag.js would
  // otherwise report the address bar as the page's location, query string (a status link's
  // token) and all: it is given the address without one.
  // The page before is told as an address without its query too: a page of this service tells
  // the next one its whole address (same-origin referrer), query included.
  gtag('config', id, {
    send_page_view: false,
    anonymize_ip: true,
    page_location: pageLocation(location.pathname),
    page_referrer: document.referrer.split(/[?#]/)[0],
  });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${GTAG_HOST}/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.append(script);
}

function deleteAnalyticsCookies(): void {
  const domains = [
    '',
    `; Domain=${location.hostname}`,
    `; Domain=.${location.hostname.split('.').slice(-2).join('.')}`,
  ];
  for (const part of document.cookie.split(';')) {
    const name = part.trim().split('=')[0];
    if (name && /^_ga/.test(name)) {
      for (const domain of domains) document.cookie = `${name}=; Max-Age=0; Path=/${domain}`;
    }
  }
}

/** Applies the user's analytics choice: starts or stops the queue and the script. */
export function setAnalyticsConsent(analytics: boolean): void {
  const changed = analytics !== consented;
  if (analytics) {
    window.dataLayer = window.dataLayer ?? [];
    consented = true;
    gtag('consent', 'update', { analytics_storage: 'granted' });
    const id = analyticsId();
    if (id) loadScript(id);
    if (changed) push({ event: 'consent_update', analytics: true });
  } else {
    if (changed && consented) push({ event: 'consent_update', analytics: false });
    consented = false;
    deleteAnalyticsCookies();
  }
}

/** Records a page view. Only the path is sent: query strings can hold status tokens. */
export function trackPageView(path: string, title: string): void {
  if (consented) gtag('set', { page_location: pageLocation(path) });
  push({ event: 'page_view', page_path: path, page_title: title });
}

/** Records one failed validation rule: a question page's, or the server's refusal of a licence number. */
export function trackValidationError(path: string, field: string, rule: string): void {
  push({ event: 'validation_error', path, field, rule });
}
