import { answersOf, parseSavedFormState } from '#shared/journey/form-state.ts';
import { draftExpiry, draftLink } from '#shared/pages/saved-drafts.ts';
import type { Database } from '../db/database.ts';
import { issueReturnToken } from '../db/form-session-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import { savedDraftEmail } from '../email/templates.ts';
import { newDraftLinkToken } from '../tokens/draft-link-tokens.ts';
import type { JobHandler } from './job-handler.ts';
import { payloadString, PermanentJobError } from './job-handler.ts';

export interface DraftLinkJobDependencies {
  readonly db: Database;
  readonly emailSender: EmailSender;
  /** The address users reach the service at (PUBLIC_BASE_URL), for the link. */
  readonly publicBaseUrl: string;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `send-draft-link` { draftId }, enqueued when a draft is saved and when its link is used: a new
 * link to the draft, emailed to its contact email (the sponsor email of the answers saved) and to
 * no other address. Each run makes a new token whose hash replaces the one before, so the newest
 * link emailed is the one that works; a retry (an email put off by the per-address budget) makes
 * another. A draft that is gone, ended or no longer saved gets nothing.
 */
export function createSendDraftLinkHandler(deps: DraftLinkJobDependencies): JobHandler {
  return async (payload, { now, logger }) => {
    const draftId = payloadString(payload, 'draftId');
    // The database would refuse anything else as a uuid, on every attempt.
    if (!UUID_PATTERN.test(draftId)) throw new PermanentJobError('The job payload has no draft id');
    const { token, hash } = newDraftLinkToken();
    const draft = await issueReturnToken(deps.db, draftId, hash, now);
    if (draft === undefined) {
      logger.info({ draftId }, 'Draft link not sent: the draft is gone, has ended or is not saved');
      return;
    }
    // Saving asks for the contact email first: a draft without one is a fault, and no retry gives it one.
    const to = answersOf(parseSavedFormState(draft.formState).current)['sponsor-email']?.trim() ?? '';
    if (to === '') throw new PermanentJobError(`Draft ${draftId} has no contact email to send its link to`);
    const email = savedDraftEmail({
      link: draftLink(deps.publicBaseUrl, token),
      until: draftExpiry(draft.savedAt),
      savedAt: draft.savedAt,
      language: draft.language,
    });
    await deps.emailSender.send({ to, ...email, reference: `draft-${draftId}` });
    logger.info({ draftId }, 'Draft link sent');
  };
}
