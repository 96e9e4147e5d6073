import type { Queryable } from '../../db/database.ts';
import {
  findNextDecisionEmailJob,
  lockSubmissionForDecisionEmails,
  readDecisionEmailState,
  setNextDecisionEmailJob,
} from '../../db/decision-email-repository.ts';
import { bringJobForward, enqueueJob, jobKinds } from '../../db/job-repository.ts';

// Decision 014. A decision never emails by itself: it makes sure a send-decisions job of its
// submission is open, and that job gathers the decisions made close together into one email.
// Both sides hold the submission's row while they look, so a decision commits either before the
// job claims (and is in its email) or after (and then finds the job gone and enqueues the next).
//
// Lock order: the application's row first (the caller's FOR UPDATE), then the submission's. The
// job holds the submission's row and then updates decided applications only, never one in
// progress, so only an application in progress may wait for the submission here: a withdrawal
// of a decided application must not, or it and the job could wait for each other. (A withdrawal's
// own email, scheduleWithdrawalEmail, adds a job row and asks for no other row.)

/**
 * After an approval or rejection, in its transaction: enqueues a send-decisions job due now
 * unless one is open (which will see this decision), and makes that one due now when this was
 * the last application in progress (no reason left to wait for more).
 */
export async function scheduleDecisionEmail(tx: Queryable, submissionId: string, now: Date): Promise<void> {
  if (!(await lockSubmissionForDecisionEmails(tx, submissionId))) throw new Error(`No submission ${submissionId}`);
  const next = await findNextDecisionEmailJob(tx, submissionId);
  if (next?.open === true) {
    await hurryWhenAllDecided(tx, submissionId, next.id, now);
    return;
  }
  // Due now: the job itself holds the email back for the window (it knows the configuration).
  const jobId = await enqueueJob(tx, { kind: jobKinds.sendDecisions, payload: { submissionId }, runAfter: now });
  if (jobId === undefined) throw new Error('A job without a unique key was not added');
  await setNextDecisionEmailJob(tx, submissionId, jobId);
}

/**
 * After an application in progress was withdrawn, in its transaction: when no application is in
 * progress any more, the email waiting for more decisions need not wait. Sends nothing itself.
 */
export async function hurryDecisionEmail(tx: Queryable, submissionId: string, now: Date): Promise<void> {
  if (!(await lockSubmissionForDecisionEmails(tx, submissionId))) throw new Error(`No submission ${submissionId}`);
  const next = await findNextDecisionEmailJob(tx, submissionId);
  if (next?.open === true) await hurryWhenAllDecided(tx, submissionId, next.id, now);
}

async function hurryWhenAllDecided(tx: Queryable, submissionId: string, jobId: number, now: Date): Promise<void> {
  const { inProgress } = await readDecisionEmailState(tx, submissionId, jobId);
  if (inProgress === 0) await bringJobForward(tx, jobId, now);
}

/**
 * After any withdrawal, in its transaction: the job that emails the sponsor (and, through a job
 * of its own, the worker who gave an address) that the application was withdrawn. It inserts the
 * job's row and locks nothing else, so it keeps the order of row locks above. A withdrawal is
 * final, so the key only guards against a second enqueue of the same one.
 */
export async function scheduleWithdrawalEmail(tx: Queryable, applicantId: string, now: Date): Promise<void> {
  await enqueueJob(tx, {
    kind: jobKinds.sendWithdrawal,
    payload: { applicantId },
    uniqueKey: `${jobKinds.sendWithdrawal}:${applicantId}`,
    runAfter: now,
  });
}
