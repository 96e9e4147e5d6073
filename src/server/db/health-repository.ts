import type { Queryable } from './database.ts';

/**
 * The readiness probe: true when the database can store something new. A read (SELECT 1)
 * succeeds on a full disk or a read-only database, where every submission fails, and so does
 * overwriting a row in place. TRUNCATE gives the table a new, empty file, which the INSERT must
 * extend by a page (PostgreSQL writes the page out at once, to find a full disk then rather than
 * later), and the commit must reach the write-ahead log on disk. One statement, so one round trip:
 * the block is its own transaction.
 */
export async function isDatabaseWritable(db: Pick<Queryable, 'query'>): Promise<boolean> {
  try {
    await db.query(
      `DO $$ BEGIN
         TRUNCATE readiness_probe;
         INSERT INTO readiness_probe (id, probed_at) VALUES (true, now());
       END $$`,
    );
    return true;
  } catch {
    return false;
  }
}
