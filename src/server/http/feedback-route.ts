// The feedback page's call, POST /api/public/feedback (decision 028): the body's shape, then the
// feedback service (services/feedback.ts), whose answer it maps to 201, 400 or 429.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { FEEDBACK_API_PATH } from '#shared/api/feedback.ts';
import { createFeedbackGiver, type FeedbackOptions } from '../services/feedback.ts';
import { placeOf, type SecurityLog } from '../security/security-log.ts';
import { HttpError } from './http-error.ts';
import { parseBody, registerJsonApi } from './json-api.ts';

/** The call's body: the rating and the comment, as the page's form names them. */
const feedbackRequestSchema = v.strictObject({
  rating: v.pipe(v.string(), v.maxLength(40)),
  // Longer than the rule allows, so the rule (not the schema) says why a long comment is refused.
  comment: v.pipe(v.string(), v.maxLength(8000)),
});

export async function registerFeedbackRoute(
  app: FastifyInstance,
  options: FeedbackOptions & { readonly securityLog: SecurityLog },
): Promise<void> {
  const give = createFeedbackGiver(options);
  await registerJsonApi(app, (scope) => {
    scope.post(FEEDBACK_API_PATH, { bodyLimit: 32 * 1024 }, async (request, reply) => {
      const body = parseBody(feedbackRequestSchema, request.body, 'The request is not in the expected shape');
      const given = await give(request.ip, { 'feedback-rating': body.rating, 'feedback-comment': body.comment });
      if (given.kind === 'invalid') {
        const details = Object.entries(given.errors).map(([field, rule]) => ({ field, rule }));
        throw new HttpError(400, 'InvalidRequest', 'Choose a rating; a comment must follow the page’s rule', details);
      }
      if (given.kind === 'tooMany') {
        options.securityLog.record('rate-limited', placeOf(request), 'feedback');
        reply.header('retry-after', String(given.retryAfterSeconds));
        throw new HttpError(429, 'TooManyRequests', 'Too much feedback from this address: try again later');
      }
      return reply.code(201).send({});
    });
  });
}
