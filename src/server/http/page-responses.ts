// The answers that are pages: a page of the service rendered from what the browser's session
// keeps, the page saying why a form (or a page) could not be answered, and the page offering to
// try again when the service failed.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchPath } from 'react-router';
import { STATUS_TOKEN_PARAMETER } from '#shared/api/public-status.ts';
import { CONSENT_SAVED_PARAMETER } from '#shared/cookies/consent.ts';
import { LANGUAGE_PARAMETER } from '#shared/i18n/languages.ts';
import { FORM_TOKEN_COOKIE } from '#shared/pages/form-token.ts';
import { parseSavedFormState } from '#shared/journey/form-state.ts';
import type { FormProblem, PageRenderer, PageRequest, PageResponse } from '#shared/pages/page-renderer.ts';
import { previousPageOf } from '#shared/pages/previous-page.ts';
import { PAGE_ALIASES, PAGE_PATHS } from '#shared/pages/page-paths.ts';
import { isDatabaseUnavailableError } from '../db/database-errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, sendNotFound } from './error-handlers.ts';
import type { Cookies } from './cookies.ts';
import type { FormSessions } from './form-session-store.ts';
import { localAddress } from './local-address.ts';
import { formTokenFor, handlerOf, pathOf, type PageFormHandler, type PageView } from './page-form-handlers.ts';

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

// Matched as the browser's router matches them: letter case ignored, trailing slashes allowed.
const pagePatterns: readonly string[] = [...PAGE_PATHS, ...Object.keys(PAGE_ALIASES)];
/** True when `pathname` is a page of the browser's router. */
export const isPagePath = (pathname: string): boolean =>
  pagePatterns.some((pattern) => matchPath(pattern, pathname) !== null);

export type FormProblemFields = NonNullable<Extract<FormProblem, { resend?: unknown }>['resend']>;

/** The answers that are pages. */
export interface PageResponses {
  /**
   * The page at the request's address, rendered from what the browser's session keeps (or what
   * `view` shows instead). A notice is shown only where a handler's view passes it on.
   */
  sendPage(request: FastifyRequest, reply: FastifyReply, code: number, view?: PageView): Promise<FastifyReply>;
  /**
   * The page saying why a form (or a page) could not be answered: sent without the app's script,
   * and setting no cookie (the answer to another site's form must change nothing in the browser).
   */
  sendProblem(request: FastifyRequest, reply: FastifyReply, code: number, problem: FormProblem): FastifyReply;
  /** The service failing while answering a page or a form: logged (the path only), and a page offering to try again. */
  sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, resend?: FormProblemFields): FastifyReply;
}

export interface PageResponseOptions {
  /** The build's index.html; undefined when there is no build. */
  readonly index: string | undefined;
  /** The built server entry; undefined when the pages are rendered in the browser only. */
  readonly renderer: PageRenderer | undefined;
  readonly sessions: FormSessions;
  readonly cookies: Cookies;
  readonly handlers: readonly PageFormHandler[];
  /** The origin of PUBLIC_BASE_URL: a Referer from it is one of the service's pages. */
  readonly publicOrigin: string;
}

export function createPageResponses(options: PageResponseOptions): PageResponses {
  const { index, renderer, sessions, cookies, handlers, publicOrigin } = options;

  async function sendPage(request: FastifyRequest, reply: FastifyReply, code: number, view: PageView = {}) {
    if (index === undefined) {
      return sendNotFound(reply, 'The web app has not been built: run npm run build');
    }
    const session = view.session ?? { ...(await sessions.read(request)), notice: null };
    const backLink =
      previousPageOf(pathOf(request), parseSavedFormState(session.formState)) ?? cameFrom(request, publicOrigin);
    const shown = { formState: session.formState, statusToken: session.statusToken, notice: session.notice };
    const facts = await handlerOf(handlers, pathOf(request))?.facts?.(pathOf(request), shown);
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
  }

  function sendProblem(request: FastifyRequest, reply: FastifyReply, code: number, problem: FormProblem) {
    const page = renderPage(renderer, index ?? '', request, {
      formToken: cookies.read(request, FORM_TOKEN_COOKIE) ?? '',
      formProblem: problem,
    });
    return reply
      .code(code)
      .header('cache-control', noStore)
      .type('text/html; charset=utf-8')
      .send(page.kind === 'page' ? page.html : index);
  }

  function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, resend?: FormProblemFields) {
    const unavailable = isDatabaseUnavailableError(error);
    request.log.error({ err: error, path: pathOf(request) }, 'A page or form could not be answered');
    if (unavailable) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendProblem(request, reply, unavailable ? 503 : 500, { kind: 'failed', ...(resend && { resend }) });
  }

  return { sendPage, sendProblem, sendFailure };
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
