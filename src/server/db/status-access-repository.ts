import {
  applicationColumns,
  toApplication,
  type ApplicationRecord,
  type ApplicationRow,
} from './application-repository.ts';
import type { Database, Queryable } from './database.ts';
import { enqueueJob, jobKinds } from './job-repository.ts';

/** How long a client stays locked out of a submission, and the window in which failures count: 1 hour. */
export const LOCKOUT_MS = 60 * 60_000;
/** Failed attempts of one client within the window that lock it out of the submission. */
const MAX_FAILED_ATTEMPTS = 5;
/**
 * How long failures and lockouts, with the client address they name, are kept once they count
 * for nothing (a failure an hour old, a lockout whose hour is over): a day, for the caseworkers'
 * count and for a lockout's end to be noticed at the client's next attempt. The hourly purge
 * deletes them then.
 */
const LICENCE_RECORDS_KEPT_MS = 24 * 60 * 60_000;

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
 * attempts left before the client is locked out (at least 1); or a lockout, with when it ends
 * (the fifth failure locks at once, so its answer is the lockout's).
 */
export type LicenceRefusal =
  | { readonly outcome: 'mismatch'; readonly remainingAttempts: number }
  | { readonly outcome: 'locked'; readonly lockedUntil: Date }
  | { readonly outcome: 'unknown' };

export type OpenOutcome = { readonly outcome: 'ok'; readonly submission: OpenedSubmission } | LicenceRefusal;

/**
 * What an attempt did beyond its answer, each told once it is recorded (for the security log and
 * the metrics): a wrong number counted, a lockout begun by it, the client's earlier lockout found
 * over (and forgotten).
 */
export interface LicenceAttemptEvents {
  readonly wrongNumber?: () => void;
  readonly lockoutStarted?: () => void;
  readonly lockoutEnded?: () => void;
}

/** A counted attempt: a refusal, or 'ok', and what it did. */
type CountedAttempt = (LicenceRefusal | { readonly outcome: 'ok' }) & {
  /** A failure was written down. */
  readonly recorded?: true;
  readonly began?: true;
  readonly ended?: true;
};

const lockEndsAt = (lockedAt: Date | null): number | null =>
  lockedAt === null ? null : lockedAt.getTime() + LOCKOUT_MS;

/**
 * Opens a submission with a licence number for one client (its normalised address): the status
 * call and the download, on every request. The right number costs one query and no lock: the
 * submission, its applications and the client's lockout are read together, so a lockout still
 * refuses the right number from that client (and only from it). Only a wrong number goes on to
 * countLicenceAttempt, which holds the submission's row to count it. A right number read while a
 * fifth failure is being counted is answered as if it came just before that failure, which it may
 * have.
 */
export async function openWithLicence(
  db: Database,
  submissionId: string,
  client: string,
  matches: (sponsorReference: string) => boolean,
  now: Date,
  events: LicenceAttemptEvents = {},
): Promise<OpenOutcome> {
  const { rows } = await db.query<
    Partial<ApplicationRow> & Pick<ApplicationRow, 'sponsorName' | 'sponsorReference'> & { lockoutBeganAt: Date | null }
  >(
    `SELECT ${applicationColumns}, l.locked_at AS "lockoutBeganAt"
     FROM submissions s
     LEFT JOIN applications a ON a.submission_id = s.id
     LEFT JOIN licence_lockouts l ON l.submission_id = s.id AND l.client = $2
     WHERE s.id = $1
     ORDER BY a.position`,
    [submissionId, client],
  );
  const first = rows[0];
  if (first === undefined) return { outcome: 'unknown' };
  const lockEnds = lockEndsAt(first.lockoutBeganAt);
  if (lockEnds !== null && lockEnds > now.getTime()) return { outcome: 'locked', lockedUntil: new Date(lockEnds) };
  if (!matches(first.sponsorReference)) {
    const { recorded, began, ended, ...counted } = await countLicenceAttempt(db, submissionId, client, matches, now);
    tell(events, { recorded, began, ended });
    // A submission's licence number never changes, so 'ok' cannot come back; refusing is safe.
    return counted.outcome === 'ok' ? { outcome: 'mismatch', remainingAttempts: 1 } : counted;
  }
  // The client's lockout is over: forgotten at its first attempt since (once, whichever instance).
  if (lockEnds !== null && (await forgetEndedLockout(db, submissionId, client, now))) events.lockoutEnded?.();
  return {
    outcome: 'ok',
    submission: {
      sponsorName: first.sponsorName,
      sponsorReference: first.sponsorReference,
      // A submission without applications reads as one row of nulls (the LEFT JOIN).
      applications: rows
        .filter((row): row is ApplicationRow & { lockoutBeganAt: Date | null } => row.applicantId != null)
        .map(({ lockoutBeganAt: _clientsLockout, ...application }) => toApplication(application)),
    },
  };
}

/** Tells `events` what an attempt did, once it is recorded. */
function tell(events: LicenceAttemptEvents, done: Pick<CountedAttempt, 'recorded' | 'began' | 'ended'>): void {
  if (done.ended) events.lockoutEnded?.();
  if (done.recorded) events.wrongNumber?.();
  if (done.began) events.lockoutStarted?.();
}

/** Deletes the client's lockout of the submission if its hour is over; true when one was. */
async function forgetEndedLockout(db: Queryable, submissionId: string, client: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'DELETE FROM licence_lockouts WHERE submission_id = $1 AND client = $2 AND locked_at <= $3::timestamptz',
    [submissionId, client, new Date(now.getTime() - LOCKOUT_MS)],
  );
  return rowCount > 0;
}

/**
 * One attempt of a client to open a submission with a licence number, counted. `matches` compares
 * the number typed with the submission's; the attempt is recorded and answered in one transaction
 * that holds the submission's row, so attempts for one submission (from any instance) are counted
 * one at a time. The requests of the service come through openWithLicence, which sends only wrong
 * numbers, and the new link's request (new-status-link.ts).
 *
 * - locked: the client's lockout began less than an hour ago (whatever the number);
 * - mismatch: recorded; the client's fifth failure within an hour locks it out;
 * - ok: the number matches;
 * - unknown: no such submission.
 */
export async function attemptLicence(
  db: Database,
  submissionId: string,
  client: string,
  matches: (sponsorReference: string) => boolean,
  now: Date,
  events: LicenceAttemptEvents = {},
): Promise<LicenceAttemptOutcome> {
  const counted = await countLicenceAttempt(db, submissionId, client, matches, now);
  tell(events, counted);
  return counted.recorded ? 'mismatch' : counted.outcome;
}

/**
 * attemptLicence, answering what the page tells: the attempts left, or when the lockout ends. A
 * lockout begun here enqueues the sponsor's email (`send-lockout-notice`) in the same
 * transaction, unless one was enqueued for the submission within the hour: however many clients
 * are locked out, the sponsor hears of it at most once an hour.
 */
async function countLicenceAttempt(
  db: Database,
  submissionId: string,
  client: string,
  matches: (sponsorReference: string) => boolean,
  now: Date,
): Promise<CountedAttempt> {
  return db.transaction(async (tx): Promise<CountedAttempt> => {
    const { rows } = await tx.query<{ sponsorReference: string; lockedAt: Date | null }>(
      `SELECT s.sponsor_reference AS "sponsorReference", l.locked_at AS "lockedAt"
       FROM submissions s LEFT JOIN licence_lockouts l ON l.submission_id = s.id AND l.client = $2
       WHERE s.id = $1 FOR UPDATE OF s`,
      [submissionId, client],
    );
    const submission = rows[0];
    if (submission === undefined) return { outcome: 'unknown' };
    const lockEnds = lockEndsAt(submission.lockedAt);
    if (lockEnds !== null && lockEnds > now.getTime()) return { outcome: 'locked', lockedUntil: new Date(lockEnds) };
    // Its hour is over; the failures that led to it are older than the window, so none counts again.
    const ended = lockEnds !== null && (await forgetEndedLockout(tx, submissionId, client, now));
    const also = ended ? ({ ended: true } as const) : {};
    if (matches(submission.sponsorReference)) return { outcome: 'ok', ...also };

    await tx.query(
      'INSERT INTO licence_attempt_failures (submission_id, client, failed_at) VALUES ($1, $2, $3::timestamptz)',
      [submissionId, client, now],
    );
    const counted = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM licence_attempt_failures
       WHERE submission_id = $1 AND client = $2 AND failed_at > $3::timestamptz`,
      [submissionId, client, new Date(now.getTime() - LOCKOUT_MS)],
    );
    const failures = counted.rows[0]?.n ?? 0;
    if (failures < MAX_FAILED_ATTEMPTS)
      return { outcome: 'mismatch', remainingAttempts: MAX_FAILED_ATTEMPTS - failures, recorded: true, ...also };

    await tx.query(
      `INSERT INTO licence_lockouts (submission_id, client, locked_at) VALUES ($1, $2, $3::timestamptz)
       ON CONFLICT (submission_id, client) DO UPDATE SET locked_at = excluded.locked_at`,
      [submissionId, client, now],
    );
    const notify = await tx.query(
      `UPDATE submissions SET lockout_emailed_at = $2::timestamptz
       WHERE id = $1 AND (lockout_emailed_at IS NULL OR lockout_emailed_at <= $3::timestamptz)`,
      [submissionId, now, new Date(now.getTime() - LOCKOUT_MS)],
    );
    if (notify.rowCount > 0)
      await enqueueJob(tx, { kind: jobKinds.sendLockoutNotice, payload: { submissionId }, runAfter: now });
    return {
      outcome: 'locked',
      lockedUntil: new Date(now.getTime() + LOCKOUT_MS),
      recorded: true,
      began: true,
      ...also,
    };
  });
}

/** What an unlock ended. */
export interface LicenceUnlock {
  readonly submissionId: string;
  /** When the first of the lockouts that were ended began; undefined when no client was locked out. */
  readonly lockoutBeganAt: Date | undefined;
  /** The recorded failed attempts cleared (all of them, counted or not, of every client). */
  readonly failuresCleared: number;
}

/**
 * A caseworker's unlock of the submission an application belongs to: ends every lockout of it
 * (whichever client), clears the failed attempts (so the next wrong number is the first of five
 * again) and writes an audit row, in the caller's transaction (the staff action writes its own
 * audit line in it too), holding the submission's row as attemptLicence does, so an attempt
 * running at the same moment is counted either wholly before or wholly after. Undefined when there
 * is no such application.
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
  const { rows } = await tx.query<{ submissionId: string }>(
    `SELECT s.id AS "submissionId"
     FROM applications a JOIN submissions s ON s.id = a.submission_id
     WHERE a.applicant_id = $1 FOR UPDATE OF s`,
    [applicantId],
  );
  const found = rows[0];
  if (found === undefined) return undefined;
  const { submissionId } = found;
  // A lockout whose hour is over has ended by itself: only those in force count as ended here.
  const { lockedSince: lockoutBeganAt } = await readLicenceState(tx, submissionId, now);
  await tx.query('DELETE FROM licence_lockouts WHERE submission_id = $1', [submissionId]);
  const cleared = await tx.query('DELETE FROM licence_attempt_failures WHERE submission_id = $1', [submissionId]);
  await tx.query(
    `INSERT INTO licence_unlocks (submission_id, applicant_id, unlocked_at, actor, lockout_began_at, failures_cleared)
     VALUES ($1, $2, $3::timestamptz, $4, $5::timestamptz, $6)`,
    [submissionId, applicantId, now, actor, lockoutBeganAt ?? null, cleared.rowCount],
  );
  return { submissionId, lockoutBeganAt, failuresCleared: cleared.rowCount };
}

/** Whether any client is locked out of a submission now, and the failed attempts recorded against it. */
export interface LicenceState {
  /** When the first lockout in force began; undefined when none is. */
  readonly lockedSince: Date | undefined;
  /** The clients (addresses) locked out now. */
  readonly lockouts: number;
  /** The failed attempts recorded, of every client (kept a day: LICENCE_RECORDS_KEPT_MS). */
  readonly failedAttempts: number;
}

export async function readLicenceState(db: Queryable, submissionId: string, now: Date): Promise<LicenceState> {
  const { rows } = await db.query<{ lockedSince: Date | null; lockouts: number; failures: number }>(
    `SELECT (SELECT min(locked_at) FROM licence_lockouts WHERE submission_id = $1 AND locked_at > $2::timestamptz)
              AS "lockedSince",
            (SELECT count(*)::int FROM licence_lockouts WHERE submission_id = $1 AND locked_at > $2::timestamptz)
              AS lockouts,
            (SELECT count(*)::int FROM licence_attempt_failures WHERE submission_id = $1) AS failures`,
    [submissionId, new Date(now.getTime() - LOCKOUT_MS)],
  );
  const row = rows[0];
  return {
    lockedSince: row?.lockedSince ?? undefined,
    lockouts: row?.lockouts ?? 0,
    failedAttempts: row?.failures ?? 0,
  };
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

/** Lockouts (of a client, for a submission) begun less than LOCKOUT_MS before `now` (a small table: kept a day). */
export async function countLockoutsInForce(db: Queryable, now: Date): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM licence_lockouts WHERE locked_at > $1::timestamptz',
    [new Date(now.getTime() - LOCKOUT_MS)],
  );
  return rows[0]?.count ?? 0;
}

/**
 * Deletes the failures and lockouts that have counted for nothing for LICENCE_RECORDS_KEPT_MS,
 * with the client addresses they name (the hourly purge): how many of each.
 */
export async function deleteOldLicenceRecords(
  db: Queryable,
  now: Date,
): Promise<{ readonly failures: number; readonly lockouts: number }> {
  const before = new Date(now.getTime() - LOCKOUT_MS - LICENCE_RECORDS_KEPT_MS);
  const failures = await db.query('DELETE FROM licence_attempt_failures WHERE failed_at <= $1::timestamptz', [before]);
  const lockouts = await db.query('DELETE FROM licence_lockouts WHERE locked_at <= $1::timestamptz', [before]);
  return { failures: failures.rowCount, lockouts: lockouts.rowCount };
}
