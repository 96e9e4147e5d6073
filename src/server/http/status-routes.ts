// POST /api/public/publicStatus and POST /api/public/pdf-maker: a status-link token and the
// sponsor licence number open one submission (services/status-access.ts). A refusal is answered
// 401 (telling an expired link from any other), 403 with the attempts left, or 429 with when the
// lockout ends (status-answers.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PDF_MAKER_PATH,
  PUBLIC_STATUS_PATH,
  pdfMakerRequestSchema,
  publicStatusRequestSchema,
  type PublicStatusResponse,
} from '#shared/api/public-status.ts';
import { placeOf } from '../security/security-log.ts';
import { createStatusAccess, statusResponseOf, type StatusAccessOptions } from '../services/status-access.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from '../platform/rate-limits.ts';
import { documentsBusyError, noDocumentsError, sendDocuments, statusRefusalError } from './status-answers.ts';

export interface StatusRouteOptions extends StatusAccessOptions {
  /** The per-address budgets: these calls spend `status`. */
  readonly limits: RateLimits;
  /**
   * Told when the licence number opened the submission of `token`: the browser's session, when it
   * keeps that link, keeps its status pages open as the status form does without JavaScript, so
   * that the page refreshed or opened again is answered open (decision 040).
   */
  readonly opened?: (request: FastifyRequest, reply: FastifyReply, token: string) => Promise<void>;
}

export async function registerStatusRoutes(app: FastifyInstance, options: StatusRouteOptions): Promise<void> {
  await registerJsonApi(app, (scope) => statusRoutes(scope, options));
}

function statusRoutes(app: FastifyInstance, options: StatusRouteOptions): void {
  // The per-address limit slows one address trying many tokens; the lockout per client and
  // submission, which must hold on every instance, is in the database.
  const limits = {
    bodyLimit: 16 * 1024,
    config: { rateLimit: options.limits.route('status') },
  };
  const shapeMessage = 'The request is not in the expected shape';
  const access = createStatusAccess(options);

  app.post(PUBLIC_STATUS_PATH, limits, async (request, reply): Promise<PublicStatusResponse> => {
    const body = parseBody(publicStatusRequestSchema, request.body, shapeMessage);
    const opened = await access.open(body.publicAccessTokenJWT, body.sponsorLicenceNumber, placeOf(request));
    if (opened.outcome !== 'ok') throw statusRefusalError(opened);
    await options.opened?.(request, reply, body.publicAccessTokenJWT);
    return statusResponseOf(opened.submission);
  });

  app.post(PDF_MAKER_PATH, limits, async (request, reply) => {
    const body = parseBody(pdfMakerRequestSchema, request.body, shapeMessage);
    const opened = await access.open(body.publicAccessTokenJWT, body.sponsorLicenceNumber, placeOf(request));
    if (opened.outcome !== 'ok') throw statusRefusalError(opened);
    const documents = await access.documents(opened.submission, body.applicantIds);
    if (documents.outcome === 'busy') throw documentsBusyError(reply, documents.retryAfterSeconds);
    if (documents.outcome !== 'ok') throw noDocumentsError(documents);
    return sendDocuments(reply, documents);
  });
}
