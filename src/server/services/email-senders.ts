// Emails to strangers bounded by the sender as well as the recipient (decision 044). Anyone can
// give a stranger's address as a sponsor's or a worker's: EMAIL_RATE_LIMIT holds each address to a
// few emails an hour (jobs/email-recipient-limit.ts), and this holds each client address to
// EMAIL_SENDER_LIMIT distinct addresses an hour, counted at the request, where the client is known.
// A request that would go past it is refused whole, before anything is stored or enqueued; an
// address already emailed for the client in the hour counts nothing more. The addresses a request
// does not choose (a status link sent again to the sponsor on record, a saved application's new
// link to its own address) are not counted: they were counted when they were given.
import { normalizeIP } from '@fastify/rate-limit';
import type { Database } from '../db/database.ts';
import { spendEmailRecipients } from '../db/email-sender-repository.ts';
import { emailAddressHash } from '../jobs/email-recipient-limit.ts';
import type { SecurityEventPlace, SecurityLog } from '../security/security-log.ts';

export interface EmailSenderLimit {
  /** Distinct addresses one client address may have the service email in an hour (EMAIL_SENDER_LIMIT). */
  readonly perHour: number;
  /** Where a refusal is written (`email-sender-limited`). */
  readonly securityLog: SecurityLog;
}

/** What asked for the emails: the security log's outcome of a refusal. */
export type EmailingRequest = 'submission' | 'draft';

/** A refusal: nothing stored, and the seconds until the client's hour has room for the request. */
export interface EmailSenderRefusal {
  readonly retryAfterSeconds: number;
}

/**
 * Counts `addresses` (empty ones left out) for the client at `place`, at `now`: undefined when the
 * request may email them, or the refusal (logged) when that would take the client past its limit.
 */
export async function spendEmailSender(
  database: Database,
  limit: EmailSenderLimit,
  place: SecurityEventPlace,
  request: EmailingRequest,
  addresses: readonly (string | undefined)[],
  now: Date,
): Promise<EmailSenderRefusal | undefined> {
  const given = addresses.flatMap((address) => (address === undefined || address.trim() === '' ? [] : [address]));
  if (given.length === 0) return undefined;
  const spent = await spendEmailRecipients(
    database,
    normalizeIP(place.address),
    given.map(emailAddressHash),
    limit.perHour,
    now,
  );
  if (spent.allowed) return undefined;
  limit.securityLog.record('email-sender-limited', place, request);
  return { retryAfterSeconds: spent.retryAfterSeconds };
}
