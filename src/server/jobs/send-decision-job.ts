import { findApplication } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import type { EmailSender } from '../email/email-sender.ts';
import { approvedEmail, rejectedEmail } from '../email/templates.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import type { JobHandler } from './job-handler.ts';
import { payloadString, PermanentJobError } from './job-handler.ts';
import { workerName } from './send-confirmation-job.ts';

export interface DecisionJobDependencies {
  readonly db: Database;
  readonly emailSender: EmailSender;
  readonly tokens: Pick<StatusLinkTokens, 'sign' | 'statusLink'>;
}

/**
 * `send-decision` { applicantId, status }: the approval or rejection email to the sponsor. Sent
 * only while the application still has the status the job was made for: one withdrawn in the
 * meantime gets no stale "approved" email.
 */
export function createSendDecisionHandler(deps: DecisionJobDependencies): JobHandler {
  return async (payload, { logger }) => {
    const applicantId = payloadString(payload, 'applicantId');
    const status = payloadString(payload, 'status');
    const application = await findApplication(deps.db, applicantId);
    if (application === undefined) throw new PermanentJobError(`No application ${applicantId} to email about`);
    if (application.status !== status) {
      logger.info({ applicantId, status: application.status }, 'Decision email not sent: the status has changed since');
      return;
    }
    const { sponsorEmail, familyName, givenNames, cosReference } = application;
    if (sponsorEmail === null || familyName === null || givenNames === null || cosReference === null) {
      logger.info({ applicantId }, 'Decision email not sent: the personal data has been deleted');
      return;
    }
    const statusLink = deps.tokens.statusLink(await deps.tokens.sign(application.submissionId));
    const common = { reference: applicantId, workerName: workerName(familyName, givenNames), cosReference, statusLink };
    let email;
    if (application.status === 'approved') {
      email = approvedEmail({ ...common, leaveDate: application.leaveDate });
    } else if (application.status === 'rejected' && application.decisionReason !== null) {
      email = rejectedEmail({ ...common, reason: application.decisionReason });
    } else {
      throw new PermanentJobError(`A ${application.status} application has no decision email`);
    }
    await deps.emailSender.send({ to: sponsorEmail, ...email, reference: applicantId });
    logger.info({ applicantId, status: application.status }, 'Decision sent to the sponsor');
  };
}
