// The distinct recipients each client address has had the service email in the last hour
// (migration 019, decision 044). SQL only; the budget is the caller's.
import type { Database, Queryable } from './database.ts';

/** The hour over which a client's recipients are counted. */
const EMAIL_SENDER_WINDOW_MS = 60 * 60_000;

/**
 * The first key of the advisory lock a client's count is changed under (the second is a hash of
 * the client): the two-key space, apart from the migrations' single key.
 */
const LOCK_CLASS = 44;

/** What counting a request's recipients came to. */
export interface RecipientsSpent {
  readonly allowed: boolean;
  /** Seconds until enough of the hour's recipients leave it for the request to fit, when not allowed. */
  readonly retryAfterSeconds: number;
}

/**
 * Counts `recipients` (the SHA-256 of each address) for the client `sender` at `now`, when the
 * client's distinct recipients of the last hour, with those of them not yet counted, are at most
 * `perHour`; a recipient already counted in the hour counts nothing. Otherwise counts none of
 * them. Requests of one client (from any instance) take turns under an advisory lock, so two at
 * once cannot both take the last place.
 */
export async function spendEmailRecipients(
  db: Database,
  sender: string,
  recipients: readonly Buffer[],
  perHour: number,
  now: Date,
): Promise<RecipientsSpent> {
  const hashes = [...new Set(recipients.map((hash) => hash.toString('hex')))];
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${LOCK_CLASS}, hashtext($1))`, [sender]);
    // Oldest first: room is made as they leave the hour.
    const { rows } = await tx.query<{ recipient: string; emailedAt: Date }>(
      `SELECT encode(recipient_hash, 'hex') AS recipient, emailed_at AS "emailedAt"
       FROM email_sender_recipients WHERE sender = $1 AND emailed_at > $2 ORDER BY emailed_at`,
      [sender, new Date(now.getTime() - EMAIL_SENDER_WINDOW_MS)],
    );
    const counted = new Set(rows.map((row) => row.recipient));
    const fresh = hashes.filter((hash) => !counted.has(hash));
    const over = rows.length + fresh.length - perHour;
    if (over > 0) {
      const roomAt =
        fresh.length > perHour
          ? now.getTime() + EMAIL_SENDER_WINDOW_MS
          : new Date(rows[over - 1]!.emailedAt).getTime() + EMAIL_SENDER_WINDOW_MS;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((roomAt - now.getTime()) / 1000)) };
    }
    if (fresh.length > 0) {
      // A row of the same recipient older than the hour is counted afresh.
      await tx.query(
        `INSERT INTO email_sender_recipients (sender, recipient_hash, emailed_at)
         SELECT $1, decode(h, 'hex'), $3::timestamptz FROM unnest($2::text[]) AS h
         ON CONFLICT (sender, recipient_hash) DO UPDATE SET emailed_at = excluded.emailed_at`,
        [sender, fresh, now],
      );
    }
    return { allowed: true, retryAfterSeconds: 0 };
  });
}

/** Deletes the recipients counted more than an hour before `now`; returns how many. */
export async function deleteEndedEmailSenders(db: Queryable, now: Date): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM email_sender_recipients WHERE emailed_at <= $1', [
    new Date(now.getTime() - EMAIL_SENDER_WINDOW_MS),
  ]);
  return rowCount;
}
