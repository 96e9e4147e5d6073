import type { Queryable } from './database.ts';

/** The readiness probe: true when the database answers a trivial query. */
export async function isDatabaseReachable(db: Queryable): Promise<boolean> {
  try {
    const { rows } = await db.query<{ ok: number }>('SELECT 1 AS ok');
    return rows[0]?.ok === 1;
  } catch {
    return false;
  }
}
