import { listApplicationsOfSubmission } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { findSubmission } from '../db/submission-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import { newStatusLinkEmail } from '../email/templates.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import type { JobHandler } from './job-handler.ts';
import { payloadString, PermanentJobError } from './job-handler.ts';

export interface StatusLinkJobDependencies {
  readonly db: Database;
  readonly emailSender: EmailSender;
  readonly tokens: Pick<StatusLinkTokens, 'sign' | 'statusLink'>;
  readonly statusLinkTtlDays: number;
}

/**
 * `send-status-link` { submissionId }: a freshly signed status link, emailed to the sponsor email
 * stored for the submission and to no other address, whoever asked. Enqueued only after the
 * licence number matched (with an old link, or with an application reference) or by a caseworker.
 */
export function createSendStatusLinkHandler(deps: StatusLinkJobDependencies): JobHandler {
  return async (payload, { logger }) => {
    const submissionId = payloadString(payload, 'submissionId');
    const submission = await findSubmission(deps.db, submissionId);
    if (submission === undefined) throw new PermanentJobError(`No submission ${submissionId} to send a link for`);
    if (submission.sponsorEmail === null || submission.sponsorName === null) {
      logger.info({ submissionId }, 'New status link not sent: the personal data has been deleted');
      return;
    }
    const applications = await listApplicationsOfSubmission(deps.db, submissionId);
    // Signed when the email is made, so a retry later still sends a link with its full lifetime.
    const statusLink = deps.tokens.statusLink(await deps.tokens.sign(submissionId), submission.language);
    const email = newStatusLinkEmail({
      sponsorName: submission.sponsorName,
      references: applications.map((application) => application.applicantId),
      statusLink,
      statusLinkTtlDays: deps.statusLinkTtlDays,
      language: submission.language,
    });
    await deps.emailSender.send({ to: submission.sponsorEmail, ...email, reference: submission.formGroupId });
    logger.info({ submissionId }, 'New status link sent to the sponsor');
  };
}
