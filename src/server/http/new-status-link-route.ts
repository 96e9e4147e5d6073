// POST /api/public/newStatusLink: the way out of the "Link expired" page. The old link's token
// (expired or not, but ours and younger than the retention period) names the submission; the
// licence number typed is checked with the same attempts and lockout as the status call. The
// answer is the same 202 whether it matched, did not, or the submission is locked, so this call
// tells nobody whether a licence number is right; only a match enqueues the email, and the email
// goes to the sponsor address stored for the submission, never to one the caller gives.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  NEW_STATUS_LINK_PATH,
  STATUS_ERRORS,
  newStatusLinkRequestSchema,
  type NewStatusLinkResponse,
} from '#shared/api/public-status.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { enqueueJob, jobKinds } from '../db/job-repository.ts';
import { attemptLicence } from '../db/status-access-repository.ts';
import { InvalidTokenError, type StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { HttpError } from './http-error.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from './rate-limits.ts';
import { sameLicenceNumber } from './status-routes.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';

export interface NewStatusLinkRouteOptions {
  readonly config: Pick<Config, 'statusRateLimit' | 'retentionDays'>;
  readonly database: Database;
  /** The per-address budgets: these calls spend `status`. */
  readonly limits: RateLimits;
  readonly tokens: () => Promise<StatusLinkTokens>;
  readonly now: () => Date;
  /** Counts the lockouts begun here (METRICS_PORT). */
  readonly metrics?: ServiceMetrics | undefined;
}

/**
 * At most one new-link email per submission in this window, however often the right number is
 * sent: whoever knows it cannot fill the sponsor's inbox. A later request gets the same answer.
 */
export const NEW_LINK_EMAIL_WINDOW_MS = 10 * 60_000;

export async function registerNewStatusLinkRoute(
  app: FastifyInstance,
  options: NewStatusLinkRouteOptions,
): Promise<void> {
  await registerJsonApi(app, (scope) => newStatusLinkRoute(scope, options));
}

function newStatusLinkRoute(app: FastifyInstance, options: NewStatusLinkRouteOptions): void {
  // The same per-address limit and body size as the status call it stands beside.
  const limits = {
    bodyLimit: 16 * 1024,
    config: { rateLimit: options.limits.perMinute('status', options.config.statusRateLimit) },
  };

  app.post(NEW_STATUS_LINK_PATH, limits, async (request, reply) => {
    const body = parseBody(newStatusLinkRequestSchema, request.body, 'The request is not in the expected shape');
    await requestNewStatusLink(options, body.publicAccessTokenJWT, body.sponsorLicenceNumber, request.log);
    const answer: NewStatusLinkResponse = { sent: true };
    return reply.code(202).send(answer);
  });
}

/**
 * A new status link for the submission an old link's token names, emailed to its sponsor when
 * the licence number matches; the same end whether it matched, did not, or the submission is
 * locked. An HttpError says why the request itself is refused: the API's answer, and the
 * expired link page's form's without JavaScript.
 */
export async function requestNewStatusLink(
  options: Omit<NewStatusLinkRouteOptions, 'config' | 'limits'> & { config: Pick<Config, 'retentionDays'> },
  token: string,
  licenceNumber: string,
  log: FastifyBaseLogger,
): Promise<void> {
  let submissionId: string;
  try {
    ({ submissionId } = await (await options.tokens()).verifyIgnoringExpiry(token, options.config.retentionDays));
  } catch (error) {
    // Forged, altered, for another audience, or older than the retention period: all alike.
    if (error instanceof InvalidTokenError)
      throw new HttpError(401, STATUS_ERRORS.invalidToken, 'Application not found');
    throw error;
  }
  // As on the status call: an empty number is the page's own mistake and counts for nothing.
  if (licenceNumber.trim() === '') throw new HttpError(400, 'InvalidRequest', 'Enter your sponsor licence number');

  const now = options.now();
  const outcome = await attemptLicence(
    options.database,
    submissionId,
    (stored) => sameLicenceNumber(stored, licenceNumber),
    now,
    () => options.metrics?.lockoutStarted(),
  );
  if (outcome === 'unknown') throw new HttpError(401, STATUS_ERRORS.invalidToken, 'Application not found');
  if (outcome === 'ok') {
    await enqueueJob(options.database, {
      kind: jobKinds.sendStatusLink,
      payload: { submissionId },
      uniqueKey: `${jobKinds.sendStatusLink}:${submissionId}:${Math.floor(now.getTime() / NEW_LINK_EMAIL_WINDOW_MS)}`,
      runAfter: now,
    });
  }
  // The outcome is for the operators; it never reaches the answer.
  log.info({ submissionId, outcome }, 'New status link asked for');
}
