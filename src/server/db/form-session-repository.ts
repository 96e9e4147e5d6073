import type { PageSession } from '#shared/pages/page-renderer.ts';
import type { Queryable } from './database.ts';

/** The session's values, when it exists and was used after `activeSince`. */
export async function readFormSession(
  db: Queryable,
  idHash: Buffer,
  activeSince: Date,
): Promise<PageSession | undefined> {
  const { rows } = await db.query<PageSession>(
    `SELECT form_state AS "formState", status_token AS "statusToken", notice
     FROM form_sessions WHERE id_hash = $1 AND updated_at >= $2`,
    [idHash, activeSince],
  );
  return rows[0];
}

/** Writes the session's values (creating it), marking it used at `now`. */
export async function writeFormSession(db: Queryable, idHash: Buffer, values: PageSession, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO form_sessions (id_hash, form_state, status_token, notice, updated_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id_hash) DO UPDATE
       SET form_state = $2, status_token = $3, notice = $4, updated_at = $5`,
    [idHash, values.formState, values.statusToken, values.notice, now],
  );
}

/** Deletes the sessions not used since `activeSince`; returns how many. */
export async function deleteIdleFormSessions(db: Queryable, activeSince: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM form_sessions WHERE updated_at < $1', [activeSince]);
  return rowCount;
}
