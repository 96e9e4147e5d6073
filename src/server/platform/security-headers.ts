import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

const googleTagManager = 'https://www.googletagmanager.com';
const googleAnalytics = 'https://*.google-analytics.com';
const googleAnalyticsRegions = 'https://*.analytics.google.com';

/**
 * The Content-Security-Policy, kept free of 'unsafe-inline' and 'unsafe-eval' so an injected
 * script or style cannot run. Google's hosts are allowed only when analytics is configured.
 */
function contentSecurityPolicyDirectives(analyticsId: string | undefined): Record<string, string[]> {
  const analytics = analyticsId !== undefined;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(analytics ? [googleTagManager] : [])],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...(analytics ? [googleTagManager, googleAnalytics, googleAnalyticsRegions] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(analytics ? [googleTagManager, googleAnalytics, googleAnalyticsRegions] : [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    // Exit to GOV.UK is a form whose answer sends the browser to GOV.UK (decision 026): a
    // redirect after a form is held to form-action too.
    'form-action': ["'self'", 'https://www.gov.uk'],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The policy of the caseworker console's pages, as a header: the public pages' without analytics,
 * with `scripts` (hashes of inline scripts) allowed, and forms whose answers lead to `formActions`.
 */
export function contentSecurityPolicy(extra: {
  readonly scripts: readonly string[];
  readonly formActions: readonly string[];
}): string {
  const directives = contentSecurityPolicyDirectives(undefined);
  directives['script-src'] = [...(directives['script-src'] ?? []), ...extra.scripts];
  directives['form-action'] = ["'self'", ...extra.formActions];
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

/**
 * Sets Helmet's headers on every answer. Helmet's middleware is made once, here: the Fastify
 * plugin made it again for every request, parsing the policy each time (decision 047).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'analyticsId'>): void {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      // Helmet's defaults add upgrade-insecure-requests, which breaks http://localhost, and
      // style-src 'unsafe-inline': the policy is spelled out in full instead.
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(config.analyticsId),
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true, preload: false },
    // Status links carry their access token in the query string: never pass the address on. A
    // page whose address has no query tells this service alone where the browser came from
    // (web-app.ts, decision 026).
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    // Would block cross-origin images and scripts without CORP headers (Google's), for no gain here.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  // A script, a style sheet or a font is never shown as a page: the headers that govern a page
  // alone are not sent again with each (decision 063: about half a kilobyte, on a question page's
  // thirty files over HTTP/1.1 about 15 KiB). nosniff, CORP and the referrer policy stay.
  app.addHook('onSend', (_request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && NEVER_A_PAGE.test(type))
      for (const name of PAGE_ONLY_HEADERS) reply.raw.removeHeader(name);
    done(null, payload);
  });
}

/** The content types of the files a page loads that a browser never shows as a page (an SVG image it can). */
const NEVER_A_PAGE = /^(?:text\/javascript|application\/javascript|text\/css|font\/)/;

/** Helmet's headers that apply to a page (a document) alone, or to no browser of today. */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  // A browser keeps it from the page that came first.
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
