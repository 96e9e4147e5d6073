// At most a few emails to one address an hour, across every submission and instance (decision
// 026): anyone can give a stranger's address as a sponsor's or a worker's, as often as the
// submission budget lets them. The count is kept in the database under a hash of the address; an
// email over it is put off to the next hour (the job runs again then, each time one of its
// attempts), so a real sponsor's emails come late rather than never, and a flood dries up.
import { createHash } from 'node:crypto';
import type { Database } from '../db/database.ts';
import { countHit } from '../db/rate-limit-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import type { Limit } from '../services/limits.ts';
import { RetryLaterError } from './job-handler.ts';

/** The SHA-256 of an email address, letter case and surrounding spaces aside: what the tables keep in its place. */
export const emailAddressHash = (address: string): Buffer =>
  createHash('sha256').update(address.trim().toLowerCase(), 'utf8').digest();

/** The budget's key for an address: its hash. */
export const recipientBudgetKey = (address: string) => `email:${emailAddressHash(address).toString('base64url')}`;

/**
 * `sender`, sending at most `limit.max` emails to one address in a window (the limits table's
 * `emailsToAddress`); one more throws RetryLaterError.
 */
export function limitEmailsPerAddress(
  sender: EmailSender,
  options: { readonly db: Database; readonly limit: Limit; readonly now: () => Date },
): EmailSender {
  return {
    async send(message) {
      const { max, windowMs } = options.limit;
      const count = await countHit(options.db, recipientBudgetKey(message.to), windowMs, options.now());
      if (count.hits > max)
        throw new RetryLaterError('Too many emails to this address in the hour', count.windowEndsAt);
      await sender.send(message);
    },
    ...(sender.close && { close: () => sender.close!() }),
  };
}
