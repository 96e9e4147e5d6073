import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPath } from 'react-router';
import { STATUS_TOKEN_PARAMETER } from '#shared/api/public-status.ts';
import { CONSENT_SAVED_PARAMETER } from '#shared/cookies/consent.ts';
import { isLanguage, languageCookie, LANGUAGE_PARAMETER } from '#shared/i18n/languages.ts';
import { escapeHtmlAttribute } from '#shared/pages/html-escape.ts';
import { FORM_TOKEN_COOKIE } from '#shared/pages/form-token.ts';
import { parseSavedFormState } from '#shared/journey/form-state.ts';
import type { FormProblem, PageRenderer, PageRequest, PageResponse } from '#shared/pages/page-renderer.ts';
import { previousPageOf } from '#shared/pages/previous-page.ts';
import { PAGE_ALIASES, PAGE_PATHS } from '#shared/pages/page-paths.ts';
import type { Config } from '../config.ts';
import { isDatabaseUnavailableError } from '../db/database-errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, sendNotFound } from './error-handlers.ts';
import type { Cookies } from './cookies.ts';
import { SessionLimitError, type FormSessions } from './form-session-store.ts';
import { localAddress } from './local-address.ts';
import {
  fieldsOf,
  formTokenFor,
  handlerOf,
  pathOf,
  registerPageForms,
  type PageFormHandler,
  type PageForms,
  type PageView,
} from './page-form-handlers.ts';
import type { RateLimits } from './rate-limits.ts';

// Vite puts content-hashed file names under assets/: a changed file gets a new name, so browsers
// may keep them for a year. Anything else (index.html above all) must be checked every time,
// or users would get an old page pointing at assets that no longer exist.
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';
// Every page holds the browser's form token, and many its answers or statuses: no browser (not
// even its Back button) or proxy may keep one.
const noStore = 'no-store';

/**
 * A page tells the page after it (of this service only) where the browser came from, for its "Go
 * back" without JavaScript, unless its address has a query: a query can hold a status link's
 * token or a search for a name, which no Referer carries anywhere, not even to this service's
 * proxies and their logs, nor with the page's own files.
 */
const referrerPolicyOf = (request: FastifyRequest) => (request.url.includes('?') ? 'no-referrer' : 'same-origin');

// Paths that belong to the server, not to the SPA's router: an unknown one is a real 404.
const reservedPrefixes = ['/api', '/health', '/assets'];

// Matched as the browser's router matches them: letter case ignored, trailing slashes allowed.
const pagePatterns: readonly string[] = [...PAGE_PATHS, ...Object.keys(PAGE_ALIASES)];
const isPagePath = (pathname: string) => pagePatterns.some((pattern) => matchPath(pattern, pathname) !== null);

const analyticsMetaTag = /<meta\s+name=(["'])analytics-id\1\s+content=(["'])[^"']*\2\s*\/?>/i;

/**
 * Serves the built web app from config.webRoot: its files, every page of the service rendered on
 * the server (from index.html, with the analytics id filled in) for `/` and every page of the
 * browser's router, a redirect to `/` for any other GET, and JSON 404s for the rest. A page holds
 * the browser's form token, and often answers: no browser or proxy keeps one (`no-store`).
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<Config, 'webRoot' | 'analyticsId' | 'formRateLimit' | 'publicBaseUrl'>,
  pages: {
    /** What a browser without JavaScript keeps between pages. */
    sessions: FormSessions;
    /** The per-address budgets. */
    limits: RateLimits;
    /** The writer of every cookie. */
    cookies: Cookies;
    /** The pages whose forms (and links) change what a session keeps. */
    handlers: readonly PageFormHandler[];
  },
): Promise<void> {
  const { cookies } = pages;
  const publicOrigin = new URL(config.publicBaseUrl).origin;
  const index = await loadIndexPage(app, config);
  const renderer = index === undefined ? undefined : await loadPageRenderer(app, config.webRoot);

  if (existsSync(config.webRoot)) {
    const assetsDir = join(config.webRoot, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: config.webRoot,
      prefix: '/',
      index: false,
      // Vite's .vite/manifest.json and the like are build details, not pages.
      dotfiles: 'ignore',
      serveDotFiles: false,
      // The build writes .br and .gz beside each compressible file: no compressing per request.
      preCompressed: true,
      cacheControl: false,
      // The .br/.gz files are served only as encodings of their original, never by their own name.
      allowedPath: (pathName) => !/\.(?:br|gz)$/.test(pathName),
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.startsWith(assetsDir) ? immutable : revalidate);
      },
    });
  }

  /**
   * The page at the request's address, rendered from what the browser's session keeps (or what
   * `view` shows instead). A notice is shown only where a handler's view passes it on.
   */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    code: number,
    view: PageView = {},
  ): Promise<FastifyReply> => {
    if (index === undefined) {
      return sendNotFound(reply, 'The web app has not been built: run npm run build');
    }
    const session = view.session ?? { ...(await pages.sessions.read(request)), notice: null };
    const backLink =
      previousPageOf(pathOf(request), parseSavedFormState(session.formState)) ?? cameFrom(request, publicOrigin);
    const shown = { formState: session.formState, statusToken: session.statusToken, notice: session.notice };
    const facts = await handlerOf(pages.handlers, pathOf(request))?.facts?.(pathOf(request), shown);
    const page = renderPage(renderer, index, request, {
      formToken: formTokenFor(cookies, request, reply),
      session: shown,
      ...(view.outcome && { outcome: view.outcome }),
      ...(facts && { facts }),
      ...(backLink !== undefined && { backLink }),
    });
    if (page.kind === 'redirect') return reply.redirect(page.location, 302);
    return reply
      .code(code)
      .header('cache-control', noStore)
      .header('referrer-policy', referrerPolicyOf(request))
      .type('text/html; charset=utf-8')
      .send(page.html);
  };

  /**
   * The page saying why a form (or a page) could not be answered: sent without the app's script,
   * and setting no cookie (the answer to another site's form must change nothing in the browser).
   */
  const sendProblem = (request: FastifyRequest, reply: FastifyReply, code: number, problem: FormProblem) => {
    const page = renderPage(renderer, index ?? '', request, {
      formToken: cookies.read(request, FORM_TOKEN_COOKIE) ?? '',
      formProblem: problem,
    });
    return reply
      .code(code)
      .header('cache-control', noStore)
      .type('text/html; charset=utf-8')
      .send(page.kind === 'page' ? page.html : index);
  };

  /** The service failing while answering a page or a form: logged (the path only), and a page offering to try again. */
  const sendFailure = (request: FastifyRequest, reply: FastifyReply, error: unknown, resend?: FormProblemFields) => {
    const unavailable = isDatabaseUnavailableError(error);
    request.log.error({ err: error, path: pathOf(request) }, 'A page or form could not be answered');
    if (unavailable) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendProblem(request, reply, unavailable ? 503 : 500, { kind: 'failed', ...(resend && { resend }) });
  };

  const forms: PageForms = {
    sessions: pages.sessions,
    limits: pages.limits,
    render: sendPage,
    tooMany(request, reply, retryAfterSeconds) {
      reply.header('retry-after', String(retryAfterSeconds));
      return sendProblem(request, reply, 429, { kind: 'tooMany', resend: fieldsOf(request.body) });
    },
  };

  // Compressed by @fastify/compress per request like the API's answers.
  const servePage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const url = new URL(request.url, 'http://localhost');
    const asked = url.searchParams.get(LANGUAGE_PARAMETER);
    if (asked !== null) {
      // A language link: the choice is kept in a cookie (for the browser's session), and the page
      // is shown at its address without the parameter, as if the language had always been chosen.
      if (isLanguage(asked)) cookies.setShared(request, reply, (secure) => languageCookie(asked, secure));
      url.searchParams.delete(LANGUAGE_PARAMETER);
      return reply.redirect(`${localAddress(pathOf(request))}${url.search}`, 302);
    }
    if (index === undefined) return sendPage(request, reply, 200);
    try {
      await handlerOf(pages.handlers, pathOf(request))?.get?.(request, reply, forms);
      return reply.sent ? reply : await sendPage(request, reply, 200);
    } catch (error) {
      // A verified status link would start one session more than the address may start.
      if (error instanceof SessionLimitError) {
        reply.header('retry-after', String(error.retryAfterSeconds));
        return sendProblem(request, reply, 429, { kind: 'sessionsTooMany' });
      }
      // Its session could not be read (the database away, say): the page is not shown without it.
      return sendFailure(request, reply, error);
    }
  };

  // Explicit routes win over the static plugin's wildcard, so index.html is never sent unfilled, and
  // a page is rendered without first looking for a file of its name.
  for (const path of [...PAGE_PATHS, '/index.html']) app.get(path, servePage);

  if (index !== undefined) {
    await registerPageForms(app, {
      paths: PAGE_PATHS,
      limit: config.formRateLimit,
      handlers: pages.handlers,
      forms,
      cookies,
      publicBaseUrl: config.publicBaseUrl,
      problem: sendProblem,
      fail: sendFailure,
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

/**
 * The page the browser came from, when its Referer (sent to this service by its own pages only) is
 * another page of this service: the "Go back" of a page reached from anywhere. The status link's
 * token and the language and cookie choices are left out of it.
 */
function cameFrom(request: FastifyRequest, publicOrigin: string): string | undefined {
  const referer = request.headers.referer;
  if (referer === undefined || !URL.canParse(referer)) return undefined;
  const url = new URL(referer);
  if (url.origin !== publicOrigin && url.origin !== `${request.protocol}://${request.host}`) return undefined;
  const path = url.pathname;
  if (localAddress(path) !== path || !isPagePath(path) || path.toLowerCase() === pathOf(request).toLowerCase())
    return undefined;
  const dropped = [STATUS_TOKEN_PARAMETER, LANGUAGE_PARAMETER, CONSENT_SAVED_PARAMETER];
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => part !== '' && !dropped.includes(part.split('=')[0]!));
  return kept.length === 0 ? path : `${path}?${kept.join('&')}`;
}

// Built by `vite build --ssr` beside the web root (dist/web-server beside dist/web), and never served.
async function loadPageRenderer(app: FastifyInstance, webRoot: string): Promise<PageRenderer | undefined> {
  const entry = join(dirname(webRoot), 'web-server', 'entry-server.js');
  if (!existsSync(entry)) {
    app.log.warn({ entry }, 'No server entry of the web app found; pages are rendered in the browser only');
    return undefined;
  }
  const renderer = (await import(pathToFileURL(entry).href)) as PageRenderer;
  await renderer.loadPages();
  return renderer;
}

/**
 * The page rendered on the server, or index.html as it is (rendered in the browser) when there
 * is no server entry or the render fails: a page that JavaScript can still show is better than none.
 */
function renderPage(
  renderer: PageRenderer | undefined,
  index: string,
  request: FastifyRequest,
  form: Omit<PageRequest, 'url' | 'cookies'>,
): PageResponse {
  if (renderer === undefined) return { kind: 'page', html: index };
  try {
    return renderer.renderPage(index, { url: request.url, cookies: request.headers.cookie ?? '', ...form });
  } catch (error) {
    // The path only: the query can hold a status token.
    request.log.error({ err: error, path: request.url.split('?')[0] }, 'Rendering a page on the server failed');
    return { kind: 'page', html: index };
  }
}

async function loadIndexPage(
  app: FastifyInstance,
  config: Pick<Config, 'webRoot' | 'analyticsId'>,
): Promise<string | undefined> {
  let html: string;
  try {
    html = await readFile(join(config.webRoot, 'index.html'), 'utf8');
  } catch {
    // Normal under `npm run dev`, where Vite serves the pages and proxies only /api and /health here.
    app.log.warn({ webRoot: config.webRoot }, 'No built web app (index.html) found; pages will answer 404');
    return undefined;
  }
  if (config.analyticsId === undefined) return html;
  if (!analyticsMetaTag.test(html)) {
    app.log.warn('ANALYTICS_ID is set but index.html has no analytics-id meta tag; analytics stays off');
    return html;
  }
  return html.replace(
    analyticsMetaTag,
    `<meta name="analytics-id" content="${escapeHtmlAttribute(config.analyticsId)}">`,
  );
}

type FormProblemFields = NonNullable<Extract<FormProblem, { resend?: unknown }>['resend']>;
