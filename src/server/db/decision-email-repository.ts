// The bookkeeping of decision emails (decision 014): which send-decisions job will email a
// submission's next decisions, and which job emailed each decision. Every function here except
// the first expects the submission's row to be held by lockSubmissionForDecisionEmails in the
// same transaction: that lock is what keeps a decision from slipping between two jobs.
import { DECIDED_STATUSES, OPEN_STATUSES } from '#shared/domain/application-status.ts';
import type { Queryable } from './database.ts';

/** The send-decisions job a submission points at. */
export interface NextDecisionEmailJob {
  readonly id: number;
  /** Neither completed nor failed (nor deleted): it will still run. */
  readonly open: boolean;
}

/** Where a submission's decisions stand, read under its row lock. */
export interface DecisionEmailState {
  /** Applications still in progress: decisions still to come. */
  readonly inProgress: number;
  /** Approved or rejected applications no job has emailed (or claimed) yet. */
  readonly unclaimed: number;
  /** When the earliest of those was decided; undefined when there is none. */
  readonly earliestUnclaimedAt: Date | undefined;
  /** Applications already claimed by the job asking (non-zero on a retry of that job). */
  readonly claimedByJob: number;
}

/**
 * Locks the submission's row until the transaction ends; false when there is no such submission.
 * FOR NO KEY UPDATE: decisions and send-decisions jobs of one submission take turns, while rows
 * that merely reference the submission (licence attempts) can still be added.
 */
export async function lockSubmissionForDecisionEmails(tx: Queryable, submissionId: string): Promise<boolean> {
  const { rows } = await tx.query('SELECT id FROM submissions WHERE id = $1 FOR NO KEY UPDATE', [submissionId]);
  return rows.length === 1;
}

/** The job that will email the submission's next decisions, if it points at one. */
export async function findNextDecisionEmailJob(
  tx: Queryable,
  submissionId: string,
): Promise<NextDecisionEmailJob | undefined> {
  const { rows } = await tx.query<{ id: number | null; open: boolean }>(
    `SELECT s.next_decision_email_job AS id,
            (j.id IS NOT NULL AND j.completed_at IS NULL AND j.failed_at IS NULL) AS open
     FROM submissions s LEFT JOIN outbox_jobs j ON j.id = s.next_decision_email_job
     WHERE s.id = $1`,
    [submissionId],
  );
  const row = rows[0];
  return row === undefined || row.id === null ? undefined : { id: row.id, open: row.open };
}

/** Points the submission at the job that will email its next decisions (null: none). */
export async function setNextDecisionEmailJob(
  tx: Queryable,
  submissionId: string,
  jobId: number | null,
): Promise<void> {
  await tx.query('UPDATE submissions SET next_decision_email_job = $2 WHERE id = $1', [submissionId, jobId]);
}

/**
 * Counts for one submission. A separate statement after the lock, never part of the locking one:
 * a statement sees the data as it was when it began, so one that waited for the lock would miss
 * the decision committed by the transaction it waited for.
 */
export async function readDecisionEmailState(
  tx: Queryable,
  submissionId: string,
  jobId: number,
): Promise<DecisionEmailState> {
  const { rows } = await tx.query<
    Omit<DecisionEmailState, 'earliestUnclaimedAt'> & { earliestUnclaimedAt: Date | null }
  >(
    `SELECT count(*) FILTER (WHERE status = ANY($3::text[]))::int AS "inProgress",
            count(*) FILTER (WHERE status = ANY($4::text[]) AND decision_email_job IS NULL)::int AS unclaimed,
            min(updated_at) FILTER (WHERE status = ANY($4::text[]) AND decision_email_job IS NULL) AS "earliestUnclaimedAt",
            count(*) FILTER (WHERE status = ANY($4::text[]) AND decision_email_job = $2)::int AS "claimedByJob"
     FROM applications WHERE submission_id = $1`,
    [submissionId, jobId, OPEN_STATUSES, DECIDED_STATUSES],
  );
  const row = rows[0];
  return {
    inProgress: row?.inProgress ?? 0,
    unclaimed: row?.unclaimed ?? 0,
    earliestUnclaimedAt: row?.earliestUnclaimedAt ?? undefined,
    claimedByJob: row?.claimedByJob ?? 0,
  };
}

/**
 * Marks the submission's approved and rejected applications that no job has emailed as this
 * job's, together with those it claimed on an earlier attempt, and returns their ids. An
 * application withdrawn in the meantime is not approved or rejected any more, so it drops out.
 */
export async function claimDecisionsForEmail(tx: Queryable, submissionId: string, jobId: number): Promise<string[]> {
  const { rows } = await tx.query<{ applicantId: string }>(
    `UPDATE applications SET decision_email_job = $2
     WHERE submission_id = $1 AND status = ANY($3::text[])
       AND (decision_email_job IS NULL OR decision_email_job = $2)
     RETURNING applicant_id AS "applicantId"`,
    [submissionId, jobId, DECIDED_STATUSES],
  );
  return rows.map((row) => row.applicantId);
}
