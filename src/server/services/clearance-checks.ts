// A check of a pre-clearance document for the public (decisions 027 and 042): the check page's
// call (clearance-check-route.ts) and its form without JavaScript (clearance-check-forms.ts) both
// come here. A QR code's token that verifies cannot have been guessed, so it is always answered.
// Typed checks, and tokens that do not verify, are limited per client address (check-limits.ts):
// a check refused by a limit gets "try again at", never an answer, so no guess can make a genuine
// document look "not valid". Every instance counts in the database.
import { normalizeIP } from '@fastify/rate-limit';
import type { ClearanceCheckResponse } from '#shared/api/clearance-check.ts';
import { maskPassportNumber } from '#shared/api/public-status.ts';
import { parseCheckCode } from '#shared/domain/check-code.ts';
import {
  forgetCheckFailure,
  holdCheckFailures,
  listCheckFailures,
  recordCheckFailure,
} from '../db/check-failure-repository.ts';
import type { Database } from '../db/database.ts';
import type { SecurityEventPlace, SecurityLog } from '../security/security-log.ts';
import { CHECK_FAILURES_KEPT_MS, checkRefusal, type CheckRefusal } from './check-limits.ts';
import {
  checkClearanceForPublic,
  readDocumentToken,
  type ClearanceCheck,
  type PublicClearanceCheckRequest,
} from './documents/check-clearance.ts';
import type { DocumentService } from './documents/document-service.ts';

export interface ClearanceCheckerOptions {
  readonly database: Database;
  readonly documents: DocumentService;
  readonly now: () => Date;
  /** Writes `check-not-valid` for each check that finds nothing, `check-limited` for each refused. */
  readonly securityLog: SecurityLog;
}

/** What a check from a request came to: the answer, or a refusal until `until` (on the whole minute). */
export type CheckedClearance =
  | { readonly kind: 'result'; readonly result: ClearanceCheckResponse }
  | { readonly kind: 'locked'; readonly until: Date };

export type ClearanceQuery =
  | { readonly kind: 'code'; readonly checkCode: string; readonly dateOfBirth: string }
  | { readonly kind: 'token'; readonly token: string };

/** A check on behalf of the client at `place`, within its address's limits. */
export function createClearanceChecker(
  options: ClearanceCheckerOptions,
): (place: SecurityEventPlace, query: ClearanceQuery) => Promise<CheckedClearance> {
  const { database, now, securityLog } = options;
  return async (place, query) => {
    const at = now();
    const request: PublicClearanceCheckRequest =
      query.kind === 'code' ? query : { kind: 'token', reading: await readDocumentToken(options, query.token, at) };
    // Signed here (current or spent): not a guess, so no limit of the address's failures refuses it.
    if (request.kind === 'token' && (request.reading.verified || request.reading.signed))
      return answered(place, request, await checkClearanceForPublic(options, request));
    const client = normalizeIP(place.address);
    const typedCode = request.kind === 'code' ? parseCheckCode(request.checkCode) : undefined;
    const held = await database.transaction(async (tx): Promise<CheckRefusal | { readonly failure: number }> => {
      await holdCheckFailures(tx, client);
      const failures = await listCheckFailures(tx, client, new Date(at.getTime() - CHECK_FAILURES_KEPT_MS));
      const refusal = checkRefusal(failures, typedCode, at);
      if (refusal !== undefined) return refusal;
      // Counted as a failure until the check finds the document, so checks sent together see each other.
      return { failure: await recordCheckFailure(tx, client, { failedAt: at, checkCode: typedCode ?? null }) };
    });
    if ('kind' in held) {
      securityLog.record('check-limited', place, held.kind);
      return { kind: 'locked', until: held.until };
    }
    let result: ClearanceCheck;
    try {
      result = await checkClearanceForPublic(options, request);
    } catch (error) {
      await forgetCheckFailure(database, held.failure);
      throw error;
    }
    if (result.outcome !== 'not-valid') await forgetCheckFailure(database, held.failure);
    return answered(place, request, result);
  };

  function answered(
    place: SecurityEventPlace,
    request: PublicClearanceCheckRequest,
    result: ClearanceCheck,
  ): CheckedClearance {
    if (result.outcome === 'not-valid')
      securityLog.record('check-not-valid', place, request.kind === 'code' ? 'typed' : 'token');
    return { kind: 'result', result: toResponse(result) };
  }
}

/** The check's answer as the call sends it (and the page shows it). */
function toResponse(check: ClearanceCheck): ClearanceCheckResponse {
  const checkedAt = check.checkedAt.toISOString();
  switch (check.outcome) {
    case 'valid':
      return {
        ...check,
        // Its last characters, to match the passport shown: the whole number is no one's to read here.
        passportNumber: maskPassportNumber(check.passportNumber),
        documentIssuedAt: check.documentIssuedAt.toISOString(),
        checkedAt,
      };
    case 'withdrawn':
      return {
        outcome: 'withdrawn',
        applicationReference: check.applicationReference,
        withdrawnAt: check.withdrawnAt.toISOString(),
        checkedAt,
      };
    case 'not-valid':
      return { outcome: 'not-valid', checkedAt };
  }
}
