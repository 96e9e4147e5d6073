import type { Queryable } from './database.ts';

/** The kinds of job the service enqueues; a worker has one handler per kind. */
export const jobKinds = {
  /** Run the automated checks on a new application. Payload: { applicantId }. */
  decide: 'decide',
  /** Email the sponsor (and workers who gave an address) that a submission arrived. Payload: { submissionId }. */
  sendConfirmation: 'send-confirmation',
  /** Email a worker who gave an address that the application for them arrived. Payload: { applicantId }. */
  sendWorkerConfirmation: 'send-worker-confirmation',
  /**
   * Email the sponsor the submission's decisions not emailed yet, in one email (decision 014).
   * Payload: { submissionId }.
   */
  sendDecisions: 'send-decisions',
  /** Delete the personal data whose retention period is over. Payload: {}. */
  purgePersonalData: 'purge-personal-data',
  /**
   * Delete the sessions idle for 24 hours (a saved draft 28 days after its last save) and the ended
   * windows of the per-address budgets (hourly). Payload: {}.
   */
  purgeSessions: 'purge-sessions',
  /** Email the sponsor a new status link in place of an expired one. Payload: { submissionId }. */
  sendStatusLink: 'send-status-link',
  /**
   * Email the sponsor that a caseworker withdrew an application, enqueued with the withdrawal
   * (and a worker who gave an address through a job of their own). Payload: { applicantId }.
   */
  sendWithdrawal: 'send-withdrawal',
  /** Email a worker who gave an address that the application for them was withdrawn. Payload: { applicantId }. */
  sendWorkerWithdrawal: 'send-worker-withdrawal',
  /**
   * Email a saved draft's contact address a new link to it, enqueued when it is saved and when its
   * link is used. Payload: { draftId }.
   */
  sendDraftLink: 'send-draft-link',
  /**
   * Email the sponsor that a client was locked out of the status page (decision 043), enqueued
   * with the lockout, at most once an hour per submission. Payload: { submissionId }.
   */
  sendLockoutNotice: 'send-lockout-notice',
} as const;

export interface NewJob {
  readonly kind: string;
  /** Ids only: payloads are kept after personal data is deleted and show up in debugging. */
  readonly payload?: Readonly<Record<string, unknown>>;
  /** Not before this instant; the database's now() when undefined. */
  readonly runAfter?: Date | undefined;
  /** A job with this key already exists → nothing is added (and undefined is returned). */
  readonly uniqueKey?: string | undefined;
  readonly maxAttempts?: number | undefined;
}

export interface ClaimedJob {
  readonly id: number;
  readonly kind: string;
  readonly payload: unknown;
  /** Including the run just claimed (1 on the first run). */
  readonly attempts: number;
  readonly maxAttempts: number;
  readonly lockedUntil: Date;
}

export interface JobRecord extends Omit<ClaimedJob, 'lockedUntil'> {
  readonly uniqueKey: string | null;
  readonly runAfter: Date;
  readonly lockedBy: string | null;
  readonly lockedUntil: Date | null;
  readonly lastError: string | null;
  readonly completedAt: Date | null;
  readonly failedAt: Date | null;
  readonly createdAt: Date;
}

/** The columns of a JobRecord, for a query over `outbox_jobs j`. */
const jobColumns = `
  j.id, j.kind, j.payload, j.unique_key AS "uniqueKey", j.run_after AS "runAfter", j.attempts,
  j.max_attempts AS "maxAttempts", j.locked_by AS "lockedBy", j.locked_until AS "lockedUntil",
  j.last_error AS "lastError", j.completed_at AS "completedAt", j.failed_at AS "failedAt", j.created_at AS "createdAt"`;

/**
 * Adds a job. Call it with the transaction that writes the data the job is about, so the job
 * exists exactly when the data does. Returns the job id, or undefined when uniqueKey was taken.
 */
export async function enqueueJob(db: Queryable, job: NewJob): Promise<number | undefined> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO outbox_jobs (kind, payload, run_after, unique_key, max_attempts)
     VALUES ($1, $2::jsonb, coalesce($3::timestamptz, now()), $4, coalesce($5::integer, 10))
     ON CONFLICT (unique_key) DO NOTHING
     RETURNING id`,
    [job.kind, JSON.stringify(job.payload ?? {}), job.runAfter ?? null, job.uniqueKey ?? null, job.maxAttempts ?? null],
  );
  return rows[0]?.id;
}

/**
 * Adds several jobs in one statement, ids in the order given (no unique keys: each is new). Call
 * it with the transaction that writes the data the jobs are about.
 */
export async function enqueueJobs(db: Queryable, jobs: readonly Omit<NewJob, 'uniqueKey'>[]): Promise<void> {
  await db.query(
    `INSERT INTO outbox_jobs (kind, payload, run_after, max_attempts)
     SELECT j.kind, j.payload::jsonb, coalesce(j.run_after, now()), coalesce(j.max_attempts, 10)
     FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::integer[]) WITH ORDINALITY AS j(kind, payload, run_after, max_attempts, n)
     ORDER BY j.n`,
    [
      jobs.map((job) => job.kind),
      jobs.map((job) => JSON.stringify(job.payload ?? {})),
      jobs.map((job) => job.runAfter ?? null),
      jobs.map((job) => job.maxAttempts ?? null),
    ],
  );
}

/**
 * Makes a job that has not run yet due at `runAfter` instead of later; false when it has run,
 * is running, is finished or is due already. A job that failed before keeps its backoff.
 */
export async function bringJobForward(db: Queryable, jobId: number, runAfter: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE outbox_jobs SET run_after = $2::timestamptz
     WHERE id = $1 AND attempts = 0 AND locked_by IS NULL AND completed_at IS NULL AND failed_at IS NULL
       AND run_after > $2::timestamptz`,
    [jobId, runAfter],
  );
  return rowCount === 1;
}

/**
 * Takes up to `limit` due jobs for this worker until now + leaseMs, counting an attempt for each.
 * One statement, so the choice and the lease commit together. SKIP LOCKED passes over rows another
 * worker is claiming at this very moment instead of waiting for them; the lease keeps them from
 * being claimed again afterwards; a worker that dies leaves a lease that simply runs out.
 */
export async function claimJobs(
  db: Queryable,
  workerId: string,
  limit: number,
  now: Date,
  leaseMs: number,
): Promise<ClaimedJob[]> {
  const { rows } = await db.query<ClaimedJob>(
    `WITH due AS (
       SELECT id FROM outbox_jobs
       WHERE completed_at IS NULL AND failed_at IS NULL
         AND run_after <= $2::timestamptz
         AND (locked_until IS NULL OR locked_until <= $2::timestamptz)
         AND attempts < max_attempts
       ORDER BY run_after, id
       LIMIT $3
       FOR UPDATE SKIP LOCKED
     ),
     claimed AS (
       UPDATE outbox_jobs AS j
       SET locked_by = $1, locked_until = $4::timestamptz, attempts = j.attempts + 1
       FROM due WHERE j.id = due.id
       RETURNING j.*
     )
     -- RETURNING comes in no particular order; jobs run in the order they were due.
     SELECT id, kind, payload, attempts, max_attempts AS "maxAttempts", locked_until AS "lockedUntil"
     FROM claimed ORDER BY run_after, id`,
    [workerId, now, limit, new Date(now.getTime() + leaseMs)],
  );
  return rows;
}

/**
 * Jobs whose worker died (lease over) on their last allowed attempt are never claimed again:
 * marks them failed and returns them so the caller can report each one.
 */
export async function failAbandonedJobs(db: Queryable, now: Date): Promise<Array<{ id: number; kind: string }>> {
  const { rows } = await db.query<{ id: number; kind: string }>(
    `UPDATE outbox_jobs
     SET failed_at = $1::timestamptz, locked_by = NULL, locked_until = NULL,
         last_error = 'Lease expired on the last attempt (the worker stopped or took too long)'
     WHERE completed_at IS NULL AND failed_at IS NULL
       AND locked_until <= $1::timestamptz AND attempts >= max_attempts
     RETURNING id, kind`,
    [now],
  );
  return rows;
}

// The updates below only touch a job this worker still holds: when its lease ran out and another
// worker took the job over, the other worker's outcome is the one that counts.

/** Marks a claimed job done; false when this worker no longer held it. */
export async function completeJob(db: Queryable, jobId: number, workerId: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE outbox_jobs SET completed_at = $3::timestamptz, locked_by = NULL, locked_until = NULL
     WHERE id = $1 AND locked_by = $2 AND completed_at IS NULL AND failed_at IS NULL`,
    [jobId, workerId, now],
  );
  return rowCount === 1;
}

/** Gives a claimed job back to run again at runAfter, recording why this attempt failed. */
export async function rescheduleJob(
  db: Queryable,
  jobId: number,
  workerId: string,
  runAfter: Date,
  error: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE outbox_jobs SET run_after = $3::timestamptz, last_error = $4, locked_by = NULL, locked_until = NULL
     WHERE id = $1 AND locked_by = $2 AND completed_at IS NULL AND failed_at IS NULL`,
    [jobId, workerId, runAfter, error],
  );
  return rowCount === 1;
}

/** Gives up on a claimed job for good. */
export async function failJob(
  db: Queryable,
  jobId: number,
  workerId: string,
  now: Date,
  error: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE outbox_jobs SET failed_at = $3::timestamptz, last_error = $4, locked_by = NULL, locked_until = NULL
     WHERE id = $1 AND locked_by = $2 AND completed_at IS NULL AND failed_at IS NULL`,
    [jobId, workerId, now, error],
  );
  return rowCount === 1;
}

/** Hands back a claimed job that was never started (the worker is stopping): the attempt is not counted. */
export async function releaseJob(db: Queryable, jobId: number, workerId: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE outbox_jobs SET attempts = greatest(attempts - 1, 0), locked_by = NULL, locked_until = NULL
     WHERE id = $1 AND locked_by = $2 AND completed_at IS NULL AND failed_at IS NULL`,
    [jobId, workerId],
  );
  return rowCount === 1;
}

/** Jobs, newest first; for tests and for looking into a problem. */
export async function listJobs(
  db: Queryable,
  filter: { readonly kind?: string | undefined; readonly limit?: number | undefined } = {},
): Promise<JobRecord[]> {
  const { rows } = await db.query<JobRecord>(
    `SELECT ${jobColumns} FROM outbox_jobs j WHERE ($1::text IS NULL OR j.kind = $1) ORDER BY j.id DESC LIMIT $2`,
    [filter.kind ?? null, filter.limit ?? 1000],
  );
  return rows;
}

/** Drops finished (completed or failed) jobs older than `before`; returns how many. */
export async function deleteFinishedJobs(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM outbox_jobs
     WHERE (completed_at IS NOT NULL AND completed_at < $1::timestamptz)
        OR (failed_at IS NOT NULL AND failed_at < $1::timestamptz)`,
    [before],
  );
  return rowCount;
}

/**
 * The outbox's backlog at `now`, for the metrics: unfinished jobs already due, and how long the
 * oldest has been due (0 when none). Read through the partial index of unfinished jobs, so its
 * cost follows the backlog, not the table.
 */
export async function outboxBacklog(
  db: Queryable,
  now: Date,
): Promise<{ readonly waiting: number; readonly oldestAgeSeconds: number }> {
  const { rows } = await db.query<{ waiting: number; oldestAgeSeconds: number | null }>(
    `SELECT count(*) AS waiting,
            extract(epoch FROM ($1::timestamptz - min(run_after)))::float8 AS "oldestAgeSeconds"
     FROM outbox_jobs
     WHERE completed_at IS NULL AND failed_at IS NULL AND run_after <= $1::timestamptz`,
    [now],
  );
  const row = rows[0];
  return { waiting: row?.waiting ?? 0, oldestAgeSeconds: Math.max(0, row?.oldestAgeSeconds ?? 0) };
}
