import type { Queryable } from './database.ts';

/** One check from a client address that found nothing (decision 042). */
export interface CheckFailure {
  readonly failedAt: Date;
  /** The code typed, written the service's way; null for a token, or a code that is not one. */
  readonly checkCode: string | null;
}

/** The advisory locks' first key for the check's failures: their own space, apart from the migrations' single key. */
const CHECK_FAILURES_LOCK = 42;

/**
 * Holds `client`'s failures until the transaction ends: the checks from one address are let
 * through one at a time, on every instance, so many sent at once cannot all pass a limit.
 */
export async function holdCheckFailures(tx: Queryable, client: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::int, hashtext($2::text))', [CHECK_FAILURES_LOCK, client]);
}

/** `client`'s failures since `since`, newest first. */
export async function listCheckFailures(tx: Queryable, client: string, since: Date): Promise<CheckFailure[]> {
  const { rows } = await tx.query<CheckFailure>(
    `SELECT failed_at AS "failedAt", check_code AS "checkCode" FROM check_failures
     WHERE client = $1 AND failed_at > $2 ORDER BY failed_at DESC, id DESC`,
    [client, since],
  );
  return rows;
}

/** Records a failure of `client`; returns its id, to forget it if the check finds the document after all. */
export async function recordCheckFailure(tx: Queryable, client: string, failure: CheckFailure): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    'INSERT INTO check_failures (client, check_code, failed_at) VALUES ($1, $2, $3) RETURNING id',
    [client, failure.checkCode, failure.failedAt],
  );
  return rows[0]!.id;
}

export async function forgetCheckFailure(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM check_failures WHERE id = $1', [id]);
}

/** Deletes the failures from before `before`; returns how many. */
export async function deleteCheckFailuresBefore(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM check_failures WHERE failed_at < $1', [before]);
  return rowCount;
}
