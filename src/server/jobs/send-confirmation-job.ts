import { findApplication, listApplicationsOfSubmission } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { enqueueJob, jobKinds } from '../db/job-repository.ts';
import { findSubmission } from '../db/submission-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import { confirmationEmail, workerConfirmationEmail } from '../email/templates.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import type { JobHandler } from './job-handler.ts';
import { payloadString, PermanentJobError } from './job-handler.ts';
import { listedWorkerName } from '#shared/domain/worker-name.ts';

/** The decision is promised by email within 72 hours of applying. */
const decisionWithinHours = 72;

export interface ConfirmationJobDependencies {
  readonly db: Database;
  readonly emailSender: EmailSender;
  readonly tokens: Pick<StatusLinkTokens, 'sign' | 'statusLink'>;
  readonly statusLinkTtlDays: number;
}

/** "Family, Given" (the one name alone when the passport shows only one): as on the receipts. */
export function workerName(familyName: string, givenNames: string): string {
  return listedWorkerName(familyName, givenNames);
}

/**
 * `send-confirmation` { submissionId }: the sponsor's "received" email with a status link. Each
 * worker who gave an email address gets theirs through a job of its own (enqueued here, once,
 * by a unique key), so a retry of this job never emails a worker twice and one bad worker
 * address never holds back the sponsor's email.
 */
export function createSendConfirmationHandler(deps: ConfirmationJobDependencies): JobHandler {
  return async (payload, { now, logger }) => {
    const submissionId = payloadString(payload, 'submissionId');
    const submission = await findSubmission(deps.db, submissionId);
    if (submission === undefined) throw new PermanentJobError(`No submission ${submissionId} to confirm`);
    if (submission.sponsorEmail === null || submission.sponsorName === null) {
      logger.info({ submissionId }, 'Confirmation not sent: the personal data has been deleted');
      return;
    }
    const applications = await listApplicationsOfSubmission(deps.db, submissionId);
    for (const application of applications) {
      if (application.workerEmail === null) continue;
      await enqueueJob(deps.db, {
        kind: jobKinds.sendWorkerConfirmation,
        payload: { applicantId: application.applicantId },
        uniqueKey: `${jobKinds.sendWorkerConfirmation}:${application.applicantId}`,
        runAfter: now,
      });
    }
    const statusLink = deps.tokens.statusLink(await deps.tokens.sign(submissionId), submission.language);
    const email = confirmationEmail({
      sponsorName: submission.sponsorName,
      applications: applications.map((application) => ({
        reference: application.applicantId,
        workerName: workerName(application.familyName ?? '', application.givenNames ?? ''),
        cosReference: application.cosReference ?? '',
      })),
      statusLink,
      decisionWithinHours,
      statusLinkTtlDays: deps.statusLinkTtlDays,
      language: submission.language,
    });
    await deps.emailSender.send({ to: submission.sponsorEmail, ...email, reference: submission.formGroupId });
    logger.info({ submissionId, applications: applications.length }, 'Confirmation sent to the sponsor');
  };
}

/** `send-worker-confirmation` { applicantId }: the worker's own "received" email, without a status link. */
export function createSendWorkerConfirmationHandler(
  deps: Pick<ConfirmationJobDependencies, 'db' | 'emailSender'>,
): JobHandler {
  return async (payload, { logger }) => {
    const applicantId = payloadString(payload, 'applicantId');
    const application = await findApplication(deps.db, applicantId);
    if (application === undefined) throw new PermanentJobError(`No application ${applicantId} to confirm`);
    if (application.workerEmail === null || application.familyName === null || application.givenNames === null) {
      logger.info({ applicantId }, 'Worker confirmation not sent: no worker email address (any more)');
      return;
    }
    const email = workerConfirmationEmail({
      reference: applicantId,
      workerName: workerName(application.familyName, application.givenNames),
      language: application.language,
    });
    await deps.emailSender.send({ to: application.workerEmail, ...email, reference: applicantId });
    logger.info({ applicantId }, 'Confirmation sent to the worker');
  };
}
