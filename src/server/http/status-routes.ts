// POST /api/public/publicStatus and POST /api/public/pdf-maker: a status-link
// token and the sponsor licence number open one submission. The token is checked first (401,
// telling an expired link from any other); then the licence number, attempts counted in the
// database (403 with the attempts left; the fifth failure in an hour locks the submission for an
// hour: 429 with when the lockout ends, from that failure on).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  PDF_MAKER_PATH,
  PUBLIC_STATUS_PATH,
  STATUS_ERRORS,
  maskPassportNumber,
  type LockedBody,
  type MismatchBody,
  pdfMakerRequestSchema,
  publicStatusRequestSchema,
  type PublicStatusResponse,
  type StatusItem,
} from '#shared/api/public-status.ts';
import { normaliseLicenceNumber, validateSponsorLicenceNumber } from '#shared/validation/licence-number.ts';
import type { Config } from '../config.ts';
import type { ApplicationRecord } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { openWithLicence, type OpenedSubmission } from '../db/status-access-repository.ts';
import type { DocumentService } from '../documents/document-service.ts';
import { preparePreClearanceDocuments } from '../pdf/pre-clearance-document.ts';
import { ExpiredTokenError, InvalidTokenError, type StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { HttpError } from './http-error.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from './rate-limits.ts';
import { rememberVerifiedTokens } from './verified-status-tokens.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';

export interface StatusRouteOptions {
  readonly config: Pick<Config, 'statusRateLimit'>;
  readonly database: Database;
  /** The per-address budgets: these calls spend `status`. */
  readonly limits: RateLimits;
  readonly tokens: () => Promise<StatusLinkTokens>;
  readonly documents: DocumentService;
  readonly now: () => Date;
  /** Counts the lockouts begun here (METRICS_PORT). */
  readonly metrics?: ServiceMetrics | undefined;
}

const digest = (value: string) => createHash('sha256').update(normaliseLicenceNumber(value), 'utf8').digest();

/** Same licence number, trimmed and case-insensitive, compared in constant time (digests of equal length). */
export function sameLicenceNumber(stored: string, typed: string): boolean {
  return timingSafeEqual(digest(stored), digest(typed));
}

export async function registerStatusRoutes(app: FastifyInstance, options: StatusRouteOptions): Promise<void> {
  // A process's first document costs about 150 ms more than the next (fonts, tables, first use):
  // paid at start-up, not by the first download.
  app.addHook('onReady', () => preparePreClearanceDocuments());
  await registerJsonApi(app, (scope) => statusRoutes(scope, options));
}

/** Opening a submission with its status link and licence number, and its documents: the API's and the status page's forms'. */
export interface StatusAccess {
  /** What a status link's token is: one that opens a submission, one that did but has expired, or none of ours. */
  check(token: string): Promise<'valid' | 'expired' | 'invalid'>;
  /** The submission the token and licence number open; an HttpError says why not (what the API answers). */
  open(token: string, licenceNumber: string): Promise<OpenedSubmission>;
  /**
   * The submission the token opens, its licence number having been checked before (the status
   * pages stay open for a while without JavaScript); an HttpError says why not (the link has
   * expired since, or the submission is locked).
   */
  reopen(token: string): Promise<OpenedSubmission>;
  /** The pre-clearance document of each of `applicantIds` (approved, in this submission), as one PDF. */
  documents(
    submission: OpenedSubmission,
    applicantIds: readonly string[],
  ): Promise<{ readonly pdf: Buffer; readonly filename: string }>;
}

export function createStatusAccess(options: Omit<StatusRouteOptions, 'config' | 'limits'>): StatusAccess {
  const verifyToken = rememberVerifiedTokens(options.tokens, options.now);
  /** The submission id the token names; an HttpError 401 when it names none (or has expired). */
  const submissionOf = async (token: string): Promise<string> => {
    try {
      return (await verifyToken(token)).submissionId;
    } catch (error) {
      if (error instanceof ExpiredTokenError)
        throw new HttpError(401, STATUS_ERRORS.expiredToken, 'The link to view your application status has expired');
      if (error instanceof InvalidTokenError)
        throw new HttpError(401, STATUS_ERRORS.invalidToken, 'Application not found');
      throw error;
    }
  };
  const openWith = async (token: string, matches: (stored: string) => boolean) => {
    const submissionId = await submissionOf(token);
    const opened = await openWithLicence(options.database, submissionId, matches, options.now(), () =>
      options.metrics?.lockoutStarted(),
    );
    if (opened.outcome === 'ok') return opened.submission;
    if (opened.outcome === 'unknown') throw new HttpError(401, STATUS_ERRORS.invalidToken, 'Application not found');
    if (opened.outcome === 'locked')
      throw new HttpError(
        429,
        STATUS_ERRORS.rateLimit,
        'Due to too many failed attempts you are locked out for an hour',
        undefined,
        { lockedUntil: opened.lockedUntil.toISOString() } satisfies LockedBody,
      );
    throw new HttpError(
      403,
      STATUS_ERRORS.authorisation,
      'Your sponsor licence number does not match this application',
      undefined,
      { remainingAttempts: opened.remainingAttempts } satisfies MismatchBody,
    );
  };
  return {
    async check(token) {
      try {
        await submissionOf(token);
        return 'valid';
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        return error.error === STATUS_ERRORS.expiredToken ? 'expired' : 'invalid';
      }
    },

    async open(token, licenceNumber) {
      await submissionOf(token);
      if (validateSponsorLicenceNumber(licenceNumber)['sponsor-licence-number'] !== undefined) {
        throw new HttpError(400, 'InvalidRequest', 'Enter your sponsor licence number');
      }
      return openWith(token, (stored) => sameLicenceNumber(stored, licenceNumber));
    },

    // The number was checked when the pages were opened: it is taken as matching.
    reopen: (token) => openWith(token, () => true),

    async documents({ applications }, applicantIds) {
      const wanted = [...new Set(applicantIds)].map((id) => {
        const application = applications.find((a) => a.applicantId === id);
        if (application === undefined)
          throw new HttpError(404, 'ApplicationNotFoundError', `No application ${id} in this submission`);
        if (application.status !== 'approved' || application.personalDataDeletedAt !== null) {
          throw new HttpError(
            409,
            'NotApprovedError',
            `Application ${id} is not approved: only approved applications have a pre-clearance document`,
          );
        }
        return application;
      });
      if (wanted.length === 0)
        throw new HttpError(409, 'NotApprovedError', 'No application is approved: there is no pre-clearance document');
      const pdf = await options.documents.issue(wanted);
      const filename =
        wanted.length === 1 ? `pre-clearance-${wanted[0]!.applicantId}.pdf` : 'pre-clearance-documents.pdf';
      return { pdf, filename };
    },
  };
}

/** What the status page shows of an opened submission. */
export function statusResponseOf(submission: OpenedSubmission): PublicStatusResponse {
  return {
    items: submission.applications.map(toStatusItem),
    sponsorName: submission.sponsorName ?? '',
    sponsorReference: submission.sponsorReference,
  };
}

function statusRoutes(app: FastifyInstance, options: StatusRouteOptions): void {
  // The per-address limit slows one address trying many tokens; the lockout per submission,
  // which must hold everywhere, is in the database.
  const limits = {
    bodyLimit: 16 * 1024,
    config: { rateLimit: options.limits.perMinute('status', options.config.statusRateLimit) },
  };
  const shapeMessage = 'The request is not in the expected shape';
  const access = createStatusAccess(options);

  app.post(PUBLIC_STATUS_PATH, limits, async (request): Promise<PublicStatusResponse> => {
    const body = parseBody(publicStatusRequestSchema, request.body, shapeMessage);
    return statusResponseOf(await access.open(body.publicAccessTokenJWT, body.sponsorLicenceNumber));
  });

  app.post(PDF_MAKER_PATH, limits, async (request, reply) => {
    const body = parseBody(pdfMakerRequestSchema, request.body, shapeMessage);
    const submission = await access.open(body.publicAccessTokenJWT, body.sponsorLicenceNumber);
    return sendDocuments(reply, await access.documents(submission, body.applicantIds));
  });
}

/** Answers with the documents, as a file to save. */
export function sendDocuments(reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }): FastifyReply {
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
}

function toStatusItem(application: ApplicationRecord): StatusItem {
  const details = application.secondaryDetails;
  return {
    applicantId: application.applicantId,
    cosReference: application.cosReference ?? '',
    familyName: application.familyName ?? '',
    givenNames: application.givenNames ?? '',
    status: application.status,
    decisionReason: application.decisionReason,
    passportNumber: maskPassportNumber(application.passportNumber ?? ''),
    nationality: details?.nationality ?? '',
    dateOfArrival: application.arrivalDate,
    firstWorkDate: details?.firstWorkDate ?? '',
    lastWorkDate: details?.lastWorkDate ?? '',
    leaveDate: application.leaveDate,
    submittedAt: application.createdAt.toISOString(),
  };
}
