import type { Database } from './database.ts';

/** How long a submission stays locked, and the window in which failures count (spec §9: 1 hour). */
export const LOCKOUT_MS = 60 * 60_000;
/** Failed attempts within the window that lock a submission. */
export const MAX_FAILED_ATTEMPTS = 5;

export type LicenceAttemptOutcome = 'ok' | 'mismatch' | 'locked' | 'unknown';

/**
 * One attempt to open a submission with a licence number. `matches` compares the number typed
 * with the submission's; the attempt is recorded and answered in one transaction that holds the
 * submission's row, so attempts for one submission (from any instance) are counted one at a time.
 *
 * - locked: a lockout began less than an hour ago (whatever the number);
 * - mismatch: recorded; the fifth failure within an hour (since any earlier lockout ended) locks;
 * - ok: the number matches;
 * - unknown: no such submission.
 */
export async function attemptLicence(
  db: Database,
  submissionId: string,
  matches: (sponsorReference: string) => boolean,
  now: Date,
): Promise<LicenceAttemptOutcome> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ sponsor_reference: string; locked_at: Date | null }>(
      `SELECT s.sponsor_reference, l.locked_at
       FROM submissions s LEFT JOIN licence_lockouts l ON l.submission_id = s.id
       WHERE s.id = $1 FOR UPDATE OF s`,
      [submissionId],
    );
    const submission = rows[0];
    if (submission === undefined) return 'unknown';
    const lockEnds = submission.locked_at === null ? null : submission.locked_at.getTime() + LOCKOUT_MS;
    if (lockEnds !== null && lockEnds > now.getTime()) return 'locked';
    if (matches(submission.sponsor_reference)) return 'ok';

    await tx.query('INSERT INTO licence_attempt_failures (submission_id, failed_at) VALUES ($1, $2::timestamptz)', [submissionId, now]);
    // Failures before the end of an earlier lockout have been paid for.
    const since = new Date(Math.max(now.getTime() - LOCKOUT_MS, lockEnds ?? 0));
    const counted = await tx.query<{ n: number }>(
      'SELECT count(*) AS n FROM licence_attempt_failures WHERE submission_id = $1 AND failed_at > $2::timestamptz',
      [submissionId, since],
    );
    if ((counted.rows[0]?.n ?? 0) >= MAX_FAILED_ATTEMPTS) {
      await tx.query(
        `INSERT INTO licence_lockouts (submission_id, locked_at) VALUES ($1, $2::timestamptz)
         ON CONFLICT (submission_id) DO UPDATE SET locked_at = excluded.locked_at`,
        [submissionId, now],
      );
    }
    return 'mismatch';
  });
}
