import type { Queryable } from './database.ts';

/** A caseworker's session as stored, under the SHA-256 of its id. */
export interface StaffSessionRow {
  readonly idHash: Buffer;
  readonly staffId: string;
  readonly name: string;
  readonly roles: readonly string[];
  readonly idToken: string;
  readonly csrfToken: string;
  readonly signedInAt: Date;
  readonly lastActiveAt: Date;
  /** The client address the sign-in came from, as the service saw it. */
  readonly clientAddress: string | null;
  /** The provider's refresh token, with which the roles are read again; null when it gave none. */
  readonly refreshToken: string | null;
  /** The provider's access token (the latest), with which the roles are read at userinfo when there is no refresh token; null when it gave none. */
  readonly accessToken: string | null;
  /** When the roles were last read from the provider (at sign-in, then at least every 15 minutes of activity). */
  readonly rolesCheckedAt: Date;
}

export async function insertStaffSession(db: Queryable, row: StaffSessionRow): Promise<void> {
  await db.query(
    `INSERT INTO staff_sessions (id_hash, staff_id, name, roles, id_token, csrf_token, signed_in_at, last_active_at,
                                 client_address, refresh_token, access_token, roles_checked_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      row.idHash,
      row.staffId,
      row.name,
      row.roles,
      row.idToken,
      row.csrfToken,
      row.signedInAt,
      row.lastActiveAt,
      row.clientAddress,
      row.refreshToken,
      row.accessToken,
      row.rolesCheckedAt,
    ],
  );
}

/** The session whose id hashes to `idHash`, over or not (the caller tells which). */
export async function readStaffSession(db: Queryable, idHash: Buffer): Promise<StaffSessionRow | undefined> {
  const { rows } = await db.query<Omit<StaffSessionRow, 'idHash'> & { idHash: Uint8Array }>(
    `SELECT id_hash AS "idHash", staff_id AS "staffId", name, roles, id_token AS "idToken",
            csrf_token AS "csrfToken", signed_in_at AS "signedInAt", last_active_at AS "lastActiveAt",
            client_address AS "clientAddress", refresh_token AS "refreshToken", access_token AS "accessToken",
            roles_checked_at AS "rolesCheckedAt"
     FROM staff_sessions WHERE id_hash = $1`,
    [idHash],
  );
  const row = rows[0];
  return row === undefined ? undefined : { ...row, idHash: Buffer.from(row.idHash) };
}

/** Which sessions a touch records activity on: still going, and not touched since `touchedSince`. */
export interface TouchableSince {
  /** Active (last activity) since then: an idle session stays over. */
  readonly activeSince: Date;
  /** Signed in since then: an expired session stays over. */
  readonly signedInSince: Date;
  /** Touched last at or before then: a more recent touch is enough, and costs no write. */
  readonly touchedBefore: Date;
}

/** Records activity at `now` on the session, when it is still going and was not touched lately; true when written. */
export async function touchStaffSession(
  db: Queryable,
  idHash: Buffer,
  now: Date,
  since: TouchableSince,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE staff_sessions SET last_active_at = $2
     WHERE id_hash = $1 AND last_active_at <= $3 AND last_active_at > $4 AND signed_in_at > $5`,
    [idHash, now, since.touchedBefore, since.activeSince, since.signedInSince],
  );
  return rowCount > 0;
}

/** Deletes the session; returns its ID token (for the provider's sign-out), undefined when there was none. */
export async function deleteStaffSession(db: Queryable, idHash: Buffer): Promise<string | undefined> {
  const { rows } = await db.query<{ idToken: string }>(
    'DELETE FROM staff_sessions WHERE id_hash = $1 RETURNING id_token AS "idToken"',
    [idHash],
  );
  return rows[0]?.idToken;
}

/** Deletes the sessions idle since `activeSince` or signed in before `signedInSince`; returns how many. */
export async function deleteEndedStaffSessions(
  db: Queryable,
  ended: Pick<TouchableSince, 'activeSince' | 'signedInSince'>,
): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM staff_sessions WHERE last_active_at <= $1 OR signed_in_at <= $2', [
    ended.activeSince,
    ended.signedInSince,
  ]);
  return rowCount;
}

/**
 * Claims the session's check of its roles: true for the one request that moves `roles_checked_at`
 * from `checkedAt` to `now` (it then asks the provider); false when another request claimed it first.
 */
export async function claimStaffRolesCheck(
  db: Queryable,
  idHash: Buffer,
  checkedAt: Date,
  now: Date,
): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE staff_sessions SET roles_checked_at = $3 WHERE id_hash = $1 AND roles_checked_at = $2',
    [idHash, checkedAt, now],
  );
  return rowCount > 0;
}

/** The tokens a reading of the roles gave anew: the ones kept are replaced by these, the others stay. */
export interface NewStaffTokens {
  /** The new refresh token when the provider rotated it. */
  readonly refreshToken?: string | undefined;
  /** The new access token of a refresh. */
  readonly accessToken?: string | undefined;
}

/** Keeps the roles the provider gave again, and the new tokens it gave with them. */
export async function updateStaffRoles(
  db: Queryable,
  idHash: Buffer,
  roles: readonly string[],
  tokens: NewStaffTokens,
): Promise<void> {
  await db.query(
    `UPDATE staff_sessions
     SET roles = $2, refresh_token = coalesce($3, refresh_token), access_token = coalesce($4, access_token)
     WHERE id_hash = $1`,
    [idHash, roles, tokens.refreshToken ?? null, tokens.accessToken ?? null],
  );
}

/** A session as the admins' list shows it: nothing that opens it. */
export interface SignedInStaffRow {
  readonly staffId: string;
  readonly name: string;
  readonly roles: readonly string[];
  readonly signedInAt: Date;
  readonly lastActiveAt: Date;
  readonly clientAddress: string | null;
}

/** The sessions still going (active since `activeSince`, signed in since `signedInSince`), by name, then newest first. */
export async function listStaffSessions(
  db: Queryable,
  going: Pick<TouchableSince, 'activeSince' | 'signedInSince'>,
): Promise<SignedInStaffRow[]> {
  const { rows } = await db.query<SignedInStaffRow>(
    `SELECT staff_id AS "staffId", name, roles, signed_in_at AS "signedInAt", last_active_at AS "lastActiveAt",
            client_address AS "clientAddress"
     FROM staff_sessions WHERE last_active_at > $1 AND signed_in_at > $2
     ORDER BY name, staff_id, signed_in_at DESC`,
    [going.activeSince, going.signedInSince],
  );
  return rows;
}

/** Deletes every session of a member of staff; returns how many there were. */
export async function deleteStaffSessionsOf(db: Queryable, staffId: string): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM staff_sessions WHERE staff_id = $1', [staffId]);
  return rowCount;
}
