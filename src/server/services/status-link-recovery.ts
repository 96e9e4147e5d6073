// A way back to the statuses for a sponsor who has lost the status-link email (/get-status-link):
// any one application reference of the submission and the sponsor licence number. The new link
// goes to the sponsor address stored for the submission, never to one the caller gives, and is
// never shown. The answer is the same whether they matched or not, so the page tells nobody
// whether a reference exists or a licence number is right; the caller's budget per client address
// (the status budget) is all that slows guessing. Unlike the old link's way (new-status-link.ts),
// a failure here is counted against nothing of the submission's: whoever knows one reference
// could otherwise lock the real sponsor out of the status page by typing wrong numbers.
import type { FastifyBaseLogger } from 'fastify';
import { parseApplicationReference } from '#shared/domain/application-reference.ts';
import { validateStatusLinkRecovery } from '#shared/validation/status-link-recovery.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { findSubmissionOfReference } from '../db/submission-repository.ts';
import type { SecurityEventPlace, SecurityLog } from '../security/security-log.ts';
import { enqueueStatusLinkEmail } from './new-status-link.ts';
import { sameLicenceNumber } from './status-access.ts';

export interface StatusLinkRecoveryOptions {
  readonly config: Pick<Config, 'retentionDays'>;
  readonly database: Database;
  readonly now: () => Date;
  /** Where a reference and licence number that do not match are written. */
  readonly securityLog: SecurityLog;
}

/** What the page's form holds, as typed. */
export interface StatusLinkRecoveryRequest {
  /** Any one application reference of the submission, in any form parseApplicationReference reads. */
  readonly reference: string;
  readonly licenceNumber: string;
}

/**
 * `requested` for every well-formed request, whether or not anything is sent; `invalid`, with the
 * shared rules' errors, only for answers the page would refuse itself.
 */
export type StatusLinkRecoveryResult =
  | { readonly outcome: 'requested' }
  | { readonly outcome: 'invalid'; readonly errors: ReturnType<typeof validateStatusLinkRecovery> };

/** What became of a well-formed request, for the operators' log line only: never in the answer. */
type RecoveryOutcome =
  'sent' | 'sentRecently' | 'unknownReference' | 'licenceMismatch' | 'personalDataDeleted' | 'tooOld';

const DAY_MS = 86_400_000;

/** A new status link emailed to the sponsor of the submission an application reference belongs to, when the licence number matches. */
export async function recoverStatusLink(
  options: StatusLinkRecoveryOptions,
  request: StatusLinkRecoveryRequest,
  place: SecurityEventPlace,
  log: FastifyBaseLogger,
): Promise<StatusLinkRecoveryResult> {
  const errors = validateStatusLinkRecovery({
    'application-reference': request.reference,
    'sponsor-licence-number': request.licenceNumber,
  });
  const reference = parseApplicationReference(request.reference);
  if (Object.keys(errors).length > 0 || reference === undefined) return { outcome: 'invalid', errors };

  const now = options.now();
  const found = await findSubmissionOfReference(options.database, reference);
  // Compared even for an unknown reference (against a number nobody can type: the rule refuses an
  // empty one), so the time taken does not tell an unknown reference from a wrong number.
  const matches = sameLicenceNumber(found?.sponsorReference ?? '', request.licenceNumber);
  let outcome: RecoveryOutcome;
  if (found === undefined) outcome = 'unknownReference';
  else if (!matches) outcome = 'licenceMismatch';
  // The personal data is deleted (retention): there is no address, and the job would send nothing.
  else if (!found.hasSponsorEmail) outcome = 'personalDataDeleted';
  // As an old link older than the retention period gets no new one (new-status-link.ts): by then
  // the applications may be decided and deleted, and the sponsor has had the link long enough.
  else if (now.getTime() - found.createdAt.getTime() > options.config.retentionDays * DAY_MS) outcome = 'tooOld';
  // At most one email per submission in NEW_LINK_EMAIL_WINDOW_MS, however often the right pair is sent.
  else outcome = (await enqueueStatusLinkEmail(options.database, found.submissionId, now)) ? 'sent' : 'sentRecently';

  // A guess, or a typing slip: counted against nothing, but written down (the client's hash only).
  if (outcome === 'unknownReference') options.securityLog.record('status-link-recovery-unmatched', place, 'unknown');
  if (outcome === 'licenceMismatch') options.securityLog.record('status-link-recovery-unmatched', place, 'mismatch');
  // The submission id only: never the reference, licence number or address typed or stored.
  log.info({ submissionId: found?.submissionId, outcome }, 'New status link asked for by application reference');
  return { outcome: 'requested' };
}
