// Who is asking, on every console page: the staff session from its cookie, kept alive by the
// request, and what that member of staff may do. A console page is answered only behind this guard.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Cookies } from '../http/cookies.ts';
import type { StaffRole } from './staff.ts';
import type { StaffSession, StaffSessions } from './staff-sessions.ts';
import { STAFF_SESSION_COOKIE } from './staff-sessions.ts';

/** The signed-in member of staff a console page answers. */
export interface SignedIn {
  readonly session: StaffSession;
  /** The session's id, as its cookie holds it. */
  readonly id: string;
}

export type Guarded = { readonly outcome: 'signed-in'; readonly signedIn: SignedIn } | { readonly outcome: 'answered' };

export interface StaffGuard {
  /**
   * The request's staff session, when it has an active one with `role`; otherwise the reply is
   * sent (to sign in, to the timed-out page, or 403) and the caller stops.
   */
  check(request: FastifyRequest, reply: FastifyReply, role: StaffRole): Promise<Guarded>;
  /** True when a form carries its session's CSRF token. */
  formIsOurs(signedIn: SignedIn, body: unknown): boolean;
}

export interface StaffGuardOptions {
  readonly sessions: StaffSessions;
  readonly cookies: Cookies;
  readonly now: () => Date;
  /** Sends the page saying the member of staff may not do this (403). */
  readonly forbidden: (reply: FastifyReply, signedIn: SignedIn) => FastifyReply;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export function createStaffGuard(options: StaffGuardOptions): StaffGuard {
  const { sessions, cookies, now } = options;
  return {
    async check(request, reply, role) {
      const id = cookies.read(request, STAFF_SESSION_COOKIE);
      const found = id === undefined ? { outcome: 'none' as const } : await sessions.read(id, now());
      if (found.outcome !== 'active' || id === undefined) {
        if (found.outcome !== 'none') cookies.clear(request, reply, STAFF_SESSION_COOKIE);
        // A page asked for goes to sign-in; an action sent after the session ended is told so,
        // never silently dropped on the way to the provider.
        const to =
          found.outcome === 'none' && request.method === 'GET' ? '/caseworker/sign-in' : '/caseworker/timed-out';
        await reply.redirect(to, 303);
        return { outcome: 'answered' };
      }
      const signedIn = { session: found.session, id };
      if (!found.session.staff.roles.includes(role)) {
        await options.forbidden(reply, signedIn);
        return { outcome: 'answered' };
      }
      await sessions.touch(id, now(), found.session.lastActiveAt);
      return { outcome: 'signed-in', signedIn };
    },
    formIsOurs(signedIn, body) {
      const sent = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).csrf : undefined;
      return typeof sent === 'string' && timingSafeEqual(digest(sent), digest(signedIn.session.csrfToken));
    },
  };
}
