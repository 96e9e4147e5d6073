import {
  applicationColumns,
  toApplication,
  type ApplicationRecord,
  type ApplicationRow,
} from './application-repository.ts';
import type { Database, Queryable } from './database.ts';

/** How long a submission stays locked, and the window in which failures count: 1 hour. */
export const LOCKOUT_MS = 60 * 60_000;
/** Failed attempts within the window that lock a submission. */
const MAX_FAILED_ATTEMPTS = 5;

export type LicenceAttemptOutcome = 'ok' | 'mismatch' | 'locked' | 'unknown';

/** What the status page and the documents show of a submission opened with its licence number. */
export interface OpenedSubmission {
  readonly sponsorName: string | null;
  readonly sponsorReference: string;
  /** In the order they were sent. */
  readonly applications: ApplicationRecord[];
}

/**
 * A refusal of a licence number, with what the page tells the sponsor: a wrong number, with the
 * attempts left before the submission locks (at least 1); or a lockout, with when it ends (the
 * fifth failure locks at once, so its answer is the lockout's).
 */
export type LicenceRefusal =
  | { readonly outcome: 'mismatch'; readonly remainingAttempts: number }
  | { readonly outcome: 'locked'; readonly lockedUntil: Date }
  | { readonly outcome: 'unknown' };

export type OpenOutcome = { readonly outcome: 'ok'; readonly submission: OpenedSubmission } | LicenceRefusal;

/** A counted attempt: a refusal, or 'ok'; `recorded` when it was a failure written down. */
type CountedAttempt = (LicenceRefusal | { readonly outcome: 'ok' }) & { readonly recorded?: true };

const lockEndsAt = (lockedAt: Date | null): number | null =>
  lockedAt === null ? null : lockedAt.getTime() + LOCKOUT_MS;

/**
 * Opens a submission with a licence number: the status call and the download, on every request.
 * The right number costs one query and no lock: the submission, its applications and any lockout
 * are read together, so a lockout still refuses the right number. Only a wrong number goes on to
 * attemptLicence, which holds the submission's row to count it. A right number read while a fifth
 * failure is being counted is answered as if it came just before that failure, which it may have.
 */
export async function openWithLicence(
  db: Database,
  submissionId: string,
  matches: (sponsorReference: string) => boolean,
  now: Date,
  /** Called once when this attempt began a lockout (after it is recorded), for the metrics. */
  onLockout?: () => void,
): Promise<OpenOutcome> {
  const { rows } = await db.query<
    Partial<ApplicationRow> & Pick<ApplicationRow, 'sponsorName' | 'sponsorReference'> & { lockoutBeganAt: Date | null }
  >(
    `SELECT ${applicationColumns}, l.locked_at AS "lockoutBeganAt"
     FROM submissions s
     LEFT JOIN applications a ON a.submission_id = s.id
     LEFT JOIN licence_lockouts l ON l.submission_id = s.id
     WHERE s.id = $1
     ORDER BY a.position`,
    [submissionId],
  );
  const first = rows[0];
  if (first === undefined) return { outcome: 'unknown' };
  const lockEnds = lockEndsAt(first.lockoutBeganAt);
  if (lockEnds !== null && lockEnds > now.getTime()) return { outcome: 'locked', lockedUntil: new Date(lockEnds) };
  if (!matches(first.sponsorReference)) {
    const { recorded, ...counted } = await countLicenceAttempt(db, submissionId, matches, now);
    if (recorded && counted.outcome === 'locked') onLockout?.();
    // A submission's licence number never changes, so 'ok' cannot come back; refusing is safe.
    return counted.outcome === 'ok' ? { outcome: 'mismatch', remainingAttempts: 1 } : counted;
  }
  return {
    outcome: 'ok',
    submission: {
      sponsorName: first.sponsorName,
      sponsorReference: first.sponsorReference,
      // A submission without applications reads as one row of nulls (the LEFT JOIN).
      applications: rows
        .filter((row): row is ApplicationRow & { lockoutBeganAt: Date | null } => row.applicantId != null)
        .map(({ lockoutBeganAt: _submissionsLockout, ...application }) => toApplication(application)),
    },
  };
}

/**
 * One attempt to open a submission with a licence number, counted. `matches` compares the number
 * typed with the submission's; the attempt is recorded and answered in one transaction that holds
 * the submission's row, so attempts for one submission (from any instance) are counted one at a
 * time. The requests of the service come through openWithLicence, which sends only wrong numbers.
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
  /** Called once when this attempt began a lockout (after it is recorded), for the metrics. */
  onLockout?: () => void,
): Promise<LicenceAttemptOutcome> {
  const counted = await countLicenceAttempt(db, submissionId, matches, now);
  if (counted.recorded && counted.outcome === 'locked') onLockout?.();
  return counted.recorded ? 'mismatch' : counted.outcome;
}

/** attemptLicence, answering what the page tells: the attempts left, or when the lockout ends. */
async function countLicenceAttempt(
  db: Database,
  submissionId: string,
  matches: (sponsorReference: string) => boolean,
  now: Date,
): Promise<CountedAttempt> {
  return db.transaction(async (tx): Promise<CountedAttempt> => {
    const { rows } = await tx.query<{ sponsorReference: string; lockedAt: Date | null }>(
      `SELECT s.sponsor_reference AS "sponsorReference", l.locked_at AS "lockedAt"
       FROM submissions s LEFT JOIN licence_lockouts l ON l.submission_id = s.id
       WHERE s.id = $1 FOR UPDATE OF s`,
      [submissionId],
    );
    const submission = rows[0];
    if (submission === undefined) return { outcome: 'unknown' };
    const lockEnds = lockEndsAt(submission.lockedAt);
    if (lockEnds !== null && lockEnds > now.getTime()) return { outcome: 'locked', lockedUntil: new Date(lockEnds) };
    if (matches(submission.sponsorReference)) return { outcome: 'ok' };

    await tx.query('INSERT INTO licence_attempt_failures (submission_id, failed_at) VALUES ($1, $2::timestamptz)', [
      submissionId,
      now,
    ]);
    // Failures before the end of an earlier lockout have been paid for.
    const since = new Date(Math.max(now.getTime() - LOCKOUT_MS, lockEnds ?? 0));
    const counted = await tx.query<{ n: number }>(
      'SELECT count(*) AS n FROM licence_attempt_failures WHERE submission_id = $1 AND failed_at > $2::timestamptz',
      [submissionId, since],
    );
    const failures = counted.rows[0]?.n ?? 0;
    if (failures >= MAX_FAILED_ATTEMPTS) {
      await tx.query(
        `INSERT INTO licence_lockouts (submission_id, locked_at) VALUES ($1, $2::timestamptz)
         ON CONFLICT (submission_id) DO UPDATE SET locked_at = excluded.locked_at`,
        [submissionId, now],
      );
      return { outcome: 'locked', lockedUntil: new Date(now.getTime() + LOCKOUT_MS), recorded: true };
    }
    return { outcome: 'mismatch', remainingAttempts: MAX_FAILED_ATTEMPTS - failures, recorded: true };
  });
}

/** What an unlock ended. */
export interface LicenceUnlock {
  readonly submissionId: string;
  /** When the lockout that was ended began; undefined when the submission was not locked. */
  readonly lockoutBeganAt: Date | undefined;
  /** The recorded failed attempts cleared (all of them, counted or not). */
  readonly failuresCleared: number;
}

/**
 * A caseworker's unlock of the submission an application belongs to: ends any lockout, clears
 * the failed attempts (so the next wrong number is the first of five again) and writes an audit
 * row, in the caller's transaction (the staff action writes its own audit line in it too),
 * holding the submission's row as attemptLicence does, so an attempt running at the same moment
 * is counted either wholly before or wholly after. Undefined when there is no such application.
 */
export async function unlockLicence(
  tx: Queryable,
  applicantId: string,
  actor: string,
  now: Date,
): Promise<LicenceUnlock | undefined> {
  // The application's row first, as a status change takes it (then the submission's): the
  // audit rows below reference the application, which locks its row, and taking it only after
  // the submission's could leave this and a decision each waiting for the other.
  await tx.query('SELECT 1 FROM applications WHERE applicant_id = $1 FOR KEY SHARE', [applicantId]);
  const { rows } = await tx.query<{ submissionId: string; lockedAt: Date | null }>(
    `SELECT s.id AS "submissionId", l.locked_at AS "lockedAt"
     FROM applications a
     JOIN submissions s ON s.id = a.submission_id
     LEFT JOIN licence_lockouts l ON l.submission_id = s.id
     WHERE a.applicant_id = $1 FOR UPDATE OF s`,
    [applicantId],
  );
  const found = rows[0];
  if (found === undefined) return undefined;
  const { submissionId, lockedAt } = found;
  // A lockout whose hour is over has ended by itself: only a current one counts as ended here.
  const lockoutBeganAt = lockedAt !== null && lockedAt.getTime() + LOCKOUT_MS > now.getTime() ? lockedAt : undefined;
  await tx.query('DELETE FROM licence_lockouts WHERE submission_id = $1', [submissionId]);
  const cleared = await tx.query('DELETE FROM licence_attempt_failures WHERE submission_id = $1', [submissionId]);
  await tx.query(
    `INSERT INTO licence_unlocks (submission_id, applicant_id, unlocked_at, actor, lockout_began_at, failures_cleared)
     VALUES ($1, $2, $3::timestamptz, $4, $5::timestamptz, $6)`,
    [submissionId, applicantId, now, actor, lockoutBeganAt ?? null, cleared.rowCount],
  );
  return { submissionId, lockoutBeganAt, failuresCleared: cleared.rowCount };
}

/** Whether a submission is locked now, and the failed attempts recorded against it. */
export interface LicenceState {
  /** When the lockout in force began; undefined when none is. */
  readonly lockedSince: Date | undefined;
  readonly failedAttempts: number;
}

export async function readLicenceState(db: Queryable, submissionId: string, now: Date): Promise<LicenceState> {
  const { rows } = await db.query<{ lockedAt: Date | null; failures: number }>(
    `SELECT (SELECT locked_at FROM licence_lockouts WHERE submission_id = $1) AS "lockedAt",
            (SELECT count(*)::int FROM licence_attempt_failures WHERE submission_id = $1) AS failures`,
    [submissionId],
  );
  const lockedAt = rows[0]?.lockedAt ?? null;
  const inForce = lockedAt !== null && lockedAt.getTime() + LOCKOUT_MS > now.getTime();
  return { lockedSince: inForce ? lockedAt : undefined, failedAttempts: rows[0]?.failures ?? 0 };
}

/** One audit row of an unlock. */
export interface LicenceUnlockRecord extends LicenceUnlock {
  readonly applicantId: string;
  readonly unlockedAt: Date;
  readonly actor: string;
}

/** The unlocks of a submission, oldest first. */
export async function listLicenceUnlocks(db: Queryable, submissionId: string): Promise<LicenceUnlockRecord[]> {
  const { rows } = await db.query<Omit<LicenceUnlockRecord, 'lockoutBeganAt'> & { lockoutBeganAt: Date | null }>(
    `SELECT submission_id AS "submissionId", applicant_id AS "applicantId", unlocked_at AS "unlockedAt", actor,
            lockout_began_at AS "lockoutBeganAt", failures_cleared AS "failuresCleared"
     FROM licence_unlocks WHERE submission_id = $1 ORDER BY id`,
    [submissionId],
  );
  // The record says "not locked" with undefined, as unlockLicence answers it.
  return rows.map((row) => ({ ...row, lockoutBeganAt: row.lockoutBeganAt ?? undefined }));
}

/** Submissions whose lockout began less than LOCKOUT_MS before `now` (a small table: one row per submission ever locked, until retention). */
export async function countLockoutsInForce(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*) AS count FROM licence_lockouts WHERE locked_at > $1::timestamptz',
    [new Date(now.getTime() - LOCKOUT_MS)],
  );
  return rows[0]?.count ?? 0;
}
