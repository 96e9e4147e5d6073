import type { ApplicationRecord } from '../db/application-repository.ts';
import { findApplication, listStatusChanges } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { enqueueJob, jobKinds } from '../db/job-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import type { WithdrawnApplication } from '../email/templates.ts';
import { withdrawalEmail, workerWithdrawalEmail } from '../email/templates.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import type { JobHandler } from './job-handler.ts';
import { payloadString, PermanentJobError } from './job-handler.ts';
import { workerName } from './send-confirmation-job.ts';

export interface WithdrawalJobDependencies {
  readonly db: Database;
  readonly emailSender: EmailSender;
  readonly tokens: Pick<StatusLinkTokens, 'sign' | 'statusLink'>;
}

/**
 * `send-withdrawal` { applicantId }, enqueued with the withdrawal: the sponsor's email with the
 * status link. A worker who gave an email address gets theirs through a job of its own (enqueued
 * here, once, by a unique key), as for the confirmation: a retry of this job never emails the
 * worker twice, and a worker's bad address never holds back the sponsor's email.
 */
export function createSendWithdrawalHandler(deps: WithdrawalJobDependencies): JobHandler {
  return async (payload, { now, logger }) => {
    const applicantId = payloadString(payload, 'applicantId');
    const { application, withdrawn } = await readWithdrawal(deps.db, applicantId);
    if (withdrawn === undefined || application.sponsorEmail === null) {
      logger.info({ applicantId }, 'Withdrawal email not sent: the personal data has been deleted');
      return;
    }
    if (application.workerEmail !== null) {
      await enqueueJob(deps.db, {
        kind: jobKinds.sendWorkerWithdrawal,
        payload: { applicantId },
        uniqueKey: `${jobKinds.sendWorkerWithdrawal}:${applicantId}`,
        runAfter: now,
      });
    }
    const statusLink = deps.tokens.statusLink(await deps.tokens.sign(application.submissionId), application.language);
    const email = withdrawalEmail({ application: withdrawn, statusLink, language: application.language });
    await deps.emailSender.send({ to: application.sponsorEmail, ...email, reference: applicantId });
    logger.info({ applicantId, wasApproved: withdrawn.wasApproved }, 'Withdrawal sent to the sponsor');
  };
}

/** `send-worker-withdrawal` { applicantId }: the worker's own email, without the status link. */
export function createSendWorkerWithdrawalHandler(
  deps: Pick<WithdrawalJobDependencies, 'db' | 'emailSender'>,
): JobHandler {
  return async (payload, { logger }) => {
    const applicantId = payloadString(payload, 'applicantId');
    const { application, withdrawn } = await readWithdrawal(deps.db, applicantId);
    if (withdrawn === undefined || application.workerEmail === null) {
      logger.info({ applicantId }, 'Worker withdrawal email not sent: no worker email address (any more)');
      return;
    }
    const email = workerWithdrawalEmail({ application: withdrawn, language: application.language });
    await deps.emailSender.send({ to: application.workerEmail, ...email, reference: applicantId });
    logger.info({ applicantId, wasApproved: withdrawn.wasApproved }, 'Withdrawal sent to the worker');
  };
}

/**
 * The withdrawn application, and what its email says of it; `withdrawn` is undefined when its
 * personal data is gone (retention). Whether it had been approved comes from the audit line of
 * the withdrawal, which outlives the personal data and keeps the payload to the id.
 */
async function readWithdrawal(
  db: Database,
  applicantId: string,
): Promise<{ readonly application: ApplicationRecord; readonly withdrawn: WithdrawnApplication | undefined }> {
  const application = await findApplication(db, applicantId);
  if (application === undefined) throw new PermanentJobError(`No application ${applicantId} to email about`);
  // Withdrawn is final: only a job enqueued by something other than a withdrawal finds otherwise.
  if (application.status !== 'withdrawn') throw new PermanentJobError(`Application ${applicantId} is not withdrawn`);
  const { familyName, givenNames, cosReference } = application;
  if (familyName === null || givenNames === null || cosReference === null) return { application, withdrawn: undefined };
  const withdrawal = (await listStatusChanges(db, applicantId)).findLast((change) => change.toStatus === 'withdrawn');
  return {
    application,
    withdrawn: {
      reference: applicantId,
      workerName: workerName(familyName, givenNames),
      cosReference,
      wasApproved: withdrawal?.fromStatus === 'approved',
    },
  };
}
