// What the check page (and the caseworker's `verify`) says of a pre-clearance document: the live
// answer from the database, never what the paper or its token says (decision 027). A document
// is found by its check code, typed with the worker's date of birth or carried in the signed
// token of its QR code. Anything that is not a current clearance (an unknown code, a wrong date
// of birth, a forged or altered token, a rejected or expired application, deleted details) gets
// the one answer "not valid", which tells a guesser nothing.
import { londonToday, toIsoDate } from '#shared/dates/calendar.ts';
import { parseCheckCode } from '#shared/domain/check-code.ts';
import { listStatusChanges } from '../../db/application-repository.ts';
import type { Queryable } from '../../db/database.ts';
import { findDocumentIssue, recordClearanceCheck } from '../../db/document-repository.ts';
import { InvalidDocumentTokenError, verifyDocumentToken, type DocumentClaims } from '../../tokens/document-tokens.ts';
import { findApplicationView } from '../applications/application-view.ts';
import type { DocumentService } from './document-service.ts';

/** How a document is named to the check. */
export type ClearanceCheckRequest =
  /** The check code and date of birth (YYYY-MM-DD) a person typed. */
  | { readonly kind: 'code'; readonly checkCode: string; readonly dateOfBirth: string }
  /** The token of a document's QR code. */
  | { readonly kind: 'token'; readonly token: string }
  /** A caseworker's look-up by check code alone. */
  | { readonly kind: 'staff'; readonly checkCode: string };

/** The clearance a valid document stands for, as the database holds it now. */
export interface ValidClearance {
  readonly outcome: 'valid';
  readonly applicationReference: string;
  readonly checkCode: string;
  readonly familyName: string;
  readonly givenNames: string;
  /** What lets an officer match the person in front of them: YYYY-MM-DD. */
  readonly dateOfBirth: string;
  /** As answered ("POL - Polish"). */
  readonly nationality: string;
  /** Whole: the public answer masks it (services/clearance-checks.ts). */
  readonly passportNumber: string;
  /** Calendar days, YYYY-MM-DD. */
  readonly arrivalDate: string;
  readonly firstWorkDate: string;
  readonly lastWorkDate: string;
  readonly leaveDate: string;
  readonly sponsorName: string;
  readonly documentIssuedAt: Date;
  readonly checkedAt: Date;
}

export type ClearanceCheck =
  | ValidClearance
  | {
      readonly outcome: 'withdrawn';
      /** The withdrawn application's, so the officer can name it to UKVI. */
      readonly applicationReference: string;
      readonly checkCode: string;
      readonly withdrawnAt: Date;
      readonly checkedAt: Date;
    }
  | { readonly outcome: 'not-valid'; readonly checkedAt: Date };

interface CheckDeps {
  readonly database: Queryable;
  readonly documents: DocumentService;
  readonly now: () => Date;
}

/** What a QR code's token came to: its claims when it verifies, or whether its signature did at least. */
export type DocumentTokenReading =
  | { readonly verified: true; readonly claims: DocumentClaims }
  /** `signed`: the signature verified but the token is spent (expired); otherwise it was made up or altered. */
  | { readonly verified: false; readonly signed: boolean };

/** Reads a QR code's token against the published keys, as at `at`. */
export async function readDocumentToken(deps: CheckDeps, token: string, at: Date): Promise<DocumentTokenReading> {
  try {
    return { verified: true, claims: await verifyDocumentToken(token, await deps.documents.publishedKeys(), at) };
  } catch (error) {
    if (error instanceof InvalidDocumentTokenError) return { verified: false, signed: error.signatureVerified };
    throw error;
  }
}

/** A check from the public: the typed code and date of birth, or a QR code's token as read. */
export type PublicClearanceCheckRequest =
  Extract<ClearanceCheckRequest, { kind: 'code' }> | { readonly kind: 'token'; readonly reading: DocumentTokenReading };

/**
 * A check from the public (the check page and its call), recorded. Its limits are the caller's
 * (services/clearance-checks.ts, decision 042): whatever they are, this answers only what is true.
 */
export async function checkClearanceForPublic(
  deps: CheckDeps,
  request: PublicClearanceCheckRequest,
): Promise<ClearanceCheck> {
  const at = deps.now();
  const result = await answer(deps, request, at);
  await recordClearanceCheck(deps.database, {
    checkedAt: at,
    way: request.kind,
    checkCode:
      result.outcome !== 'not-valid'
        ? result.checkCode
        : request.kind === 'code'
          ? (parseCheckCode(request.checkCode) ?? null)
          : null,
    outcome: result.outcome,
  });
  return result;
}

export async function checkClearance(deps: CheckDeps, request: ClearanceCheckRequest): Promise<ClearanceCheck> {
  const at = deps.now();
  if (request.kind !== 'token') return answer(deps, request, at);
  return answer(deps, { kind: 'token', reading: await readDocumentToken(deps, request.token, at) }, at);
}

async function answer(
  deps: CheckDeps,
  request: PublicClearanceCheckRequest | Extract<ClearanceCheckRequest, { kind: 'staff' }>,
  checkedAt: Date,
): Promise<ClearanceCheck> {
  const notValid: ClearanceCheck = { outcome: 'not-valid', checkedAt };

  let checkCode: string | undefined;
  let dateOfBirth: string | undefined;
  let reference: string | undefined;
  if (request.kind === 'token') {
    if (!request.reading.verified) return notValid;
    ({ checkCode, dateOfBirth, applicationReference: reference } = request.reading.claims);
  } else {
    checkCode = parseCheckCode(request.checkCode);
    if (request.kind === 'code') dateOfBirth = request.dateOfBirth;
  }
  if (checkCode === undefined) return notValid;

  const issue = await findDocumentIssue(deps.database, checkCode);
  if (issue === undefined || (reference !== undefined && issue.applicantId !== reference)) return notValid;
  const application = await findApplicationView(deps.database, issue.applicantId);
  const details = application?.answers?.secondaryDetails;
  const worker = application?.worker;
  if (application === undefined || details === undefined || worker == null) return notValid;
  if (dateOfBirth !== undefined && dateOfBirth !== details.dateOfBirth) return notValid;

  if (application.status === 'withdrawn') {
    const withdrawal = (await listStatusChanges(deps.database, application.reference)).findLast(
      (change) => change.toStatus === 'withdrawn',
    );
    return {
      outcome: 'withdrawn',
      applicationReference: application.reference,
      checkCode,
      withdrawnAt: withdrawal?.changedAt ?? application.updatedAt,
      checkedAt,
    };
  }
  if (application.status !== 'approved' || application.leaveDate < toIsoDate(londonToday(checkedAt))) return notValid;
  return {
    outcome: 'valid',
    applicationReference: application.reference,
    checkCode,
    familyName: worker.familyName,
    givenNames: worker.givenNames,
    dateOfBirth: details.dateOfBirth,
    nationality: details.nationality,
    passportNumber: worker.passportNumber,
    arrivalDate: application.arrivalDate,
    firstWorkDate: details.firstWorkDate,
    lastWorkDate: details.lastWorkDate,
    leaveDate: application.leaveDate,
    sponsorName: application.sponsor.name ?? '',
    documentIssuedAt: issue.issuedAt,
    checkedAt,
  };
}
