// How the status service's answers are told over HTTP: the API's calls (status-routes.ts) answer
// a refusal with its status and body, and the status pages' forms (status-forms.ts) read the same
// refusal as the browser reads the API's answer, so both say the same.
import type { FastifyReply } from 'fastify';
import { STATUS_ERRORS, type LockedBody, type MismatchBody } from '#shared/api/public-status.ts';
import type { DocumentsResult, StatusRefusal } from '../services/status-access.ts';
import { HttpError } from './http-error.ts';

/** The API's answer to a status link (and licence number) that did not open a submission. */
export function statusRefusalError(refusal: StatusRefusal): HttpError {
  switch (refusal.outcome) {
    case 'expired':
      return new HttpError(401, STATUS_ERRORS.expiredToken, 'The link to view your application status has expired');
    case 'invalid':
      return new HttpError(401, STATUS_ERRORS.invalidToken, 'Application not found');
    case 'licenceRequired':
      return new HttpError(400, 'InvalidRequest', 'Enter your sponsor licence number');
    case 'locked':
      return new HttpError(
        429,
        STATUS_ERRORS.rateLimit,
        'Due to too many failed attempts you are locked out for an hour',
        undefined,
        { lockedUntil: refusal.lockedUntil.toISOString() } satisfies LockedBody,
      );
    case 'mismatch':
      return new HttpError(
        403,
        STATUS_ERRORS.authorisation,
        'Your sponsor licence number does not match this application',
        undefined,
        { remainingAttempts: refusal.remainingAttempts } satisfies MismatchBody,
      );
  }
}

/** The API's answer to documents asked for that there are none of. */
export function noDocumentsError(result: Exclude<DocumentsResult, { outcome: 'ok' | 'busy' }>): HttpError {
  switch (result.outcome) {
    case 'unknownApplication':
      return new HttpError(404, 'ApplicationNotFoundError', `No application ${result.applicantId} in this submission`);
    case 'notApproved':
      return new HttpError(
        409,
        'NotApprovedError',
        `Application ${result.applicantId} is not approved: only approved applications have a pre-clearance document`,
      );
    case 'noneApproved':
      return new HttpError(409, 'NotApprovedError', 'No application is approved: there is no pre-clearance document');
  }
}

/** The error of a download the instance has no room to draw now (decision 054). */
export const DOCUMENTS_BUSY_ERROR = 'DocumentsBusyError';

/**
 * The API's answer to a download when the instance is drawing as many as it takes: 503 with
 * Retry-After, set on `reply` (the status page says the download failed, to try again). Nothing
 * was issued; nothing about the download is logged.
 */
export function documentsBusyError(reply: FastifyReply, retryAfterSeconds: number): HttpError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new HttpError(
    503,
    DOCUMENTS_BUSY_ERROR,
    `Too many documents are being made at the moment: try again in ${retryAfterSeconds} seconds`,
  );
}

/** Answers with the documents, as a file to save. */
export function sendDocuments(reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }): FastifyReply {
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${filename}"`).send(pdf);
}
