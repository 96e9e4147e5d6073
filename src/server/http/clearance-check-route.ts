// POST /api/public/clearanceCheck: the check page's call (decision 027). A typed check code and
// date of birth, or the token of a document's QR code, get the live answer. Every check spends the
// address's `checks` budget (a minute's worth); checks that find nothing are counted per address
// for an hour, and ten of them lock the address out of checking until the hour is over; a code
// that has answered "not valid" five times in the hour answers only that (check-clearance.ts).
import { partsFromIso } from '#shared/dates/date-parts.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CHECKS_LOCKED_ERROR,
  CLEARANCE_CHECK_PATH,
  clearanceCheckRequestSchema,
  type ClearanceCheckResponse,
} from '#shared/api/clearance-check.ts';
import { validateClearanceCheck } from '#shared/validation/clearance-check.ts';
import type { Database } from '../db/database.ts';
import { checkClearanceForPublic, type ClearanceCheck } from '../documents/check-clearance.ts';
import type { DocumentService } from '../documents/document-service.ts';
import { HttpError } from './http-error.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from './rate-limits.ts';

/** Checks from one address that may find nothing in an hour before it is locked out for the rest of it. */
const MAX_FAILED_CHECKS_PER_ADDRESS = 10;
const FAILURE_WINDOW_MS = 60 * 60_000;

export interface ClearanceCheckOptions {
  readonly database: Database;
  readonly documents: DocumentService;
  readonly limits: RateLimits;
  readonly now: () => Date;
  /** Checks from one address a minute. */
  readonly perMinute: number;
}

/** What a check from a request came to: the answer, or a lockout until `until`. */
export type CheckedClearance =
  | { readonly kind: 'result'; readonly result: ClearanceCheckResponse }
  | { readonly kind: 'locked'; readonly until: Date };

export type ClearanceQuery =
  | { readonly kind: 'code'; readonly checkCode: string; readonly dateOfBirth: string }
  | { readonly kind: 'token'; readonly token: string };

/** A check on behalf of `request`'s address, its failures counted: the call's and the check page's. */
export function createClearanceChecker(
  options: Omit<ClearanceCheckOptions, 'perMinute'>,
): (request: FastifyRequest, query: ClearanceQuery) => Promise<CheckedClearance> {
  return async (request, query) => {
    const { limits, now } = options;
    const locked = await limits.left(request, 'checkFailures', MAX_FAILED_CHECKS_PER_ADDRESS);
    if (!locked.allowed) return { kind: 'locked', until: new Date(now().getTime() + locked.retryAfterSeconds * 1000) };
    const result = await checkClearanceForPublic(options, query);
    if (result.outcome === 'not-valid')
      await limits.take(request, 'checkFailures', MAX_FAILED_CHECKS_PER_ADDRESS, FAILURE_WINDOW_MS);
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

export async function registerClearanceCheckRoute(app: FastifyInstance, options: ClearanceCheckOptions): Promise<void> {
  const check = createClearanceChecker(options);
  await registerJsonApi(app, (scope) => {
    scope.post(
      CLEARANCE_CHECK_PATH,
      { bodyLimit: 8 * 1024, config: { rateLimit: options.limits.perMinute('checks', options.perMinute) } },
      async (request, reply): Promise<ClearanceCheckResponse> => {
        const body = parseBody(clearanceCheckRequestSchema, request.body, 'The request is not in the expected shape');
        let query: ClearanceQuery;
        if ('token' in body) query = { kind: 'token', token: body.token };
        else {
          // The page's own rule: a question the page would not ask is refused, and nothing is looked up.
          const errors = validateClearanceCheck(
            { 'check-code': body.checkCode, 'date-of-birth': partsFromIso(body.dateOfBirth) },
            options.now(),
          );
          const details = Object.entries(errors).map(([field, rule]) => ({ field, rule }));
          if (details.length > 0)
            throw new HttpError(400, 'InvalidRequest', 'Enter a check code and a date of birth', details);
          query = { kind: 'code', checkCode: body.checkCode, dateOfBirth: body.dateOfBirth };
        }
        const checked = await check(request, query);
        if (checked.kind === 'result') return checked.result;
        const seconds = Math.max(1, Math.ceil((checked.until.getTime() - options.now().getTime()) / 1000));
        reply.header('retry-after', String(seconds));
        throw new HttpError(
          429,
          CHECKS_LOCKED_ERROR,
          'Too many checks from this address found nothing: try again later',
        );
      },
    );
  });
}
