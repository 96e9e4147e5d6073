// A check of a pre-clearance document for the public (decision 027): the check page's call
// (clearance-check-route.ts) and its form without JavaScript (clearance-check-forms.ts) both come
// here. Checks that find nothing are counted per address for an hour, and ten of them lock the
// address out of checking until the hour is over; a code that has answered "not valid" five times
// in the hour answers only that (documents/check-clearance.ts).
import type { ClearanceCheckResponse } from '#shared/api/clearance-check.ts';
import type { Database } from '../db/database.ts';
import type { AddressBudgets } from './address-budgets.ts';
import { checkClearanceForPublic, type ClearanceCheck } from './documents/check-clearance.ts';
import type { DocumentService } from './documents/document-service.ts';

export interface ClearanceCheckerOptions {
  readonly database: Database;
  readonly documents: DocumentService;
  readonly limits: AddressBudgets;
  readonly now: () => Date;
}

/** Checks from one address that may find nothing in an hour before it is locked out for the rest of it. */
const MAX_FAILED_CHECKS_PER_ADDRESS = 10;
const FAILURE_WINDOW_MS = 60 * 60_000;

/** What a check from a request came to: the answer, or a lockout until `until`. */
export type CheckedClearance =
  | { readonly kind: 'result'; readonly result: ClearanceCheckResponse }
  | { readonly kind: 'locked'; readonly until: Date };

export type ClearanceQuery =
  | { readonly kind: 'code'; readonly checkCode: string; readonly dateOfBirth: string }
  | { readonly kind: 'token'; readonly token: string };

/** A check on behalf of a client address, its failures counted: the call's and the check page's. */
export function createClearanceChecker(
  options: ClearanceCheckerOptions,
): (address: string, query: ClearanceQuery) => Promise<CheckedClearance> {
  return async (address, query) => {
    const { limits, now } = options;
    const locked = await limits.left(address, 'checkFailures', MAX_FAILED_CHECKS_PER_ADDRESS);
    if (!locked.allowed) return { kind: 'locked', until: new Date(now().getTime() + locked.retryAfterSeconds * 1000) };
    const result = await checkClearanceForPublic(options, query);
    if (result.outcome === 'not-valid')
      await limits.take(address, 'checkFailures', MAX_FAILED_CHECKS_PER_ADDRESS, FAILURE_WINDOW_MS);
    return { kind: 'result', result: toResponse(result) };
  };
}

/** The check's answer as the call sends it (and the page shows it). */
function toResponse(check: ClearanceCheck): ClearanceCheckResponse {
  const checkedAt = check.checkedAt.toISOString();
  switch (check.outcome) {
    case 'valid':
      return { ...check, documentIssuedAt: check.documentIssuedAt.toISOString(), checkedAt };
    case 'withdrawn':
      return { outcome: 'withdrawn', withdrawnAt: check.withdrawnAt.toISOString(), checkedAt };
    case 'not-valid':
      return { outcome: 'not-valid', checkedAt };
  }
}
