// Feedback from the feedback page (decision 028): stored whole, with nothing that says who gave it.
import type { FeedbackRating } from '#shared/validation/feedback.ts';
import type { Queryable } from './database.ts';

/** One feedback as stored. */
export interface StoredFeedback {
  readonly rating: FeedbackRating;
  /** '' when none was written. */
  readonly comment: string;
  readonly receivedAt: Date;
}

/** Stores one feedback. */
export async function insertFeedback(db: Queryable, feedback: StoredFeedback): Promise<void> {
  await db.query('INSERT INTO feedback (rating, comment, received_at) VALUES ($1, $2, $3)', [
    feedback.rating,
    feedback.comment,
    feedback.receivedAt,
  ]);
}

/** Every feedback received since `since`, oldest first. */
export async function listFeedback(db: Queryable, since: Date): Promise<StoredFeedback[]> {
  const { rows } = await db.query<StoredFeedback>(
    `SELECT rating, comment, received_at AS "receivedAt" FROM feedback
     WHERE received_at >= $1 ORDER BY received_at, feedback_id`,
    [since],
  );
  return rows;
}
