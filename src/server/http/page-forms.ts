// Forms sent to the pages without JavaScript (with it, the app handles them in the browser). Each
// page's address takes a POST of its form: the server checks the form token (decision 023), does
// what the form asks, and answers with a redirect to the page to show next (post/redirect/get),
// or with the page showing what went wrong (decision 024).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import formBody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchPath } from 'react-router';
import { consentCookie, CONSENT_SAVED_PARAMETER, type ConsentSaved } from '#shared/cookies/consent.ts';
import { cookieValue } from '#shared/cookies/cookie-value.ts';
import { FORM_TOKEN_COOKIE, FORM_TOKEN_FIELD } from '#shared/pages/form-token.ts';
import type { PageOutcome } from '#shared/pages/page-renderer.ts';
import type { FormSessions } from './form-session.ts';
import { perMinute, RATE_LIMIT_PER_ROUTE } from './json-api.ts';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const isSecure = (request: FastifyRequest) => request.protocol === 'https';

/** What the handlers of the pages' forms are given. */
export interface PageForms {
  readonly sessions: FormSessions;
  /** Answers with the page at the request's path, rendered with `outcome`, as status `code`. */
  render(request: FastifyRequest, reply: FastifyReply, code: number, outcome?: PageOutcome): Promise<FastifyReply>;
}

/** The forms (and the links that change what the session keeps) of some pages. */
export interface PageFormHandler {
  /** The pages, in React Router's syntax (`/status/:applicantIndex`). */
  readonly paths: readonly string[];
  /**
   * Answers a form posted to one of `paths`, its token checked; leaves it unanswered when the
   * form asks for nothing it knows (the page is then shown again). What it resolves to is not
   * read: awaiting a Fastify reply resolves to nothing, so `reply.sent` says whether it answered.
   */
  post(request: FastifyRequest, reply: FastifyReply, forms: PageForms): Promise<unknown>;
  /** A GET of one of `paths` before it is rendered: answered here (a redirect), or left for the page to be rendered. */
  get?(request: FastifyRequest, reply: FastifyReply, forms: PageForms): Promise<unknown>;
}

/** The handler of the page at `path`, matched as the browser's router matches it. */
export function handlerOf(handlers: readonly PageFormHandler[], path: string): PageFormHandler | undefined {
  return handlers.find((handler) => handler.paths.some((pattern) => matchPath(pattern, path) !== null));
}

/** The path of a request, without its query. */
export const pathOf = (request: FastifyRequest): string => request.url.split('?')[0] ?? '/';

/**
 * The browser's form token: the one its cookie holds, or a new one, set in the cookie of `reply`
 * (HttpOnly: only the server writes it into the page's forms).
 */
export function formTokenFor(request: FastifyRequest, reply: FastifyReply): string {
  const kept = cookieValue(request.headers.cookie ?? '', FORM_TOKEN_COOKIE);
  if (kept !== undefined && TOKEN_PATTERN.test(kept)) return kept;
  const token = randomBytes(32).toString('base64url');
  const secure = isSecure(request) ? '; Secure' : '';
  reply.header('set-cookie', `${FORM_TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure}`);
  return token;
}

/** A form field's value, when the form sent it once. */
export function formField(body: unknown, name: string): string | undefined {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : undefined;
}

/**
 * True when the form came from a page of this service: it carries the token of the browser's
 * cookie, and the browser does not name another site as its origin. Browsers send `Origin: null`
 * with a form of this service, whose pages send no referrer.
 */
function isFromThisService(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== 'null' && origin !== `${request.protocol}://${request.host}`) return false;
  const kept = cookieValue(request.headers.cookie ?? '', FORM_TOKEN_COOKIE);
  const sent = formField(request.body, FORM_TOKEN_FIELD);
  if (kept === undefined || sent === undefined || !TOKEN_PATTERN.test(kept)) return false;
  const [a, b] = [Buffer.from(kept), Buffer.from(sent)];
  return a.length === b.length && timingSafeEqual(a, b);
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

/**
 * Takes the POST of a form at each of `paths` (React Router syntax, as Fastify's), in a scope of
 * its own: form bodies only, at most `limit` a minute from one address. A form without the
 * browser's token changes nothing and is answered with `refuse`. The cookie banner's form is
 * taken on every page; the other forms by the handler of their page.
 */
export async function registerPageForms(
  app: FastifyInstance,
  options: {
    paths: readonly string[];
    limit: number;
    handlers: readonly PageFormHandler[];
    forms: PageForms;
    refuse: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
    /** Answers a form the service failed to answer, or one over the limit (an error of status 429). */
    fail: (request: FastifyRequest, reply: FastifyReply, error: unknown) => FastifyReply;
  },
): Promise<void> {
  await app.register(async (scope) => {
    // A browser without JavaScript shows what it is answered: a page, not the API's JSON. Other
    // refusals of the request itself (a body too large, not a form) stay the app's.
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500 && status !== 429) throw error;
      return options.fail(request, reply, error);
    });
    // A page's form is sent as a form: JSON and text are the API's, not a page's.
    scope.removeAllContentTypeParsers();
    await scope.register(formBody, { bodyLimit: 16 * 1024 });
    // Counted once the body is read, so that the page saying "too many" can send the same form again.
    await scope.register(rateLimit, { ...RATE_LIMIT_PER_ROUTE, hook: 'preHandler' });
    const handle = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      if (!isFromThisService(request)) return options.refuse(request, reply);
      const path = pathOf(request);
      const choice = consentChoice(request.body);
      if (choice !== undefined) {
        reply.header('set-cookie', consentCookie(choice.analytics, isSecure(request)));
        return reply.redirect(`${path}?${CONSENT_SAVED_PARAMETER}=${choice.saved}`, 303);
      }
      await handlerOf(options.handlers, path)?.post(request, reply, options.forms);
      return reply.sent ? reply : reply.redirect(path, 303);
    };
    for (const path of options.paths) {
      scope.post(path, { config: { rateLimit: perMinute(options.limit) } }, handle);
    }
  });
}
