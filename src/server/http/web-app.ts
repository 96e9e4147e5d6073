import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLanguage, languageCookie, LANGUAGE_PARAMETER } from '#shared/i18n/languages.ts';
import { PAGE_PATHS } from '#shared/pages/page-paths.ts';
import type { Config } from '../config.ts';
import { sendNotFound } from './error-handlers.ts';
import type { Cookies } from './cookies.ts';
import { SessionLimitError, type FormSessions } from './form-session-store.ts';
import { localAddress } from './local-address.ts';
import { loadIndexPage, loadPageRenderer } from './page-loading.ts';
import {
  fieldsOf,
  handlerOf,
  pathOf,
  registerPageForms,
  type PageFormHandler,
  type PageForms,
} from './page-form-handlers.ts';
import { createPageResponses, isPagePath, type PageResponses } from './page-responses.ts';
import type { RateLimits } from './rate-limits.ts';
import { registerStaticFiles } from './static-files.ts';

// Paths that belong to the server, not to the SPA's router: an unknown one is a real 404.
const reservedPrefixes = ['/api', '/health', '/assets'];

/** What the pages are served with. */
interface WebAppPages {
  /** What a browser without JavaScript keeps between pages. */
  readonly sessions: FormSessions;
  /** The per-address budgets. */
  readonly limits: RateLimits;
  /** The writer of every cookie. */
  readonly cookies: Cookies;
  /** The pages whose forms (and links) change what a session keeps. */
  readonly handlers: readonly PageFormHandler[];
}

/**
 * Serves the built web app from config.webRoot: its files, every page of the service rendered on
 * the server (from index.html, with the analytics id filled in) for `/` and every page of the
 * browser's router, a redirect to `/` for any other GET, and JSON 404s for the rest. A page holds
 * the browser's form token, and often answers: no browser or proxy keeps one (`no-store`).
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<Config, 'webRoot' | 'analyticsId' | 'formRateLimit' | 'publicBaseUrl'>,
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
  const forms = pageFormsOf(pages, responses);
  const servePage = (request: FastifyRequest, reply: FastifyReply) =>
    answerPage(request, reply, { built: index !== undefined, pages, responses, forms });

  // Explicit routes win over the static plugin's wildcard, so index.html is never sent unfilled, and
  // a page is rendered without first looking for a file of its name.
  for (const path of [...PAGE_PATHS, '/index.html']) app.get(path, servePage);

  if (index !== undefined) {
    await registerPageForms(app, {
      paths: PAGE_PATHS,
      limit: config.formRateLimit,
      handlers: pages.handlers,
      forms,
      cookies: pages.cookies,
      publicBaseUrl: config.publicBaseUrl,
      problem: responses.sendProblem,
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

/** What a page's handler is given to answer with. */
function pageFormsOf(pages: WebAppPages, responses: PageResponses): PageForms {
  return {
    sessions: pages.sessions,
    limits: pages.limits,
    render: responses.sendPage,
    tooMany(request, reply, retryAfterSeconds) {
      reply.header('retry-after', String(retryAfterSeconds));
      return responses.sendProblem(request, reply, 429, { kind: 'tooMany', resend: fieldsOf(request.body) });
    },
  };
}

/** A GET of a page: a language link's choice kept, the page's handler (a status link, say), or the page itself. */
async function answerPage(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    built,
    pages,
    responses,
    forms,
  }: { built: boolean; pages: WebAppPages; responses: PageResponses; forms: PageForms },
): Promise<FastifyReply> {
  // Compressed by @fastify/compress per request like the API's answers.
  const url = new URL(request.url, 'http://localhost');
  const asked = url.searchParams.get(LANGUAGE_PARAMETER);
  if (asked !== null) {
    // A language link: the choice is kept in a cookie (for the browser's session), and the page
    // is shown at its address without the parameter, as if the language had always been chosen.
    if (isLanguage(asked)) pages.cookies.setShared(request, reply, (secure) => languageCookie(asked, secure));
    url.searchParams.delete(LANGUAGE_PARAMETER);
    return reply.redirect(`${localAddress(pathOf(request))}${url.search}`, 302);
  }
  if (!built) return responses.sendPage(request, reply, 200);
  try {
    await handlerOf(pages.handlers, pathOf(request))?.get?.(request, reply, forms);
    return reply.sent ? reply : await responses.sendPage(request, reply, 200);
  } catch (error) {
    // A verified status link would start one session more than the address may start.
    if (error instanceof SessionLimitError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      return responses.sendProblem(request, reply, 429, { kind: 'sessionsTooMany' });
    }
    // Its session could not be read (the database away, say): the page is not shown without it.
    return responses.sendFailure(request, reply, error);
  }
}
