import type { PageSession } from '#shared/pages/page-data.ts';
import type { Queryable } from './database.ts';

/** What a browser's session keeps on the server: what its pages are rendered from, and how long the status pages stay open. */
export interface FormSessionValues extends PageSession {
  /** When the status link's submission was opened with its licence number (null: not open). */
  readonly statusOpenedAt: Date | null;
}

/** A session as stored: its values, and the hash of its current id. */
export interface StoredFormSession extends FormSessionValues {
  readonly idHash: Buffer;
}

/** Which sessions a read finds: written since `active`; by the id it had before a renewal since `renewed`. */
export interface SessionsSince {
  readonly active: Date;
  readonly renewed: Date;
}

/**
 * The session whose id hashes to `idHash`, written since `since.active`: by its current id, or by
 * the id it had before its last renewal if that happened since `since.renewed` (a request of the
 * same browser sent before the renewal reached it). With `lock`, in a transaction, its row is
 * held until the transaction ends: the requests of one browser change it one at a time.
 */
export async function readFormSession(
  db: Queryable,
  idHash: Buffer,
  since: SessionsSince,
  lock = false,
): Promise<StoredFormSession | undefined> {
  const { rows } = await db.query<FormSessionValues & { idHash: Uint8Array }>(
    `SELECT id_hash AS "idHash", form_state AS "formState", status_token AS "statusToken", notice,
            status_opened_at AS "statusOpenedAt"
     FROM form_sessions
     WHERE (id_hash = $1 OR (previous_id_hash = $1 AND rotated_at >= $3)) AND updated_at >= $2
     ${lock ? 'FOR UPDATE' : ''}`,
    [idHash, since.active, since.renewed],
  );
  const row = rows[0];
  return row === undefined ? undefined : { ...row, idHash: Buffer.from(row.idHash) };
}

/** Starts a session under `idHash` with `values`. */
export async function insertFormSession(
  db: Queryable,
  idHash: Buffer,
  values: FormSessionValues,
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO form_sessions (id_hash, form_state, status_token, notice, status_opened_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [idHash, values.formState, values.statusToken, values.notice, values.statusOpenedAt, now],
  );
}

/**
 * Writes `values` over the session whose current id hashes to `idHash`. With `renewedIdHash`,
 * the session takes that id, and its id until now opens it for a while longer.
 */
export async function updateFormSession(
  db: Queryable,
  idHash: Buffer,
  values: FormSessionValues,
  now: Date,
  renewedIdHash?: Buffer,
): Promise<void> {
  await db.query(
    `UPDATE form_sessions
     SET form_state = $2, status_token = $3, notice = $4, status_opened_at = $5, updated_at = $6,
         previous_id_hash = CASE WHEN $7::bytea IS NULL THEN previous_id_hash ELSE id_hash END,
         rotated_at = CASE WHEN $7::bytea IS NULL THEN rotated_at ELSE $6 END,
         id_hash = coalesce($7::bytea, id_hash)
     WHERE id_hash = $1`,
    [idHash, values.formState, values.statusToken, values.notice, values.statusOpenedAt, now, renewedIdHash ?? null],
  );
}

/** Ends the session whose id (current or previous) hashes to `idHash`. */
export async function deleteFormSession(db: Queryable, idHash: Buffer): Promise<void> {
  await db.query('DELETE FROM form_sessions WHERE id_hash = $1 OR previous_id_hash = $1', [idHash]);
}

/** Deletes the sessions not used since `activeSince`; returns how many. */
export async function deleteIdleFormSessions(db: Queryable, activeSince: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM form_sessions WHERE updated_at < $1', [activeSince]);
  return rowCount;
}
