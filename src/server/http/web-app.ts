import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPath } from 'react-router';
import { isLanguage, languageCookie, LANGUAGE_PARAMETER } from '#shared/i18n/languages.ts';
import { escapeHtmlAttribute } from '#shared/pages/html-escape.ts';
import { FORM_TOKEN_FIELD } from '#shared/pages/form-token.ts';
import type { FormProblem, PageOutcome, PageRenderer, PageResponse, PageSession } from '#shared/pages/page-renderer.ts';
import { PAGE_ALIASES, PAGE_PATHS } from '#shared/pages/page-paths.ts';
import type { Config } from '../config.ts';
import { isDatabaseUnavailableError } from '../db/database-errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, sendNotFound } from './error-handlers.ts';
import type { FormSessions } from './form-session.ts';
import {
  formTokenFor,
  handlerOf,
  pathOf,
  registerPageForms,
  type PageFormHandler,
  type PageForms,
} from './page-forms.ts';

// Vite puts content-hashed file names under assets/: a changed file gets a new name, so browsers
// may keep them for a year. Anything else (index.html above all) must be checked every time,
// or users would get an old page pointing at assets that no longer exist.
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

// Paths that belong to the server, not to the SPA's router: an unknown one is a real 404.
const reservedPrefixes = ['/api', '/health', '/assets'];

// Matched as the browser's router matches them: letter case ignored, trailing slashes allowed.
const pagePatterns: readonly string[] = [...PAGE_PATHS, ...Object.keys(PAGE_ALIASES)];
const isPagePath = (pathname: string) => pagePatterns.some((pattern) => matchPath(pattern, pathname) !== null);

const analyticsMetaTag = /<meta\s+name=(["'])analytics-id\1\s+content=(["'])[^"']*\2\s*\/?>/i;

/**
 * Serves the built web app from config.webRoot: its files, every page of the service rendered on
 * the server (from index.html, with the analytics id filled in) for `/` and every page of the
 * browser's router, a redirect to `/` for any other GET, and JSON 404s for the rest.
 */
export async function registerWebApp(
  app: FastifyInstance,
  config: Pick<Config, 'webRoot' | 'analyticsId' | 'formRateLimit'>,
  pages: {
    /** What a browser without JavaScript keeps between pages. */
    sessions: FormSessions;
    /** The pages whose forms (and links) change what a session keeps. */
    handlers: readonly PageFormHandler[];
  },
): Promise<void> {
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

  /** The page at the request's address, rendered from what the browser's session keeps. */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    code: number,
    outcome?: PageOutcome,
  ): Promise<FastifyReply> => {
    if (index === undefined) {
      return sendNotFound(reply, 'The web app has not been built: run npm run build');
    }
    const session = await readSession(request, reply);
    const page = renderPage(renderer, index, request, {
      formToken: formTokenFor(request, reply),
      session,
      ...(outcome && { outcome }),
    });
    if (page.kind === 'redirect') return reply.redirect(page.location, 302);
    return reply
      .code(code)
      .header('cache-control', revalidate)
      .header('vary', 'Cookie')
      .type('text/html; charset=utf-8')
      .send(page.html);
  };

  /** What the browser's session keeps; a notice is shown once, so it is cleared as it is read. */
  const readSession = async (request: FastifyRequest, reply: FastifyReply): Promise<PageSession> => {
    const session = await pages.sessions.read(request);
    if (session.notice !== null) await pages.sessions.write(request, reply, { ...session, notice: null });
    return session;
  };

  const forms: PageForms = { sessions: pages.sessions, render: sendPage };

  /** The page saying why a form (or a page) could not be answered: sent without the app's script. */
  const sendProblem = (request: FastifyRequest, reply: FastifyReply, code: number, problem: FormProblem) => {
    const page = renderPage(renderer, index ?? '', request, {
      formToken: formTokenFor(request, reply),
      formProblem: problem,
    });
    return reply
      .code(code)
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

  // Compressed by @fastify/compress per request like the API's answers. The page depends on the
  // language and consent cookies, and on the session's cookie.
  const servePage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const url = new URL(request.url, 'http://localhost');
    const asked = url.searchParams.get(LANGUAGE_PARAMETER);
    if (asked !== null) {
      // A language link: the choice is kept in a cookie (for the browser's session), and the page
      // is shown at its address without the parameter, as if the language had always been chosen.
      if (isLanguage(asked)) reply.header('set-cookie', languageCookie(asked, request.protocol === 'https'));
      url.searchParams.delete(LANGUAGE_PARAMETER);
      return reply.redirect(`${url.pathname}${url.search}`, 302);
    }
    if (index === undefined) return sendPage(request, reply, 200);
    try {
      await handlerOf(pages.handlers, pathOf(request))?.get?.(request, reply, forms);
      return reply.sent ? reply : await sendPage(request, reply, 200);
    } catch (error) {
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
      // Forbidden, with the page that says nothing was saved and leads back to the form.
      refuse: (request, reply) => sendProblem(request, reply, 403, { kind: 'refused' }),
      // Too many forms, or the service failing: a page saying so, whose Try again sends the same form.
      fail: (request, reply, error) => {
        const resend = fieldsOf(request.body);
        if (statusOf(error) === 429) return sendProblem(request, reply, 429, { kind: 'tooMany', resend });
        return sendFailure(request, reply, error, resend);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const reserved = reservedPrefixes.some((p) => path === p || path.startsWith(`${p}/`));
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reserved) return sendNotFound(reply);
    if (isPagePath(path)) return servePage(request, reply);
    // Any other address leads to the start page, as the browser's router would lead there: this
    // way without JavaScript too. The query is dropped, a status token in it included.
    return reply.redirect('/', 302);
  });
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
  form: { formToken: string; session?: PageSession; outcome?: PageOutcome; formProblem?: FormProblem },
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

/** The fields of a posted form, as sent (the token left out: the page writes the current one). */
function fieldsOf(body: unknown): FormProblemFields {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([name, value]) =>
    name === FORM_TOKEN_FIELD
      ? []
      : [value].flat().flatMap((one) => (typeof one === 'string' ? [[name, one] as const] : [])),
  );
}

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
    ? error.statusCode
    : undefined;
