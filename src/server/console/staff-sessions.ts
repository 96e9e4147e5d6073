// The sessions of caseworkers signed in to the console (decision 038), kept in the database like
// the public form sessions (decision 026): the id is 32 random bytes that only the browser's
// cookie holds, stored as its SHA-256, so the table alone opens no session. A session is over 30
// minutes after its last activity or 12 hours after its sign-in, whichever comes first.
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import {
  deleteEndedStaffSessions,
  deleteStaffSession,
  insertStaffSession,
  readStaffSession,
  touchStaffSession,
} from '../db/staff-session-repository.ts';
import { knownRoles, type StaffMember } from './staff.ts';

/**
 * The cookie holding a caseworker's session id, for the console's addresses alone (decision 038):
 * `__Secure-cwc-console` where cookies are Secure (cookies.ts), with `Path=/caseworker` everywhere.
 */
export const STAFF_SESSION_COOKIE = 'cwc-console';
/** The path of the console's cookies: they ride on no public page's request. */
export const STAFF_COOKIE_PATH = '/caseworker';
/** A session without activity for this long is over (30 minutes). */
export const STAFF_IDLE_TIMEOUT_MS = 30 * 60_000;
/** A session is over this long after its sign-in, however active (12 hours: a working day). */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60_000;
// Activity is recorded at most once a minute: a page's requests cost a read, not a write each.
const TOUCH_INTERVAL_MS = 60_000;

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (id: string) => createHash('sha256').update(id).digest();
const randomToken = () => randomBytes(32).toString('base64url');

export interface StaffSession {
  readonly staff: Omit<StaffMember, 'email'>;
  /** The token the console's forms carry, compared with this (one per session). */
  readonly csrfToken: string;
  readonly signedInAt: Date;
  readonly lastActiveAt: Date;
  /** When it is over without more activity: idle, or at its 12 hours, whichever is first. */
  readonly endsAt: Date;
}

export type StaffSessionRead =
  | { readonly outcome: 'active'; readonly session: StaffSession }
  /** Over: no activity for STAFF_IDLE_TIMEOUT_MS. */
  | { readonly outcome: 'idle' }
  /** Over: signed in STAFF_SESSION_MAX_MS ago. */
  | { readonly outcome: 'expired' }
  /** No such session (never issued, ended, or purged). */
  | { readonly outcome: 'none' };

export interface StaffSessions {
  /** Starts a session for a caseworker who has just signed in; `id` goes in the cookie, and nowhere else. */
  create(staff: StaffMember, idToken: string, now: Date): Promise<{ readonly id: string; readonly csrfToken: string }>;
  /** The session of a cookie's id at `now`, or why there is none. */
  read(id: string, now: Date): Promise<StaffSessionRead>;
  /**
   * Records activity at `now`, keeping the session from going idle. Writes at most once a minute;
   * with the `lastActiveAt` a read just gave, a recent one costs no query at all. An idle or
   * expired session stays over.
   */
  touch(id: string, now: Date, lastActiveAt?: Date): Promise<void>;
  /** Ends (deletes) the session; resolves to its ID token for the provider's sign-out, undefined when there was none. */
  end(id: string): Promise<{ readonly idToken: string } | undefined>;
}

export function createStaffSessions(database: Database): StaffSessions {
  const hashIfValid = (id: string) => (ID_PATTERN.test(id) ? hashOf(id) : undefined);
  return {
    async create(staff, idToken, now) {
      const id = randomToken();
      const csrfToken = randomToken();
      await insertStaffSession(database, {
        idHash: hashOf(id),
        staffId: staff.id,
        name: staff.name,
        roles: staff.roles,
        idToken,
        csrfToken,
        signedInAt: now,
        lastActiveAt: now,
      });
      return { id, csrfToken };
    },

    async read(id, now) {
      const idHash = hashIfValid(id);
      const row = idHash === undefined ? undefined : await readStaffSession(database, idHash);
      if (row === undefined) return { outcome: 'none' };
      const signedInAt = new Date(row.signedInAt);
      const lastActiveAt = new Date(row.lastActiveAt);
      // The absolute limit first: a session in use all day still ends at its 12 hours.
      const expiresAt = signedInAt.getTime() + STAFF_SESSION_MAX_MS;
      const idleAt = lastActiveAt.getTime() + STAFF_IDLE_TIMEOUT_MS;
      if (now.getTime() >= expiresAt) return { outcome: 'expired' };
      if (now.getTime() >= idleAt) return { outcome: 'idle' };
      return {
        outcome: 'active',
        session: {
          staff: { id: row.staffId, name: row.name, roles: knownRoles(row.roles) },
          csrfToken: row.csrfToken,
          signedInAt,
          lastActiveAt,
          endsAt: new Date(Math.min(expiresAt, idleAt)),
        },
      };
    },

    async touch(id, now, lastActiveAt) {
      if (lastActiveAt !== undefined && now.getTime() - lastActiveAt.getTime() < TOUCH_INTERVAL_MS) return;
      const idHash = hashIfValid(id);
      if (idHash === undefined) return;
      await touchStaffSession(database, idHash, now, {
        touchedBefore: new Date(now.getTime() - TOUCH_INTERVAL_MS),
        activeSince: new Date(now.getTime() - STAFF_IDLE_TIMEOUT_MS),
        signedInSince: new Date(now.getTime() - STAFF_SESSION_MAX_MS),
      });
    },

    async end(id) {
      const idHash = hashIfValid(id);
      const idToken = idHash === undefined ? undefined : await deleteStaffSession(database, idHash);
      return idToken === undefined ? undefined : { idToken };
    },
  };
}

/** Deletes the sessions that are over (idle or expired) at `now`; the hourly purge-sessions job runs it. Returns how many. */
export function purgeEndedStaffSessions(db: Queryable, now: Date): Promise<number> {
  return deleteEndedStaffSessions(db, {
    activeSince: new Date(now.getTime() - STAFF_IDLE_TIMEOUT_MS),
    signedInSince: new Date(now.getTime() - STAFF_SESSION_MAX_MS),
  });
}
