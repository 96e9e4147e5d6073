// Who is asking, on every console page: the staff session from its cookie, kept alive by the
// request, the role the page needs, and for a form its session's CSRF token and the staff
// member's budget of forms. A console page is answered only behind this guard: the hook
// `staffOnly` runs it before every route of a guarded scope (console.ts, decision 051).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Cookies } from '../platform/cookies.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import { namesNoOtherSite } from '../platform/request-origin.ts';
import { placeOf, type SecurityLog } from '../security/security-log.ts';
import { RETURN_PARAMETER, returnPathOf } from './return-path.ts';
import type { StaffRole } from '../services/staff/staff-members.ts';
import type { StaffSession, StaffSessions } from '../services/staff/staff-sessions.ts';
import { STAFF_COOKIE_PATH, STAFF_SESSION_COOKIE } from './staff-cookies.ts';

/** The signed-in member of staff a console page answers. */
export interface SignedIn {
  readonly session: StaffSession;
  /** The session's id, as its cookie holds it. */
  readonly id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in member of staff, set by the staff guard's hook before the handler runs: on
     * the console's guarded routes alone (console.ts). No other route reads it.
     */
    staff: SignedIn;
  }
}

/** A page that only says something (views/message.njk). */
export interface Message {
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly action?: { readonly text: string; readonly href: string };
}

export interface StaffGuard {
  /**
   * The request's staff session when it may go on: an active session with `role` and, for a
   * POST, the session's CSRF token in the form and a form left in the staff member's budget.
   * Otherwise the answer is sent (to sign in, to the timed-out page, 403 or 429) and this is undefined.
   */
  signedIn(request: FastifyRequest, reply: FastifyReply, role?: StaffRole): Promise<SignedIn | undefined>;
}

export interface StaffGuardOptions {
  readonly sessions: StaffSessions;
  readonly cookies: Cookies;
  readonly limits: RateLimits;
  readonly now: () => Date;
  readonly securityLog: SecurityLog;
  /** The service's public origin (PUBLIC_BASE_URL's): the console's forms name it, or none. */
  readonly publicOrigin: string;
  /** Sends a page saying why the request was refused. */
  readonly refuse: (reply: FastifyReply, code: number, message: Message, signedIn: SignedIn) => FastifyReply;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when a form came from the console: it carries the session's CSRF token (compared in
 * constant time), and the browser names no other site as its origin, as on the public forms.
 */
export function formIsOurs(request: FastifyRequest, session: StaffSession, publicOrigin: string): boolean {
  const body = request.body;
  const sent = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).csrf : undefined;
  return (
    typeof sent === 'string' &&
    timingSafeEqual(digest(sent), digest(session.csrfToken)) &&
    namesNoOtherSite(request, publicOrigin)
  );
}

/**
 * The hook of a guarded scope: every request to one of its routes passes `guard` with `role`
 * before its handler, which then reads the member of staff from `request.staff`. A request
 * refused is answered here (sign-in, timed out, 403 or 429) and reaches no handler. A preHandler,
 * so the body is read first: the form's CSRF token is in it, and a body the console does not
 * take is refused (413, 415) before anything else.
 */
export function staffOnly(guard: StaffGuard, role: StaffRole): preHandlerAsyncHookHandler {
  return async function staffOnlyHook(request, reply) {
    const signedIn = await guard.signedIn(request, reply, role);
    if (signedIn === undefined) return reply;
    request.staff = signedIn;
    return undefined;
  };
}

export function createStaffGuard(options: StaffGuardOptions): StaffGuard {
  const { sessions, cookies, limits, now, refuse, securityLog, publicOrigin } = options;
  return {
    async signedIn(request, reply, role = 'CASEWORKER') {
      const id = cookies.read(request, STAFF_SESSION_COOKIE, STAFF_COOKIE_PATH);
      const found = id === undefined ? { outcome: 'none' as const } : await sessions.read(id, now());
      if (found.outcome !== 'active' || id === undefined) {
        if (found.outcome !== 'none') cookies.clear(request, reply, STAFF_SESSION_COOKIE, STAFF_COOKIE_PATH);
        // A page asked for goes to sign-in; a form sent after the session ended is told so,
        // never silently dropped on the way to the provider.
        const asksForPage = request.method === 'GET' || request.method === 'HEAD';
        const page = found.outcome === 'none' && asksForPage ? '/caseworker/sign-in' : '/caseworker/timed-out';
        // A page asked for (a colleague's link) is where the sign-in leads back to.
        const back = asksForPage && request.url !== '/caseworker' ? returnPathOf(request.url) : undefined;
        await reply.redirect(
          back === undefined ? page : `${page}?${new URLSearchParams({ [RETURN_PARAMETER]: back }).toString()}`,
          303,
        );
        return undefined;
      }
      const signedIn = { session: found.session, id };
      if (!found.session.staff.roles.includes(role)) {
        securityLog.record('role-refused', placeOf(request), role);
        await refuse(
          reply,
          403,
          {
            title: 'You do not have access to this page',
            paragraphs: ['Ask your team leader for the role this page needs.'],
          },
          signedIn,
        );
        return undefined;
      }
      if (request.method === 'POST' && !(await formMayGoOn(request, reply, signedIn))) return undefined;
      await sessions.touch(id, now(), found.session.lastActiveAt);
      return signedIn;
    },
  };

  /** A form's CSRF token, then the staff member's budget; false when refused (the answer sent). */
  async function formMayGoOn(request: FastifyRequest, reply: FastifyReply, signedIn: SignedIn): Promise<boolean> {
    if (!formIsOurs(request, signedIn.session, publicOrigin)) {
      securityLog.record('cross-site-refused', placeOf(request), 'console');
      await refuse(
        reply,
        403,
        {
          title: 'This form did not come from the console',
          paragraphs: ['Nothing was changed. Go back to the page, reload it and try again.'],
          action: { text: 'Go to the applications', href: '/caseworker' },
        },
        signedIn,
      );
      return false;
    }
    const spent = await limits.take(signedIn.session.staff.id, 'staffForms');
    if (!spent.allowed) {
      securityLog.record('rate-limited', placeOf(request), 'staffForms');
      reply.header('retry-after', String(spent.retryAfterSeconds));
      await refuse(
        reply,
        429,
        {
          title: 'Too many changes in a minute',
          paragraphs: [`Nothing was changed. Try again in ${spent.retryAfterSeconds} seconds.`],
        },
        signedIn,
      );
      return false;
    }
    return true;
  }
}
