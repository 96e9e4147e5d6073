import type { Queryable } from './database.ts';

/** A budget's count in its current window. */
export interface WindowCount {
  /** Hits in the window, this one included. */
  readonly hits: number;
  readonly windowEndsAt: Date;
}

/**
 * Counts one hit against `key` in a fixed window of `windowMs` that starts with the first hit
 * after the last window ended. One statement: concurrent hits (from any instance) queue on the
 * row and each sees the count with itself in it.
 */
export async function countHit(db: Queryable, key: string, windowMs: number, now: Date): Promise<WindowCount> {
  const { rows } = await db.query<WindowCount>(COUNT_HIT.sql, COUNT_HIT.parameters({ key, windowMs }, now));
  return rows[0]!;
}

/** A hit to count: against `key`, in a window of `windowMs`. */
export interface Hit {
  readonly key: string;
  readonly windowMs: number;
}

/**
 * The statement that counts a hit, returning the count (`hits`, `windowEndsAt`), and its
 * parameters ($1 to $3): a repository that reads something as a hit is counted words it as a
 * `WITH` of its own statement (one round trip, not two).
 */
export const COUNT_HIT = {
  sql: `INSERT INTO rate_limit_counters AS c (key, hits, window_ends_at) VALUES ($1, 1, $3::timestamptz)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN c.window_ends_at <= $2::timestamptz THEN 1 ELSE c.hits + 1 END,
       window_ends_at = CASE WHEN c.window_ends_at <= $2::timestamptz THEN excluded.window_ends_at ELSE c.window_ends_at END
     RETURNING hits, window_ends_at AS "windowEndsAt"`,
  parameters: ({ key, windowMs }: Hit, now: Date): unknown[] => [key, now, new Date(now.getTime() + windowMs)],
};

/** The count of `key` in its current window, without counting a hit; undefined when its window has ended. */
export async function readHits(db: Queryable, key: string, now: Date): Promise<WindowCount | undefined> {
  const { rows } = await db.query<WindowCount>(
    `SELECT hits, window_ends_at AS "windowEndsAt" FROM rate_limit_counters WHERE key = $1 AND window_ends_at > $2`,
    [key, now],
  );
  return rows[0];
}

/** Deletes the counts whose window has ended; returns how many. */
export async function deleteEndedWindows(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM rate_limit_counters WHERE window_ends_at <= $1', [now]);
  return rowCount;
}
