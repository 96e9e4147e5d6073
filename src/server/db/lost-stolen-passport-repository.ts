import type { Queryable } from './database.ts';

/** True when the (normalised) passport number is on the lost or stolen list. */
export async function isPassportLostOrStolen(db: Queryable, passportNumber: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM lost_stolen_passports WHERE passport_number = $1) AS found',
    [passportNumber],
  );
  return rows[0]?.found === true;
}

/**
 * Adds normalised passport numbers to the list; numbers already there are left as they were.
 * Returns how many were new.
 */
export async function addLostStolenPassports(
  db: Queryable,
  passportNumbers: readonly string[],
  source: string,
  now: Date,
): Promise<number> {
  if (passportNumbers.length === 0) return 0;
  const { rowCount } = await db.query(
    `INSERT INTO lost_stolen_passports (passport_number, source, reported_at)
     SELECT DISTINCT n, $2, $3::timestamptz FROM unnest($1::text[]) AS n
     ON CONFLICT (passport_number) DO NOTHING`,
    [passportNumbers, source, now],
  );
  return rowCount;
}
