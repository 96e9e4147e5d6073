// The sessions of caseworkers signed in to the console (decision 038), kept in the database like
// the public form sessions (decision 026): the id is 32 random bytes that only the browser's
// cookie holds, stored as its SHA-256, so the table alone opens no session. A session is over 30
// minutes after its last activity or 12 hours after its sign-in, whichever comes first.
import { randomToken } from '../../tokens/random-tokens.ts';
import { createHash } from 'node:crypto';
import type { Database, Queryable } from '../../db/database.ts';
import { recordStaffAction } from '../../db/staff-audit-repository.ts';
import {
  claimStaffRolesCheck,
  deleteEndedStaffSessions,
  deleteStaffSession,
  deleteStaffSessionsOf,
  insertStaffSession,
  listStaffSessions,
  readStaffSession,
  touchStaffSession,
  updateStaffRoles,
  type SignedInStaffRow,
} from '../../db/staff-session-repository.ts';
import { auditedStaff } from '../casework/staff.ts';
import { knownRoles, type StaffMember, type StaffRole } from './staff-members.ts';

/** A session without activity for this long is over (30 minutes). */
export const STAFF_IDLE_TIMEOUT_MS = 30 * 60_000;
/** A session is over this long after its sign-in, however active (12 hours: a working day). */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60_000;
/**
 * The roles are read again from the provider at least this often while a session is used (15
 * minutes, ASVS 5.0 7.4.2): a role removed there stops working here within that time.
 */
export const STAFF_ROLES_CHECK_MS = 15 * 60_000;
// Activity is recorded at most once a minute: a page's requests cost a read, not a write each.
const TOUCH_INTERVAL_MS = 60_000;

/** Why a session that holds no token to read its roles again with ends at its first check. */
export const NO_TOKEN = 'no refresh or access token';

const ID_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (id: string) => createHash('sha256').update(id).digest();

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
  /** Over: the provider refused to give the roles again, or gave none of the console's (the session is deleted). */
  | { readonly outcome: 'revoked' }
  /** No such session (never issued, ended, or purged). */
  | { readonly outcome: 'none' };

/** What the provider said when asked for a member of staff's roles again (staff-sign-in.ts). */
export type RolesRecheck =
  | {
      readonly outcome: 'roles';
      /** The subject the provider answered for: a session is only ever given its own member of staff's roles. */
      readonly staffId: string;
      readonly roles: readonly StaffRole[];
      /** The new refresh token when the provider rotated it. */
      readonly refreshToken?: string | undefined;
      /** The new access token, when the roles were read by a refresh. */
      readonly accessToken?: string | undefined;
    }
  /**
   * The provider refused (the refresh token revoked or expired, the access token expired, the
   * account disabled), could not be reached, or the session holds no token to ask with.
   */
  | { readonly outcome: 'refused'; readonly reason: string };

/** What a session holds to ask the provider for its member of staff's roles again. */
export interface RecheckTokens {
  /** The member of staff the session is for: the provider's answer must be about them. */
  readonly staffId: string;
  /** The refresh token, when the provider gave one: the roles are read by the refresh token grant. */
  readonly refreshToken?: string | undefined;
  /** The latest access token: without a refresh token, the roles are read at userinfo with it while it lasts. */
  readonly accessToken?: string | undefined;
}

export interface StaffSessionsOptions {
  /** Asks the provider for the roles again with a session's tokens; without it, the roles are never read again (tests only). */
  readonly recheckRoles?: (held: RecheckTokens) => Promise<RolesRecheck>;
}

/** What a sign-in leaves beside the ID token. */
export interface NewStaffSessionDetails {
  /** The client address the sign-in came from (shown to admins). */
  readonly clientAddress?: string | undefined;
  /** The provider's refresh token, to read the roles again. */
  readonly refreshToken?: string | undefined;
  /**
   * The provider's access token: without a refresh token, the roles are read again at userinfo
   * with it, and the session ends at the first check after it expires (at once without either).
   */
  readonly accessToken?: string | undefined;
}

/** A signed-in member of staff as the admins' list shows them: one line a session. */
export type SignedInStaff = SignedInStaffRow;

export interface StaffSessions {
  /** Starts a session for a caseworker who has just signed in; `id` goes in the cookie, and nowhere else. */
  create(
    staff: StaffMember,
    idToken: string,
    now: Date,
    details?: NewStaffSessionDetails,
  ): Promise<{ readonly id: string; readonly csrfToken: string }>;
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
  /** The sessions still going at `now`, for the admins' list. */
  listSignedIn(now: Date): Promise<SignedInStaff[]>;
  /** Ends every session of the member of staff `staffId`, on every instance at once; resolves to how many. */
  endAllOf(staffId: string): Promise<number>;
}

export function createStaffSessions(database: Database, options: StaffSessionsOptions = {}): StaffSessions {
  const hashIfValid = (id: string) => (ID_PATTERN.test(id) ? hashOf(id) : undefined);

  /**
   * The roles again from the provider, when the last check is STAFF_ROLES_CHECK_MS old: the one
   * request that claims the check asks; the others meanwhile go on with the roles as they were
   * (seconds old). The new roles, or undefined when the session is ended (and deleted).
   */
  const recheck = async (
    idHash: Buffer,
    row: NonNullable<Awaited<ReturnType<typeof readStaffSession>>>,
    now: Date,
  ): Promise<readonly string[] | undefined> => {
    const { recheckRoles } = options;
    const checkedAt = new Date(row.rolesCheckedAt);
    if (recheckRoles === undefined || now.getTime() - checkedAt.getTime() < STAFF_ROLES_CHECK_MS) return row.roles;
    if (!(await claimStaffRolesCheck(database, idHash, checkedAt, now))) return row.roles;
    // Without a refresh token, the access token reads the roles while it lasts; without either, nothing does.
    const answer =
      row.refreshToken === null && row.accessToken === null
        ? ({ outcome: 'refused', reason: NO_TOKEN } as const)
        : await recheckRoles({
            staffId: row.staffId,
            ...(row.refreshToken !== null && { refreshToken: row.refreshToken }),
            ...(row.accessToken !== null && { accessToken: row.accessToken }),
          }).catch((error: unknown): RolesRecheck => ({
            outcome: 'refused',
            reason: error instanceof Error ? error.name : 'unknown error',
          }));
    const roles = answer.outcome === 'roles' && answer.staffId === row.staffId ? answer.roles : [];
    if (answer.outcome === 'roles' && roles.length > 0) {
      await updateStaffRoles(database, idHash, roles, answer);
      return roles;
    }
    await database.transaction(async (tx) => {
      await deleteStaffSession(tx, idHash);
      await recordStaffAction(tx, {
        occurredAt: now,
        ...auditedStaff({ id: row.staffId, name: row.name }),
        action: 'session-revoked',
        details:
          answer.outcome === 'refused'
            ? { why: 'provider-refused', reason: answer.reason.slice(0, 100) }
            : { why: answer.staffId === row.staffId ? 'no-console-role' : 'another-subject' },
      });
    });
    return undefined;
  };

  return {
    async create(staff, idToken, now, details = {}) {
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
        clientAddress: details.clientAddress?.slice(0, 64) ?? null,
        refreshToken: details.refreshToken ?? null,
        accessToken: details.accessToken ?? null,
        rolesCheckedAt: now,
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
      const roles = await recheck(row.idHash, row, now);
      if (roles === undefined) return { outcome: 'revoked' };
      return {
        outcome: 'active',
        session: {
          staff: { id: row.staffId, name: row.name, roles: knownRoles(roles) },
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

    listSignedIn(now) {
      return listStaffSessions(database, {
        activeSince: new Date(now.getTime() - STAFF_IDLE_TIMEOUT_MS),
        signedInSince: new Date(now.getTime() - STAFF_SESSION_MAX_MS),
      });
    },

    endAllOf(staffId) {
      return deleteStaffSessionsOf(database, staffId);
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
