// The pages' forms and addresses, with or without JavaScript (decisions 024, 026 and 040). Each
// page's address takes a POST of its form: the server checks that the form came from this
// service's pages (decision 023) before anything else, spends one of the address's form budget,
// and the page's handler says what comes of it: the next page (post/redirect/get), the page again
// with what went wrong, or a problem. A GET of a page asks its handler first too (a view of the
// answers a Change link shows, a status link). The app sends the same forms and asks for the same
// addresses, as JSON (page-responses.ts writes either). A form that did not come from this
// service's pages changes nothing, cookies included.
import { randomToken } from '../tokens/random-tokens.ts';
import type { SecurityLog } from '../security/security-log.ts';
import { timingSafeEqual } from 'node:crypto';
import formBody from '@fastify/formbody';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consentCookie, CONSENT_SAVED_PARAMETER, type ConsentSaved } from '#shared/cookies/consent.ts';
import { EXIT_URL } from '#shared/journey/paths.ts';
import { EXIT_BUTTON, EXIT_CONFIRMED_BUTTON, EXIT_PATH, exitHref } from '#shared/pages/exit-button.ts';
import { FORM_TOKEN_COOKIE, FORM_TOKEN_FIELD } from '#shared/pages/form-token.ts';
import type { FormProblem, PageFacts, PageOutcome, PageSession } from '#shared/pages/page-data.ts';
import { languageOfCookies } from '#shared/i18n/languages.ts';
import { hasUnsentAnswers } from '#shared/pages/unsent-answers.ts';
import { pathMatcher } from '#shared/pages/path-matcher.ts';
import type { DraftSession } from '../services/saved-drafts.ts';
import type { Cookies } from '../platform/cookies.ts';
import { SessionLimitError, SessionTooLargeError, type FormSessions } from './form-session-store.ts';
import { localAddress } from './local-address.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import { namesNoOtherSite } from '../platform/request-origin.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The largest form a page takes: far more than any of its forms needs. */
const FORM_BODY_LIMIT = 16 * 1024;

/** How a page is rendered beyond its address and what the browser's session keeps. */
export interface PageView {
  /** The answer to the form just sent. */
  readonly outcome?: PageOutcome;
  /** What the page shows in place of what the session keeps (a link's view of the answers, a status link's token). */
  readonly session?: PageSession;
  /** The page's own address, when not the one asked: a status link's page is at the address without its token (decision 059). */
  readonly address?: string;
}

/** The fields of a form as sent, for "Try again". */
export type ResentFields = NonNullable<Extract<FormProblem, { resend?: unknown }>['resend']>;

/** What a handler's GET or POST comes to; page-responses.ts answers it as a page, a redirect, or JSON. */
export type PageResult =
  /** The page at the address answered, rendered as `view` says, with HTTP status `code` (200), `retryAfter` seconds for a lockout. */
  | { readonly kind: 'page'; readonly code?: number; readonly view?: PageView; readonly retryAfterSeconds?: number }
  /** Another address (of this service, or GOV.UK's): the browser goes there. */
  | { readonly kind: 'redirect'; readonly to: string }
  /** The page saying why the form could not be answered, with `retryAfter` seconds when it is a budget. */
  | {
      readonly kind: 'problem';
      readonly code: number;
      readonly problem: FormProblem;
      readonly retryAfterSeconds?: number;
    }
  /** The handler answered itself (a file). */
  | { readonly kind: 'sent' };

/** The address a handler answers: the request's own, or the one a form's answer leads to (asked for as JSON). */
export interface PageTarget {
  /** Path and query. */
  readonly url: string;
  readonly path: string;
  readonly query: URLSearchParams;
  /**
   * A browser asking for the page to show it (not a HEAD, a fetch of the app, or an image another
   * site points here): only then is a status link kept or a QR code checked.
   */
  readonly shown: boolean;
}

/** The target of a URL (path and query). */
export function targetOf(url: string, shown: boolean): PageTarget {
  const at = url.indexOf('?');
  const path = at === -1 ? url : url.slice(0, at);
  return { url, path, query: new URLSearchParams(at === -1 ? '' : url.slice(at + 1)), shown };
}

/** What the handlers of the pages' forms are given. */
export interface PageForms {
  readonly sessions: FormSessions;
  readonly limits: RateLimits;
  /** Where the forms' security events are written (a refused form, a limit reached, a wrong licence number). */
  readonly securityLog: SecurityLog;
}

/** The forms (and the addresses that show a view of what the session keeps) of some pages. */
export interface PageFormHandler {
  /** The pages, in React Router's syntax (`/status/:applicantIndex`). */
  readonly paths: readonly string[];
  /**
   * What a form posted to one of `paths` comes to, its origin checked; undefined when it asks for
   * nothing the handler knows (the page is then shown again).
   */
  post(request: FastifyRequest, reply: FastifyReply, forms: PageForms): Promise<PageResult | undefined>;
  /** A GET of `target` (one of `paths`): undefined for the page as the session keeps it. It keeps nothing, but a verified status link. */
  get?(
    request: FastifyRequest,
    reply: FastifyReply,
    forms: PageForms,
    target: PageTarget,
  ): Promise<PageResult | undefined>;
  /** What the page at `path` shows beyond the session it is rendered from (`session`), looked up as it is rendered. */
  facts?(path: string, session: PageSession): Promise<PageFacts | undefined>;
}

/** The browser's session as the journey's services read and change it. */
export const draftSessionOf = (forms: PageForms, request: FastifyRequest, reply: FastifyReply): DraftSession => ({
  read: () => forms.sessions.read(request),
  update: (change, options) => forms.sessions.update(request, reply, change, options),
  save: (draft) => forms.sessions.save(request, draft),
  take: (tokenHash) => forms.sessions.take(request, reply, tokenHash),
});

/** The language of the page a request came from, as the server rendered it: a submission's emails and a draft's follow it. */
export const pageLanguageOf = (request: FastifyRequest) => languageOfCookies(request.headers.cookie ?? '');

/** Each handler's test of a path, made once. */
const matchers = new WeakMap<PageFormHandler, (path: string) => boolean>();
const matcherOf = (handler: PageFormHandler) => {
  let matches = matchers.get(handler);
  if (matches === undefined) matchers.set(handler, (matches = pathMatcher(handler.paths)));
  return matches;
};

/** The handler of the page at `path`, matched as the browser's router matches it. */
export function handlerOf(handlers: readonly PageFormHandler[], path: string): PageFormHandler | undefined {
  return handlers.find((handler) => matcherOf(handler)(path));
}

/**
 * True for a request that would show the page it asks for: a GET (not a HEAD), and a browser
 * asking for a page to show says so (`Sec-Fetch-Dest: document`), where an image or a script
 * another site points here, or the app's own fetch, does not.
 */
export const isPageRequest = (request: FastifyRequest): boolean => {
  const destination = request.headers['sec-fetch-dest'];
  return request.method === 'GET' && (destination === undefined || destination === 'document');
};

/** The path of a request, without its query. */
export const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '/';

/** The query of a request, `?` included ('' when it has none). */
const searchOf = (request: FastifyRequest): string => {
  const at = request.url.indexOf('?');
  return at === -1 ? '' : request.url.slice(at);
};

/**
 * The browser's form token: the one its cookie holds, or a new one, set in the cookie of `reply`
 * (HttpOnly: only the server writes it into the page's forms). Only pages call this, never the
 * answer to a form that was refused.
 */
export function formTokenFor(cookies: Cookies, request: FastifyRequest, reply: FastifyReply): string {
  const kept = cookies.read(request, FORM_TOKEN_COOKIE);
  if (kept !== undefined && TOKEN_PATTERN.test(kept)) return kept;
  const token = randomToken();
  cookies.set(request, reply, FORM_TOKEN_COOKIE, token);
  return token;
}

/** A form field's value, when the form sent it once. */
export function formField(body: unknown, name: string): string | undefined {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/** The analytics choice a form sends: the cookie banner's buttons, or the cookies page's question. */
function consentChoice(body: unknown): { analytics: boolean; saved: ConsentSaved } | undefined {
  const banner = formField(body, 'cookies');
  if (banner === 'accept') return { analytics: true, saved: 'accepted' };
  if (banner === 'reject') return { analytics: false, saved: 'rejected' };
  const page = formField(body, 'cookies-analytics');
  if (page === 'yes' || page === 'no') return { analytics: page === 'yes', saved: 'saved' };
  return undefined;
}

/** The fields of a posted form, as sent (the token left out: the page writes the current one). */
function fieldsOf(body: unknown): ResentFields {
  if (typeof body !== 'object' || body === null) return [];
  return Object.entries(body as Record<string, unknown>).flatMap(([name, value]) =>
    name === FORM_TOKEN_FIELD
      ? []
      : [value].flat().flatMap((one) => (typeof one === 'string' ? [[name, one] as const] : [])),
  );
}

/**
 * The service's apology for a form it has no room for now (503 with Retry-After: a download while
 * the instance draws as many as it takes, decision 054), whose "Try again" sends it again.
 */
export const noRoomNow = (request: FastifyRequest, retryAfterSeconds: number): PageResult => ({
  kind: 'problem',
  code: 503,
  problem: { kind: 'failed', resend: fieldsOf(request.body) },
  retryAfterSeconds,
});

/** The problem page of a form over its address's budget, whose "Try again" sends it again. */
export const tooMany = (request: FastifyRequest, retryAfterSeconds: number): PageResult => ({
  kind: 'problem',
  code: 429,
  problem: { kind: 'tooMany', resend: fieldsOf(request.body) },
  retryAfterSeconds,
});

/**
 * The problem page of a form whose emails would take the client past its distinct addresses of
 * the hour (decision 044): nothing was sent or saved; "Try again" sends it again.
 */
export const emailsTooMany = (request: FastifyRequest, retryAfterSeconds: number): PageResult => ({
  kind: 'problem',
  code: 429,
  problem: { kind: 'emailsTooMany', resend: fieldsOf(request.body) },
  retryAfterSeconds,
});

const statusOf = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && 'statusCode' in error && typeof error.statusCode === 'number'
    ? error.statusCode
    : undefined;

/** What came of a form or a page before it could be answered: the service's own refusals, as results. */
export function resultOfError(request: FastifyRequest, error: unknown): PageResult | undefined {
  if (error instanceof SessionLimitError)
    return {
      kind: 'problem',
      code: 429,
      problem: { kind: 'sessionsTooMany', ...(request.method === 'POST' && { resend: fieldsOf(request.body) }) },
      retryAfterSeconds: error.retryAfterSeconds,
    };
  if (error instanceof SessionTooLargeError || statusOf(error) === 413)
    return { kind: 'problem', code: 413, problem: { kind: 'tooLarge' } };
  return undefined;
}

/**
 * Takes the POST of a form at each of `paths` (React Router syntax, as Fastify's), in a scope of
 * its own: form bodies only. A form is taken only when it came from this service's pages (the
 * token of the browser's cookie, and no other site named as its origin); then it spends one of
 * the address's `forms` budget, across every page and instance. The cookie banner's form
 * and Exit are taken on every page; the other forms by the handler of their page. What comes of
 * it goes to `answer`, which writes it as a page or as JSON.
 */
export async function registerPageForms(
  app: FastifyInstance,
  options: {
    paths: readonly string[];
    handlers: readonly PageFormHandler[];
    forms: PageForms;
    cookies: Cookies;
    /** The address users reach the service at: forms from its pages name it as their origin behind a proxy. */
    publicBaseUrl: string;
    /** Answers with what came of the form. */
    answer: (request: FastifyRequest, reply: FastifyReply, result: PageResult) => Promise<FastifyReply>;
    /** Answers a form the service failed to answer (logged there), offering to send it again. */
    fail: (request: FastifyRequest, reply: FastifyReply, error: unknown, resend: ResentFields) => Promise<FastifyReply>;
  },
): Promise<void> {
  const { cookies, forms, answer } = options;
  const publicOrigin = new URL(options.publicBaseUrl).origin;

  /**
   * True when the form came from a page of this service: it carries the token of the browser's
   * cookie, and the browser names no other site as where it came from. Browsers send
   * `Origin: null` with a form of this service, whose pages send no referrer.
   */
  const isFromThisService = (request: FastifyRequest): boolean => {
    if (!namesNoOtherSite(request, publicOrigin)) return false;
    const kept = cookies.read(request, FORM_TOKEN_COOKIE);
    const sent = formField(request.body, FORM_TOKEN_FIELD);
    if (kept === undefined || sent === undefined || !TOKEN_PATTERN.test(kept)) return false;
    const [a, b] = [Buffer.from(kept), Buffer.from(sent)];
    return a.length === b.length && timingSafeEqual(a, b);
  };

  /** What the form asks for, once it has shown that it came from this service and spent its budget. */
  const resultOf = async (request: FastifyRequest, reply: FastifyReply): Promise<PageResult> => {
    if (!isFromThisService(request)) return { kind: 'problem', code: 403, problem: { kind: 'refused' } };
    // The session is read with it: one statement, which the form's answer starts from.
    const spent = await forms.sessions.spend(request, 'forms');
    if (!spent.allowed) return tooMany(request, spent.retryAfterSeconds);
    const path = localAddress(pathOf(request));
    const choice = consentChoice(request.body);
    if (choice !== undefined) {
      cookies.setShared(request, reply, (secure) => consentCookie(choice.analytics, secure));
      return { kind: 'redirect', to: `${path}?${CONSENT_SAVED_PARAMETER}=${choice.saved}` };
    }
    const button = formField(request.body, EXIT_BUTTON.name);
    if (button === EXIT_BUTTON.value || button === EXIT_CONFIRMED_BUTTON.value) {
      // Answers not yet sent are not lost by a slip: the exit page asks first (pressing Exit
      // there again, or its own button, is the answer).
      // Saved answers are not lost: their link still opens them.
      const asked = button === EXIT_CONFIRMED_BUTTON.value || path === EXIT_PATH;
      const kept = asked ? undefined : await forms.sessions.read(request);
      if (kept !== undefined && kept.savedUntil === null && hasUnsentAnswers(kept.formState))
        return { kind: 'redirect', to: exitHref(`${path}${searchOf(request)}`) };
      // Exit to GOV.UK leaves nothing behind in the browser: the answers and the status link kept go
      // with it (saved answers stay for their link).
      await forms.sessions.end(request, reply);
      return { kind: 'redirect', to: EXIT_URL };
    }
    const result = await handlerOf(options.handlers, path)?.post(request, reply, forms);
    return result ?? { kind: 'redirect', to: `${path}${searchOf(request)}` };
  };

  await app.register(async (scope) => {
    // A browser without JavaScript shows what it is answered: a page, not the API's JSON. Other
    // refusals of the request itself (not a form, a malformed one) stay the app's.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const result = resultOfError(request, error);
      if (result !== undefined) return answer(request, reply, result);
      const status = statusOf(error) ?? 500;
      if (status >= 400 && status < 500) throw error;
      return options.fail(request, reply, error, fieldsOf(request.body));
    });
    // A page's form is sent as a form: JSON and text are the API's, not a page's.
    scope.removeAllContentTypeParsers();
    await scope.register(formBody, { bodyLimit: FORM_BODY_LIMIT });

    const handle = async (request: FastifyRequest, reply: FastifyReply) =>
      answer(request, reply, await resultOf(request, reply));
    for (const path of options.paths) scope.post(path, handle);
  });
}
