import type { Queryable } from '../db/database.ts';
import {
  findNextDecisionEmailJob,
  lockSubmissionForDecisionEmails,
  readDecisionEmailState,
  setNextDecisionEmailJob,
} from '../db/decision-email-repository.ts';
import { bringJobForward, enqueueJob, jobKinds } from '../db/job-repository.ts';

// Decision 014. A decision never emails by itself: it makes sure a send-decisions job of its
// submission is open, and that job gathers the decisions made close together into one email.
// Both sides hold the submission's row while they look, so a decision commits either before the
// job claims (and is in its email) or after (and then finds the job gone and enqueues the next).
//
// Lock order: the application's row first (the caller's FOR UPDATE), then the submission's. The
// job holds the submission's row and then updates decided applications only, never one in
// progress, so only an application in progress may wait for the submission here: a withdrawal
// of a decided application must not, or it and the job could wait for each other.

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
