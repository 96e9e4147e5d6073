import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setAnalyticsConsent, trackPageView, trackValidationError } from './analytics.ts';

beforeEach(() => {
  delete window.dataLayer;
  document.head.innerHTML = '<meta name="analytics-id" content="G-ABC123">';
});
afterEach(() => {
  setAnalyticsConsent(false);
});

const events = () =>
  (window.dataLayer ?? []).filter((e): e is Record<string, unknown> => !!e && typeof e === 'object' && 'event' in e);

describe('analytics', () => {
  it('queues nothing and loads nothing before consent', () => {
    trackPageView('/cookies', 'Cookies');
    trackValidationError('/passenger-name', 'family-name', 'required');
    expect(window.dataLayer).toBeUndefined();
    expect(document.querySelector('script')).toBeNull();
  });

  it('after consent, loads gtag.js with the configured id and queues events', () => {
    // Opened from a status link: gtag.js is configured with the address without its query, and
    // the page before (a page of the service, which tells its whole address) without its own.
    history.replaceState(null, '', '/status?epat=secret-token');
    Object.defineProperty(document, 'referrer', {
      value: `${location.origin}/status?epat=older-token`,
      configurable: true,
    });
    setAnalyticsConsent(true);
    history.replaceState(null, '', '/');
    const config = (window.dataLayer ?? [])
      .map((e) => Array.from(e as ArrayLike<unknown>))
      .find(([command]) => command === 'config');
    expect(config?.[2]).toMatchObject({
      send_page_view: false,
      page_location: `${location.origin}/status`,
      page_referrer: `${location.origin}/status`,
    });
    expect(document.querySelector('script')?.getAttribute('src')).toBe(
      'https://www.googletagmanager.com/gtag/js?id=G-ABC123',
    );
    trackPageView('/status', 'Status');
    trackValidationError('/passenger-name', 'family-name', 'required');
    expect(events()).toEqual([
      { event: 'consent_update', analytics: true },
      { event: 'page_view', page_path: '/status', page_title: 'Status' },
      { event: 'validation_error', path: '/passenger-name', field: 'family-name', rule: 'required' },
    ]);
  });

  it('gives gtag.js the page location without the query string, never the address bar with a status token', () => {
    history.replaceState(null, '', '/status?epat=secret-token');
    setAnalyticsConsent(true);
    trackPageView('/status', 'Status');
    history.replaceState(null, '', '/');
    const commands = (window.dataLayer ?? [])
      .filter((e) => !(e as object as { event?: unknown }).event)
      .map((e) => Array.from(e as ArrayLike<unknown>));
    const locations = commands.flatMap(([, ...rest]) =>
      rest.filter((arg) => typeof arg === 'object' && arg !== null && 'page_location' in arg),
    );
    expect(locations.at(-1)).toEqual({ page_location: `${location.origin}/status` });
    expect(JSON.stringify(commands)).not.toContain('secret-token');
  });

  it('stops queueing and deletes analytics cookies when consent is withdrawn', () => {
    setAnalyticsConsent(true);
    document.cookie = '_ga=GA1.1.x; Path=/';
    document.cookie = '_ga_ABC123=GS1.1.x; Path=/';
    setAnalyticsConsent(false);
    expect(document.cookie).not.toContain('_ga');
    const before = events().length;
    trackPageView('/', 'Start');
    expect(events().length).toBe(before);
    expect(events().at(-1)).toEqual({ event: 'consent_update', analytics: false });
  });
});
