// Giving feedback (decision 028): the feedback page's call (feedback-route.ts) and its form without
// JavaScript (feedback-forms.ts) both come here: the shared rule, then the address's feedback
// budget, then one row that says nothing of who gave it.
import {
  isFeedbackRating,
  normaliseFeedbackComment,
  validateFeedback,
  type FeedbackAnswers,
} from '#shared/validation/feedback.ts';
import type { Database } from '../db/database.ts';
import { insertFeedback } from '../db/feedback-repository.ts';
import type { Limits } from './limits.ts';

export interface FeedbackOptions {
  readonly database: Database;
  /** The budgets: each feedback stored spends the address's `feedback`. */
  readonly limits: Limits;
  readonly now: () => Date;
}

/** What giving feedback came to: stored, refused by the rule, or over the address's budget. */
export type GivenFeedback =
  | { readonly kind: 'stored' }
  | { readonly kind: 'invalid'; readonly errors: ReturnType<typeof validateFeedback> }
  | { readonly kind: 'tooMany'; readonly retryAfterSeconds: number };

/** Stores feedback from a client address when the rule and the budget allow: the call's and the page's. */
export function createFeedbackGiver(
  options: FeedbackOptions,
): (address: string, answers: FeedbackAnswers) => Promise<GivenFeedback> {
  return async (address, answers) => {
    const errors = validateFeedback(answers);
    const rating = answers['feedback-rating'];
    if (Object.keys(errors).length > 0 || !isFeedbackRating(rating)) return { kind: 'invalid', errors };
    const spent = await options.limits.take(address, 'feedback');
    if (!spent.allowed) return { kind: 'tooMany', retryAfterSeconds: spent.retryAfterSeconds };
    await insertFeedback(options.database, {
      rating,
      comment: normaliseFeedbackComment(answers['feedback-comment']),
      receivedAt: options.now(),
    });
    return { kind: 'stored' };
  };
}
