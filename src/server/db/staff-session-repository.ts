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
}

export async function insertStaffSession(db: Queryable, row: StaffSessionRow): Promise<void> {
  await db.query(
    `INSERT INTO staff_sessions (id_hash, staff_id, name, roles, id_token, csrf_token, signed_in_at, last_active_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [row.idHash, row.staffId, row.name, row.roles, row.idToken, row.csrfToken, row.signedInAt, row.lastActiveAt],
  );
}

/** The session whose id hashes to `idHash`, over or not (the caller tells which). */
export async function readStaffSession(db: Queryable, idHash: Buffer): Promise<StaffSessionRow | undefined> {
  const { rows } = await db.query<Omit<StaffSessionRow, 'idHash'> & { idHash: Uint8Array }>(
    `SELECT id_hash AS "idHash", staff_id AS "staffId", name, roles, id_token AS "idToken",
            csrf_token AS "csrfToken", signed_in_at AS "signedInAt", last_active_at AS "lastActiveAt"
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
