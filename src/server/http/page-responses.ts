// The answers that are pages: a page of the service drawn from what the browser's session keeps on
// the server (decision 040), as HTML rendered on the server, or as JSON (the page's data and
// address) for the app, which asks with `Accept: application/json` and draws the page itself; the
// page saying why a form (or a page) could not be answered; and the page offering to try again
// when the service failed. The same handlers answer both: what differs is only how it is written.
import { placeOf, type SecurityLog } from '../security/security-log.ts';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_TOKEN_PARAMETER } from '#shared/api/public-status.ts';
import { STATUS_LIMITED_PARAMETER } from '#shared/api/status-form.ts';
import { CONSENT_SAVED_PARAMETER } from '#shared/cookies/consent.ts';
import { LANGUAGE_PARAMETER } from '#shared/i18n/languages.ts';
import { FORM_TOKEN_COOKIE } from '#shared/pages/form-token.ts';
import { parseSavedFormState } from '#shared/journey/form-state.ts';
import {
  NO_SESSION,
  PAGE_ANSWER_TYPE,
  type FormProblem,
  type PageAnswer,
  type PageData,
  type PageSession,
} from '#shared/pages/page-data.ts';
import type { PageRenderer, PageResponse } from '#shared/pages/page-renderer.ts';
import { pathMatcher } from '#shared/pages/path-matcher.ts';
import { previousPageOf } from '#shared/pages/previous-page.ts';
import { PAGE_ALIASES, PAGE_PATHS } from '#shared/pages/page-paths.ts';
import { isDatabaseUnavailableError } from '../db/database-errors.ts';
import { DATABASE_RETRY_AFTER_SECONDS, sendNotFound } from './error-handlers.ts';
import type { Cookies } from '../platform/cookies.ts';
import type { FormSessions } from './form-session-store.ts';
import { localAddress } from './local-address.ts';
import {
  formTokenFor,
  handlerOf,
  isPageRequest,
  pathOf,
  resultOfError,
  targetOf,
  type PageFormHandler,
  type PageForms,
  type PageResult,
  type PageTarget,
  type PageView,
  type ResentFields,
} from './page-form-handlers.ts';

// Every page holds the browser's form token, and many its answers or statuses: no browser (not
// even its Back button) or proxy may keep one. One address answers HTML or JSON by `Accept`.
const noStore = 'no-store';

/** How many redirects a JSON answer follows on the server before it gives the app the last address. */
const MAX_FOLLOWED = 5;

/**
 * A page tells the page after it (of this service only) where the browser came from, for its "Go
 * back" without JavaScript, unless its address has a query: a query can hold a status link's
 * token or a search for a name, which no Referer carries anywhere, not even to this service's
 * proxies and their logs, nor with the page's own files.
 */
const referrerPolicyOf = (request: FastifyRequest) => (request.url.includes('?') ? 'no-referrer' : 'same-origin');

/** True when `pathname` is a page of the browser's router. */
export const isPagePath = pathMatcher([...PAGE_PATHS, ...Object.keys(PAGE_ALIASES)]);

/** True when the app asks for the page's answer as JSON rather than the page. */
const wantsPageAnswer = (request: FastifyRequest): boolean =>
  request.headers.accept?.split(',')[0]?.trim() === PAGE_ANSWER_TYPE;

/** The answers that are pages. */
export interface PageResponses {
  /** A GET of a page: its handler's view of it (a link's, a status link's), or the page as the session keeps it. */
  answerGet(request: FastifyRequest, reply: FastifyReply, forms: PageForms): Promise<FastifyReply>;
  /** What came of a form (or a page's GET), as a page or as the app's JSON. */
  answer(request: FastifyRequest, reply: FastifyReply, result: PageResult, forms: PageForms): Promise<FastifyReply>;
  /** The service failing while answering a page or a form: logged (the path only), and a page offering to try again. */
  sendFailure(
    request: FastifyRequest,
    reply: FastifyReply,
    error: unknown,
    resend?: ResentFields,
  ): Promise<FastifyReply>;
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
  // The app running another build (one deployed since it loaded) loads the page afresh.
  const build = createHash('sha256')
    .update(index ?? '')
    .digest('base64url')
    .slice(0, 16);

  /** What the page at `target` is drawn from, as `view` shows it. `back` only for a page loaded whole. */
  async function dataOf(
    request: FastifyRequest,
    reply: FastifyReply,
    target: PageTarget,
    view: PageView = {},
    whole = false,
  ): Promise<PageData> {
    const session: PageSession = view.session ?? { ...(await sessions.read(request)), notice: null };
    const { formState, statusToken, notice, savedUntil } = session;
    const shown: PageSession = { formState, statusToken, notice, savedUntil };
    const facts = (await handlerOf(handlers, target.path)?.facts?.(target.path, shown)) ?? {};
    const back = whole
      ? (previousPageOf(target.path, parseSavedFormState(shown.formState)) ?? cameFrom(request, publicOrigin))
      : undefined;
    return {
      build,
      formToken: formTokenFor(cookies, request, reply),
      session: shown,
      outcome: view.outcome ?? {},
      facts,
      ...(back !== undefined && { back }),
      ...(view.address !== undefined && { address: view.address }),
    };
  }

  /** The data of a problem's page: it sets no cookie (the answer to another site's form must change nothing in the browser). */
  const problemData = (request: FastifyRequest, problem: FormProblem): PageData => ({
    build,
    formToken: cookies.read(request, FORM_TOKEN_COOKIE) ?? '',
    session: NO_SESSION,
    outcome: {},
    facts: {},
    problem,
  });

  const sendJson = (reply: FastifyReply, code: number, answer: PageAnswer) =>
    reply.code(code).header('cache-control', noStore).header('vary', 'accept').send(answer);

  const sendHtml = (request: FastifyRequest, reply: FastifyReply, code: number, html: string) =>
    reply
      .code(code)
      .header('cache-control', noStore)
      .header('vary', 'accept')
      .header('referrer-policy', referrerPolicyOf(request))
      .type('text/html; charset=utf-8')
      .send(html);

  /** The page at the request's address (or the view's own), rendered from what the browser's session keeps (or what `view` shows instead). */
  async function sendPage(request: FastifyRequest, reply: FastifyReply, code: number, view?: PageView) {
    if (index === undefined) return sendNotFound(reply, 'The web app has not been built: run npm run build');
    const address = view?.address ?? request.url;
    const data = await dataOf(request, reply, targetOf(address, isPageRequest(request)), view, true);
    const page = renderPage(renderer, index, request, address, data);
    if (page.kind === 'redirect') return reply.redirect(page.location, 302);
    return sendHtml(request, reply, code, page.html);
  }

  /** The page saying why a form (or a page) could not be answered, sent without the app's script. */
  function sendProblem(request: FastifyRequest, reply: FastifyReply, code: number, problem: FormProblem) {
    const page = renderPage(renderer, index ?? '', request, request.url, problemData(request, problem));
    return reply
      .code(code)
      .header('cache-control', noStore)
      .type('text/html; charset=utf-8')
      .send(page.kind === 'page' ? page.html : index);
  }

  /** A GET of `target` asked for as JSON: its handler's view, following the redirects of this service on the server. */
  async function answerJson(
    request: FastifyRequest,
    reply: FastifyReply,
    forms: PageForms,
    target: PageTarget,
    result: PageResult | undefined,
    followed = 0,
  ): Promise<FastifyReply> {
    if (result?.kind === 'sent') return reply;
    if (result?.kind === 'problem')
      return sendJson(reply, result.code, { location: target.url, data: problemData(request, result.problem) });
    if (result?.kind === 'redirect') {
      const to = targetOf(result.to, false);
      if (!result.to.startsWith('/') || !isPagePath(to.path) || followed >= MAX_FOLLOWED)
        return sendJson(reply, 200, { location: result.to });
      const next = await handlerOf(handlers, to.path)?.get?.(request, reply, forms, to);
      return answerJson(request, reply, forms, to, next, followed + 1);
    }
    const code = result?.code ?? 200;
    const shown = result?.view?.address === undefined ? target : targetOf(result.view.address, target.shown);
    return sendJson(reply, code, { location: shown.url, data: await dataOf(request, reply, shown, result?.view) });
  }

  async function answer(request: FastifyRequest, reply: FastifyReply, given: PageResult, forms: PageForms) {
    if (reply.sent || given.kind === 'sent') return reply;
    if (given.kind === 'problem') recordRefusal(request, given.problem, forms.securityLog);
    const result = tokenFreeTooMany(request.url, given);
    if ('retryAfterSeconds' in result && result.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(result.retryAfterSeconds));
    const target = targetOf(request.url, isPageRequest(request));
    if (wantsPageAnswer(request)) return answerJson(request, reply, forms, target, result);
    if (result.kind === 'redirect') return reply.redirect(result.to, 303);
    if (result.kind === 'problem') return sendProblem(request, reply, result.code, result.problem);
    return sendPage(request, reply, result.code ?? 200, result.view);
  }

  async function sendFailure(request: FastifyRequest, reply: FastifyReply, error: unknown, resend?: ResentFields) {
    const unavailable = isDatabaseUnavailableError(error);
    request.log.error({ err: error, path: pathOf(request) }, 'A page or form could not be answered');
    if (unavailable) reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    const problem: FormProblem = { kind: 'failed', ...(resend && { resend }) };
    if (wantsPageAnswer(request))
      return sendJson(reply, unavailable ? 503 : 500, { location: request.url, data: problemData(request, problem) });
    return sendProblem(request, reply, unavailable ? 503 : 500, problem);
  }

  async function answerGet(request: FastifyRequest, reply: FastifyReply, forms: PageForms) {
    if (index === undefined) return sendPage(request, reply, 200);
    const target = targetOf(request.url, isPageRequest(request));
    let result: PageResult | undefined;
    try {
      result = await handlerOf(handlers, target.path)?.get?.(request, reply, forms, target);
      return await answer(request, reply, result ?? { kind: 'page' }, forms);
    } catch (error) {
      // A verified status link would start one session more than the address may start.
      const refused = resultOfError(request, error);
      if (refused !== undefined) return answer(request, reply, refused, forms);
      // Its session could not be read (the database away, say): the page is not shown without it.
      return sendFailure(request, reply, error);
    }
  }

  return { answerGet, answer, sendFailure };
}

/**
 * A 429 (a budget, a lockout) is never answered at an address holding a status link's token
 * (decision 043): the address bar, the history and a screenshot of the page would keep it. It
 * sends the browser to the address without the token, where the page says why and for how long;
 * the app, asking for JSON, is answered that page at that address (answerJson follows the redirect).
 */
function tokenFreeTooMany<R extends PageResult>(url: string, result: R): R | Extract<PageResult, { kind: 'redirect' }> {
  const code = result.kind === 'page' || result.kind === 'problem' ? result.code : undefined;
  if (code !== 429) return result;
  const at = url.indexOf('?');
  if (at === -1) return result;
  const query = new URLSearchParams(url.slice(at + 1));
  if (!query.has(STATUS_TOKEN_PARAMETER)) return result;
  query.delete(STATUS_TOKEN_PARAMETER);
  query.set(STATUS_LIMITED_PARAMETER, String(('retryAfterSeconds' in result && result.retryAfterSeconds) || 60));
  return { kind: 'redirect', to: `${localAddress(url.slice(0, at))}?${query}` };
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
  url: string,
  data: PageData,
): PageResponse {
  if (renderer === undefined) return { kind: 'page', html: index };
  try {
    return renderer.renderPage(index, { url, cookies: request.headers.cookie ?? '', data });
  } catch (error) {
    // The path only: the query can hold a status token.
    request.log.error({ err: error, path: request.url.split('?')[0] }, 'Rendering a page on the server failed');
    return { kind: 'page', html: index };
  }
}

/** A refusal of the service's own (another site's form, a limit reached) in the security log. */
function recordRefusal(request: FastifyRequest, problem: FormProblem, securityLog: SecurityLog): void {
  if (problem.kind === 'refused') securityLog.record('cross-site-refused', placeOf(request), 'refused');
  if (problem.kind === 'tooMany' || problem.kind === 'sessionsTooMany')
    securityLog.record('rate-limited', placeOf(request), problem.kind);
}
