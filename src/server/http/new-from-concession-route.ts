import type { FastifyInstance } from 'fastify';
import {
  NEW_FROM_CONCESSION_PATH,
  SUBMISSION_VALIDATION_ERROR,
  newFromConcessionRequestSchema,
} from '#shared/api/new-from-concession.ts';
import { languageOfCookies } from '#shared/i18n/languages.ts';
import type { Database } from '../db/database.ts';
import { placeOf } from '../security/security-log.ts';
import type { EmailSenderLimit } from '../services/email-senders.ts';
import { acceptSubmission } from '../services/submissions.ts';
import { HttpError } from './http-error.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';

// Ten applicants of ordinary answers take about 15 KiB; the schema's own limits allow far more
// than any real form, so the body limit is what stops an oversized request early.
const SUBMISSION_BODY_LIMIT = 64 * 1024;

export interface SubmissionRouteOptions {
  readonly database: Database;
  /** The per-address budgets: these calls spend `submissions`. */
  readonly limits: RateLimits;
  readonly now: () => Date;
  readonly metrics?: ServiceMetrics | undefined;
  /** The distinct addresses a client may have emailed in an hour (EMAIL_SENDER_LIMIT). */
  readonly emailSenders?: EmailSenderLimit | undefined;
}

/** The error type of a 429 for a submission whose emails would take the client past EMAIL_SENDER_LIMIT. */
export const EMAIL_SENDER_LIMIT_ERROR = 'TooManyEmailAddresses';

/**
 * POST /api/public/newFromConcession: checks the shape, then hands the answers to the submission
 * service (services/submissions.ts), which checks and stores them.
 * 201 with one item per applicant (the applicant as sent, plus its applicantId); 200 with the
 * same answer for a retry of the same body; 400 naming each failed rule; 409 for a different
 * body under a used formGroupId; 429 `TooManyEmailAddresses` (nothing stored) when its emails would
 * take the client's distinct addresses of the hour past EMAIL_SENDER_LIMIT (decision 044).
 */
export async function registerNewFromConcessionRoute(
  app: FastifyInstance,
  options: SubmissionRouteOptions,
): Promise<void> {
  await registerJsonApi(app, (scope) => submissionRoutes(scope, options));
}

function submissionRoutes(app: FastifyInstance, options: SubmissionRouteOptions): void {
  app.post(
    NEW_FROM_CONCESSION_PATH,
    {
      bodyLimit: SUBMISSION_BODY_LIMIT,
      config: { rateLimit: options.limits.route('submissions') },
    },
    async (request, reply) => {
      const applicants = parseBody(
        newFromConcessionRequestSchema,
        request.body,
        'The request is not a list of 1 to 10 applications in the expected shape',
      );
      // The browser's call carries the language cookie of the pages it was sent from.
      const language = languageOfCookies(request.headers.cookie ?? '');
      const result = await acceptSubmission(options, applicants, options.now(), language, placeOf(request));
      if (result.outcome === 'refused') {
        throw new HttpError(400, SUBMISSION_VALIDATION_ERROR, 'One or more answers are not valid', result.errors);
      }
      if (result.outcome === 'conflict') {
        throw new HttpError(409, 'Conflict', 'This formGroupId was already used for a different submission');
      }
      if (result.outcome === 'emailsTooMany') {
        reply.header('retry-after', String(result.retryAfterSeconds));
        throw new HttpError(
          429,
          EMAIL_SENDER_LIMIT_ERROR,
          'Too many different email addresses from this address in the last hour: nothing was stored; try again later',
        );
      }
      return reply.code(result.outcome === 'created' ? 201 : 200).send(result.items);
    },
  );
}
