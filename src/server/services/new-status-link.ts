// A new status link, the way out of the "Link expired" page: the API's call
// (new-status-link-route.ts) and the expired link page's form without JavaScript (status-forms.ts)
// both come here. The old link's token (expired or not, but ours and younger than the retention
// period) names the submission. With a link still in date, the licence number typed is checked
// with the same attempts and lockout per client as opening the status; with an expired one it is
// compared and counted against nothing (decision 043: an old link, up to the retention period,
// must not let whoever holds it lock anyone out; the caller's status budget per address is what
// slows guessing, and guessing gains nothing). The end is the same whether it matched, did not, or
// the client is locked out, so nobody learns whether a licence number is right; only a match
// enqueues the email, and the email goes to the sponsor address stored for the submission, never
// to one the caller gives.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import { enqueueJob, jobKinds } from '../db/job-repository.ts';
import { attemptLicence, type LicenceAttemptOutcome } from '../db/status-access-repository.ts';
import { findSubmission } from '../db/submission-repository.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';
import type { SecurityEventPlace, SecurityLog } from '../security/security-log.ts';
import { ExpiredTokenError, InvalidTokenError, type StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { LIMITS } from './limits.ts';
import { clientOf, licenceAttemptEvents, sameLicenceNumber } from './status-access.ts';

export interface NewStatusLinkOptions {
  readonly config: Pick<Config, 'retentionDays'>;
  readonly database: Database;
  readonly tokens: () => Promise<StatusLinkTokens>;
  readonly now: () => Date;
  /** Counts the lockouts begun here (METRICS_PORT). */
  readonly metrics?: ServiceMetrics | undefined;
  /** Where wrong numbers and lockouts begun and ended are written. */
  readonly securityLog: SecurityLog;
}

/**
 * At most one new-link email per submission in this window (the limits table's `statusLinkEmails`),
 * however often the right number is sent: whoever knows it cannot fill the sponsor's inbox. A later
 * request gets the same answer.
 */
export const NEW_LINK_EMAIL_WINDOW_MS = LIMITS.statusLinkEmails.windowMs;

/**
 * Enqueues the email of a new status link to the sponsor address stored for the submission (the
 * `send-status-link` job reads it when it sends), at most one per submission in
 * NEW_LINK_EMAIL_WINDOW_MS: false when one was already enqueued in this window. The sponsor's
 * request above, the request by an application reference (status-link-recovery.ts) and a
 * caseworker's resend (casework/staff-actions.ts) all come here.
 */
export async function enqueueStatusLinkEmail(db: Queryable, submissionId: string, now: Date): Promise<boolean> {
  const jobId = await enqueueJob(db, {
    kind: jobKinds.sendStatusLink,
    payload: { submissionId },
    uniqueKey: `${jobKinds.sendStatusLink}:${submissionId}:${Math.floor(now.getTime() / NEW_LINK_EMAIL_WINDOW_MS)}`,
    runAfter: now,
  });
  return jobId !== undefined;
}

/**
 * What asking came to: `requested` whether the number matched, did not, or the submission is
 * locked; `invalid` when the token names no submission of ours; `licenceRequired` when no number
 * was typed (the page's own mistake, counted for nothing).
 */
export type NewStatusLinkResult = { readonly outcome: 'requested' | 'invalid' | 'licenceRequired' };

/** A new status link for the submission an old link's token names, emailed to its sponsor when the licence number matches. */
export async function requestNewStatusLink(
  options: NewStatusLinkOptions,
  token: string,
  licenceNumber: string,
  place: SecurityEventPlace,
  log: FastifyBaseLogger,
): Promise<NewStatusLinkResult> {
  const tokens = await options.tokens();
  let submissionId: string;
  let inDate = true;
  try {
    try {
      ({ submissionId } = await tokens.verify(token));
    } catch (error) {
      if (!(error instanceof ExpiredTokenError)) throw error;
      inDate = false;
      ({ submissionId } = await tokens.verifyIgnoringExpiry(token, options.config.retentionDays));
    }
  } catch (error) {
    // Forged, altered, for another audience, or older than the retention period: all alike.
    if (error instanceof InvalidTokenError) return { outcome: 'invalid' };
    throw error;
  }
  if (licenceNumber.trim() === '') return { outcome: 'licenceRequired' };

  const now = options.now();
  const matches = (stored: string) => sameLicenceNumber(stored, licenceNumber);
  let outcome: LicenceAttemptOutcome;
  if (inDate) {
    outcome = await attemptLicence(
      options.database,
      submissionId,
      clientOf(place.address),
      matches,
      now,
      licenceAttemptEvents(options, place),
    );
  } else {
    const submission = await findSubmission(options.database, submissionId);
    outcome = submission === undefined ? 'unknown' : matches(submission.sponsorReference) ? 'ok' : 'mismatch';
    if (outcome === 'mismatch') options.securityLog.record('licence-number-wrong', place, 'expired-link');
  }
  if (outcome === 'unknown') return { outcome: 'invalid' };
  if (outcome === 'ok') await enqueueStatusLinkEmail(options.database, submissionId, now);
  // The outcome is for the operators; it never reaches the answer.
  log.info({ submissionId, outcome, expiredLink: !inDate }, 'New status link asked for');
  return { outcome: 'requested' };
}
