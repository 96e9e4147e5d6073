import { STATUS_LINK_RECOVERY_PATH } from '#shared/pages/page-paths.ts';
import { listApplicationsOfSubmission } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { findSubmission } from '../db/submission-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import { lockoutNoticeEmail } from '../email/templates.ts';
import type { JobHandler } from './job-handler.ts';
import { payloadString, PermanentJobError } from './job-handler.ts';

export interface LockoutNoticeJobDependencies {
  readonly db: Database;
  readonly emailSender: EmailSender;
  /** The address users reach the service at (PUBLIC_BASE_URL), for the page of a new link. */
  readonly publicBaseUrl: string;
}

/**
 * `send-lockout-notice` { submissionId }: tells the sponsor, at the sponsor email stored for the
 * submission, that a client was locked out of its status page (decision 043), with the way to a
 * new link without the email and to us. Enqueued with the lockout, at most once an hour per
 * submission (status-access-repository.ts). A submission whose personal data is deleted gets
 * nothing: there is no address.
 */
export function createSendLockoutNoticeHandler(deps: LockoutNoticeJobDependencies): JobHandler {
  return async (payload, { logger }) => {
    const submissionId = payloadString(payload, 'submissionId');
    const submission = await findSubmission(deps.db, submissionId);
    if (submission === undefined) throw new PermanentJobError(`No submission ${submissionId} to send a notice for`);
    if (submission.sponsorEmail === null || submission.sponsorName === null) {
      logger.info({ submissionId }, 'Lockout notice not sent: the personal data has been deleted');
      return;
    }
    const applications = await listApplicationsOfSubmission(deps.db, submissionId);
    const email = lockoutNoticeEmail({
      sponsorName: submission.sponsorName,
      references: applications.map((application) => application.applicantId),
      newLinkPage: new URL(STATUS_LINK_RECOVERY_PATH, deps.publicBaseUrl).href,
      language: submission.language,
    });
    await deps.emailSender.send({ to: submission.sponsorEmail, ...email, reference: submission.formGroupId });
    logger.info({ submissionId }, 'Lockout notice sent to the sponsor');
  };
}
