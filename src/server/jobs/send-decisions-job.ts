import { isOpen } from '#shared/domain/application-status.ts';
import type { ApplicationRecord } from '../db/application-repository.ts';
import { listApplicationsOfSubmission } from '../db/application-repository.ts';
import type { Database, Queryable } from '../db/database.ts';
import {
  claimDecisionsForEmail,
  findNextDecisionEmailJob,
  lockSubmissionForDecisionEmails,
  readDecisionEmailState,
  setNextDecisionEmailJob,
} from '../db/decision-email-repository.ts';
import { enqueueJob, jobKinds } from '../db/job-repository.ts';
import { findSubmission } from '../db/submission-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import type { DecidedApplication } from '../email/templates.ts';
import { decisionsEmail } from '../email/templates.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import type { JobHandler } from './job-handler.ts';
import { payloadString, PermanentJobError } from './job-handler.ts';
import { workerName } from './send-confirmation-job.ts';

export interface DecisionsJobDependencies {
  readonly db: Database;
  readonly emailSender: EmailSender;
  readonly tokens: Pick<StatusLinkTokens, 'sign' | 'statusLink'>;
  /** DECISION_EMAIL_WINDOW_MINUTES: how long the first decision not emailed yet waits for others. */
  readonly windowMinutes: number;
}

/** What one run of the job found to do, decided under the submission's row lock. */
type Plan =
  /** Another open job is the submission's next: it will email these decisions. */
  | { readonly kind: 'left-to-another' }
  | { readonly kind: 'nothing-to-send' }
  /** Applications are still in progress and the window is open: a later job will send. */
  | { readonly kind: 'later'; readonly dueAt: Date }
  | { readonly kind: 'send'; readonly claimed: readonly ApplicationRecord[]; readonly stillBeingChecked: number };

/**
 * `send-decisions` { submissionId } (decision 014): one email to the sponsor with every decision
 * of the submission not emailed yet. While applications are still in progress it waits until
 * the window has passed since the earliest of those decisions, so decisions made close together
 * go in one email.
 *
 * The decisions are claimed (marked with this job's id) in a transaction holding the
 * submission's row, which also stops the submission pointing at this job; the email goes after
 * the commit. A decision made from then on finds no open job and enqueues the next one, so none
 * is lost, and a claimed decision is only emailed again by this same job on a retry (after a
 * failed send, or a worker that died after sending but before recording it).
 */
export function createSendDecisionsHandler(deps: DecisionsJobDependencies): JobHandler {
  const windowMs = deps.windowMinutes * 60_000;
  return async (payload, { jobId, now, logger }) => {
    const submissionId = payloadString(payload, 'submissionId');
    const plan = await deps.db.transaction((tx) => planDecisionEmail(tx, submissionId, jobId, now, windowMs));
    if (plan.kind === 'later') {
      logger.info({ submissionId, dueAt: plan.dueAt.toISOString() }, 'Decision email waits for more decisions');
      return;
    }
    if (plan.kind !== 'send') {
      logger.debug({ submissionId, outcome: plan.kind }, 'No decision email to send');
      return;
    }
    const submission = await findSubmission(deps.db, submissionId);
    const decisions = plan.claimed.flatMap((application) => decided(application));
    const sponsorEmail = submission?.sponsorEmail ?? null;
    if (submission === undefined || sponsorEmail === null || decisions.length === 0) {
      logger.info({ submissionId }, 'Decision email not sent: the personal data has been deleted');
      return;
    }
    const statusLink = deps.tokens.statusLink(await deps.tokens.sign(submissionId), submission.language);
    const email = decisionsEmail({
      decisions,
      stillBeingChecked: plan.stillBeingChecked,
      statusLink,
      language: submission.language,
    });
    await deps.emailSender.send({ to: sponsorEmail, ...email, reference: submission.formGroupId });
    logger.info(
      {
        submissionId,
        applicantIds: plan.claimed.map((application) => application.applicantId),
        stillBeingChecked: plan.stillBeingChecked,
      },
      'Decisions sent to the sponsor',
    );
  };
}

async function planDecisionEmail(
  tx: Queryable,
  submissionId: string,
  jobId: number,
  now: Date,
  windowMs: number,
): Promise<Plan> {
  if (!(await lockSubmissionForDecisionEmails(tx, submissionId))) {
    throw new PermanentJobError(`No submission ${submissionId} to email about`);
  }
  const next = await findNextDecisionEmailJob(tx, submissionId);
  // This job is the submission's next, or none is open (the one it pointed at failed for good).
  const ours = next === undefined || next.id === jobId || !next.open;
  const state = await readDecisionEmailState(tx, submissionId, jobId);
  // A retry of a job that claimed decisions sends them whatever else has happened since.
  if (state.claimedByJob === 0) {
    if (!ours) return { kind: 'left-to-another' };
    if (state.unclaimed === 0 || state.earliestUnclaimedAt === undefined) {
      if (next !== undefined) await setNextDecisionEmailJob(tx, submissionId, null);
      return { kind: 'nothing-to-send' };
    }
    const dueAt = new Date(state.earliestUnclaimedAt.getTime() + windowMs);
    if (state.inProgress > 0 && dueAt > now) {
      const laterJob = await enqueueJob(tx, {
        kind: jobKinds.sendDecisions,
        payload: { submissionId },
        runAfter: dueAt,
      });
      if (laterJob === undefined) throw new Error('A job without a unique key was not added');
      await setNextDecisionEmailJob(tx, submissionId, laterJob);
      return { kind: 'later', dueAt };
    }
  }
  const claimedIds = new Set(await claimDecisionsForEmail(tx, submissionId, jobId));
  // From this commit on a new decision enqueues the next job instead of waiting for this one.
  if (ours && next !== undefined) await setNextDecisionEmailJob(tx, submissionId, null);
  // Withdrawn since they were counted (a withdrawal does not wait for the submission's row).
  if (claimedIds.size === 0) return { kind: 'nothing-to-send' };
  const applications = await listApplicationsOfSubmission(tx, submissionId);
  return {
    kind: 'send',
    claimed: applications.filter((application) => claimedIds.has(application.applicantId)),
    stillBeingChecked: applications.filter((application) => isOpen(application.status)).length,
  };
}

// An application whose personal data is gone (long after its leave date) has nothing to show.
function decided(application: ApplicationRecord): DecidedApplication[] {
  const { applicantId, familyName, givenNames, cosReference, status, decisionReason, leaveDate } = application;
  if (familyName === null || givenNames === null || cosReference === null) return [];
  const common = { reference: applicantId, workerName: workerName(familyName, givenNames), cosReference };
  if (status === 'approved') return [{ ...common, outcome: { status, leaveDate } }];
  if (status === 'rejected' && decisionReason !== null)
    return [{ ...common, outcome: { status, reason: decisionReason } }];
  return [];
}
