// POST /api/public/newStatusLink: the way out of the "Link expired" page. The new status link
// service (services/new-status-link.ts) does the work; the answer is the same 202 whether the
// licence number matched, did not, or the client is locked out, so this call tells nobody whether
// a licence number is right.
import type { FastifyInstance } from 'fastify';
import {
  NEW_STATUS_LINK_PATH,
  STATUS_ERRORS,
  newStatusLinkRequestSchema,
  type NewStatusLinkResponse,
} from '#shared/api/public-status.ts';
import type { Config } from '../config.ts';
import { placeOf } from '../security/security-log.ts';
import { requestNewStatusLink, type NewStatusLinkOptions } from '../services/new-status-link.ts';
import { HttpError } from './http-error.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from '../platform/rate-limits.ts';

export interface NewStatusLinkRouteOptions extends Omit<NewStatusLinkOptions, 'config'> {
  readonly config: Pick<Config, 'retentionDays'>;
  /** The per-address budgets: these calls spend `status`. */
  readonly limits: RateLimits;
}

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
    config: { rateLimit: options.limits.route('status') },
  };

  app.post(NEW_STATUS_LINK_PATH, limits, async (request, reply) => {
    const body = parseBody(newStatusLinkRequestSchema, request.body, 'The request is not in the expected shape');
    const result = await requestNewStatusLink(
      options,
      body.publicAccessTokenJWT,
      body.sponsorLicenceNumber,
      placeOf(request),
      request.log,
    );
    if (result.outcome === 'invalid') throw new HttpError(401, STATUS_ERRORS.invalidToken, 'Application not found');
    // As on the status call: an empty number is the page's own mistake and counts for nothing.
    if (result.outcome === 'licenceRequired')
      throw new HttpError(400, 'InvalidRequest', 'Enter your sponsor licence number');
    const answer: NewStatusLinkResponse = { sent: true };
    return reply.code(202).send(answer);
  });
}
