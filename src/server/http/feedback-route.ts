// The feedback page's call, POST /api/public/feedback (decision 028), and what it shares with the
// page's form without JavaScript (feedback-forms.ts): the shared rule, then the address's feedback
// budget, then one row that says nothing of who gave it.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { FEEDBACK_API_PATH } from '#shared/api/feedback.ts';
import {
  isFeedbackRating,
  normaliseFeedbackComment,
  validateFeedback,
  type FeedbackAnswers,
} from '#shared/validation/feedback.ts';
import type { Database } from '../db/database.ts';
import { insertFeedback } from '../db/feedback-repository.ts';
import { HttpError } from './http-error.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from './rate-limits.ts';

/** Feedbacks one address may give in an hour: more than any person gives, few enough to keep the table clean. */
export const FEEDBACK_PER_HOUR = 10;
const HOUR_MS = 60 * 60_000;

/** The call's body: the rating and the comment, as the page's form names them. */
const feedbackRequestSchema = v.strictObject({
  rating: v.pipe(v.string(), v.maxLength(40)),
  // Longer than the rule allows, so the rule (not the schema) says why a long comment is refused.
  comment: v.pipe(v.string(), v.maxLength(8000)),
});

export interface FeedbackOptions {
  readonly database: Database;
  readonly limits: RateLimits;
  readonly now: () => Date;
}

/** What giving feedback came to: stored, refused by the rule, or over the address's budget. */
export type GivenFeedback =
  | { readonly kind: 'stored' }
  | { readonly kind: 'invalid'; readonly errors: ReturnType<typeof validateFeedback> }
  | { readonly kind: 'tooMany'; readonly retryAfterSeconds: number };

/** Stores feedback from `request`'s address when the rule and the budget allow: the call's and the page's. */
export function createFeedbackGiver(
  options: FeedbackOptions,
): (request: FastifyRequest, answers: FeedbackAnswers) => Promise<GivenFeedback> {
  return async (request, answers) => {
    const errors = validateFeedback(answers);
    const rating = answers['feedback-rating'];
    if (Object.keys(errors).length > 0 || !isFeedbackRating(rating)) return { kind: 'invalid', errors };
    const spent = await options.limits.take(request, 'feedback', FEEDBACK_PER_HOUR, HOUR_MS);
    if (!spent.allowed) return { kind: 'tooMany', retryAfterSeconds: spent.retryAfterSeconds };
    await insertFeedback(options.database, {
      rating,
      comment: normaliseFeedbackComment(answers['feedback-comment']),
      receivedAt: options.now(),
    });
    return { kind: 'stored' };
  };
}

export async function registerFeedbackRoute(app: FastifyInstance, options: FeedbackOptions): Promise<void> {
  const give = createFeedbackGiver(options);
  await registerJsonApi(app, (scope) => {
    scope.post(FEEDBACK_API_PATH, { bodyLimit: 32 * 1024 }, async (request, reply) => {
      const body = parseBody(feedbackRequestSchema, request.body, 'The request is not in the expected shape');
      const given = await give(request, { 'feedback-rating': body.rating, 'feedback-comment': body.comment });
      if (given.kind === 'invalid') {
        const details = Object.entries(given.errors).map(([field, rule]) => ({ field, rule }));
        throw new HttpError(400, 'InvalidRequest', 'Choose a rating; a comment must follow the page’s rule', details);
      }
      if (given.kind === 'tooMany') {
        reply.header('retry-after', String(given.retryAfterSeconds));
        throw new HttpError(429, 'TooManyRequests', 'Too much feedback from this address: try again later');
      }
      return reply.code(201).send({});
    });
  });
}
