// Test support (not a test file): a race between two transactions on PostgreSQL, told apart by
// what the database says rather than by a timer. A test holds a row lock in one transaction, starts
// the operations that must queue behind it, and waits until PostgreSQL shows them waiting on that
// lock (pg_stat_activity, pg_blocking_pids) before it lets go: however slow the machine, the
// operations are then known to have reached the lock. PGlite is one connection, where nothing waits
// on another's lock; these are for PostgreSQL only.
import type { Queryable } from '../db/database.ts';
import { waitFor } from './child-process.ts';

/** The PostgreSQL backend (process id) of the connection `tx` runs on: the holder of its locks. */
export async function backendPid(tx: Queryable): Promise<number> {
  const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const pid = rows[0]?.pid;
  if (pid === undefined) throw new Error('No backend pid');
  return pid;
}

/**
 * The sessions waiting on a lock behind `holder`: those it blocks, and those they block in turn
 * (a second transaction after the same row waits on the first one's tuple lock, not the holder's).
 */
async function waitersBehind(db: Queryable, holder: number): Promise<number> {
  const { rows } = await db.query<{ waiting: number }>(
    `WITH RECURSIVE waiting(pid) AS (
       SELECT a.pid FROM pg_stat_activity a
       WHERE a.wait_event_type = 'Lock' AND $1::integer = ANY(pg_blocking_pids(a.pid))
       UNION
       SELECT a.pid FROM pg_stat_activity a JOIN waiting w ON w.pid = ANY(pg_blocking_pids(a.pid))
       WHERE a.wait_event_type = 'Lock'
     )
     SELECT count(*)::integer AS waiting FROM waiting`,
    [holder],
  );
  return rows[0]?.waiting ?? 0;
}

/**
 * Resolves once `count` sessions wait on a lock behind the backend `holder` (backendPid), asking
 * on `db`, a connection other than the holder's and the waiters'.
 */
export async function waitForLockWaiters(db: Queryable, holder: number, count: number): Promise<void> {
  await waitFor(
    async () => (await waitersBehind(db, holder)) >= count,
    `${count} session(s) to wait on the lock of backend ${holder}`,
    30_000,
  );
}

/**
 * What comes first: `promise` settles (its value), or a session waits on a lock behind the backend
 * `holder` ('waiting on the lock'). Whichever the machine's speed, an operation that needs the
 * lock can only end up waiting on it, and one that does not can only be answered.
 */
export async function answeredOrWaitingOnLock<T>(
  db: Queryable,
  holder: number,
  promise: Promise<T>,
): Promise<{ readonly answer: T } | 'waiting on the lock'> {
  let outcome: { readonly answer: T } | { readonly error: unknown } | undefined;
  void promise.then(
    (answer) => (outcome = { answer }),
    (error: unknown) => (outcome = { error }),
  );
  let waiting = false;
  await waitFor(
    async () => {
      if (outcome !== undefined) return true;
      waiting = (await waitersBehind(db, holder)) > 0;
      return waiting;
    },
    `an answer, or a session waiting on the lock of backend ${holder}`,
    30_000,
  );
  // Settled while the waiters were counted: an answer all the same (a waiter cannot have settled).
  if (outcome === undefined) return 'waiting on the lock';
  if ('error' in outcome) throw outcome.error;
  return outcome;
}
