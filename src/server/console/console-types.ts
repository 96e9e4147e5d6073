// What the console's route files are given, in a file of its own: console.ts registers the route
// files and the route files need these types, so neither imports the other (decision 051). Types
// only; nothing here imports a route file.
import type { FastifyReply } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { Cookies } from '../platform/cookies.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import type { SecurityLog } from '../security/security-log.ts';
import type { SignedIn } from './staff-guard.ts';
import type { StaffSessions } from '../services/staff/staff-sessions.ts';
import type { StaffSignIn } from './staff-sign-in.ts';

export interface ConsoleOptions {
  readonly config: Config;
  readonly database: Database;
  readonly now: () => Date;
  readonly cookies: Cookies;
  readonly limits: RateLimits;
  readonly sessions: StaffSessions;
  readonly signIn: StaffSignIn;
  readonly securityLog: SecurityLog;
  /** The provider's origin: the sign-out form's answer leads there (CSP form-action). */
  readonly issuerOrigin: string;
}

/** What every console page needs to answer: a page sender. */
export interface ConsolePages {
  /** Sends the page `name` with `context` and what the layout needs (the staff member, their CSRF token, the navigation). */
  send(reply: FastifyReply, code: number, name: string, context: object, signedIn?: SignedIn): FastifyReply;
}

/** What a route file's `register…` function is given. */
export type ConsoleRouteOptions = ConsoleOptions & { readonly pages: ConsolePages };
