import type { Database } from './database.ts';

/**
 * The readiness probe: true when the database can store something new. A read (SELECT 1)
 * succeeds on a full disk or a read-only database, where every submission fails, and so does
 * overwriting a row in place. TRUNCATE gives the table a new, empty file, which the INSERT must
 * extend by a page (PostgreSQL writes the page out at once, to find a full disk then rather than
 * later), and the commit must reach the write-ahead log on disk.
 */
export async function isDatabaseWritable(db: Pick<Database, 'transaction'>): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      await tx.query('TRUNCATE readiness_probe');
      const { rowCount } = await tx.query('INSERT INTO readiness_probe (id, probed_at) VALUES (true, now())');
      return rowCount === 1;
    });
  } catch {
    return false;
  }
}
