import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_TOKEN_PARAMETER } from '#shared/api/public-status.ts';
import {
  isLanguage,
  languageCookie,
  LANGUAGE_COOKIE,
  LANGUAGE_PARAMETER,
  type Language,
} from '#shared/i18n/languages.ts';
import { PAGE_PATHS } from '#shared/pages/page-paths.ts';
import type { Config } from '../config.ts';
import { sendNotFound } from './error-handlers.ts';
import type { Cookies } from '../platform/cookies.ts';
import type { FormSessions } from './form-session-store.ts';
import { localAddress } from './local-address.ts';
import { loadIndexPage, loadPageRenderer } from './page-loading.ts';
import { pathOf, registerPageForms, type PageFormHandler, type PageForms } from './page-form-handlers.ts';
import { createPageResponses, isPagePath, type PageResponses } from './page-responses.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import { registerStaticFiles } from './static-files.ts';
import type { SecurityLog } from '../security/security-log.ts';

// Paths that belong to the server, not to the SPA's router: an unknown one is a real 404.
const reservedPrefixes = ['/api', '/health', '/assets'];

/** What the pages are served with. */
interface WebAppPages {
  /** What the browser's session keeps on the server between pages: the journey in progress, a status link. */
  readonly sessions: FormSessions;
  /** The per-address budgets. */
  readonly limits: RateLimits;
  /** The writer of every cookie. */
  readonly cookies: Cookies;
  /** The pages whose forms (and links) change what a session keeps. */
  readonly handlers: readonly PageFormHandler[];
  /** Where the forms' security events are written. */
  readonly securityLog: SecurityLog;
}

/**
 * Serves the built web app from config.webRoot: its files, every page of the service rendered on
 * the server (from index.html, with the analytics id filled in) for `/` and every page of the
 * browser's router, a redirect to `/` for any other GET, and JSON 404s for the rest. A page holds
 * the browser's form token, and often answers: no browser or proxy keeps one (`no-store`).
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<Config, 'webRoot' | 'analyticsId' | 'publicBaseUrl'>,
  pages: WebAppPages,
): Promise<void> {
  const index = await loadIndexPage(app, config);
  const renderer = index === undefined ? undefined : await loadPageRenderer(app, config.webRoot);
  if (existsSync(config.webRoot)) await registerStaticFiles(app, config.webRoot);

  const responses = createPageResponses({
    index,
    renderer,
    sessions: pages.sessions,
    cookies: pages.cookies,
    handlers: pages.handlers,
    publicOrigin: new URL(config.publicBaseUrl).origin,
  });
  const forms: PageForms = { sessions: pages.sessions, limits: pages.limits, securityLog: pages.securityLog };
  const servePage = (request: FastifyRequest, reply: FastifyReply) =>
    answerPage(request, reply, { responses, forms, cookies: pages.cookies });

  // Explicit routes win over the static plugin's wildcard, so index.html is never sent unfilled, and
  // a page is rendered without first looking for a file of its name.
  for (const path of [...PAGE_PATHS, '/index.html']) app.get(path, servePage);

  if (index !== undefined) {
    await registerPageForms(app, {
      paths: PAGE_PATHS,
      handlers: pages.handlers,
      forms,
      cookies: pages.cookies,
      publicBaseUrl: config.publicBaseUrl,
      answer: (request, reply, result) => responses.answer(request, reply, result, forms),
      fail: responses.sendFailure,
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    const reserved = reservedPrefixes.some((p) => path === p || path.startsWith(`${p}/`));
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reserved) return sendNotFound(reply);
    if (isPagePath(path)) return servePage(request, reply);
    // Any other address leads to the start page, as the browser's router would lead there: this
    // way without JavaScript too. The query is dropped, a status token in it included.
    return reply.redirect('/', 302);
  });
}

/** A GET of a page: a language link's choice kept, or the page (its handler's view of it, a status link, say). */
async function answerPage(
  request: FastifyRequest,
  reply: FastifyReply,
  { responses, forms, cookies }: { responses: PageResponses; forms: PageForms; cookies: Cookies },
): Promise<FastifyReply> {
  // Compressed by @fastify/compress per request like the API's answers.
  const url = new URL(request.url, 'http://localhost');
  const asked = url.searchParams.get(LANGUAGE_PARAMETER);
  if (asked !== null) {
    // A language link: the choice is kept in a cookie (for the browser's session), and the page
    // is shown at its address without the parameter, as if the language had always been chosen.
    if (isLanguage(asked)) cookies.setShared(request, reply, (secure) => languageCookie(asked, secure));
    // A status link, which names its email's language, is answered at once (decision 059): its
    // page, drawn in that language, is at the address without either parameter.
    if (url.searchParams.has(STATUS_TOKEN_PARAMETER)) {
      if (isLanguage(asked)) request.headers.cookie = withLanguage(request.headers.cookie ?? '', asked);
      return responses.answerGet(request, reply, forms);
    }
    url.searchParams.delete(LANGUAGE_PARAMETER);
    return reply.redirect(`${localAddress(pathOf(request))}${url.search}`, 302);
  }
  return responses.answerGet(request, reply, forms);
}

/** A `Cookie` header as the browser sends it once the language cookie is `language`. */
function withLanguage(header: string, language: Language): string {
  const others = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${LANGUAGE_COOKIE}=`));
  return [...others, `${LANGUAGE_COOKIE}=${language}`].join('; ');
}
