// POST /api/public/clearanceCheck: the check page's call (decision 027). A typed check code and
// date of birth, or the token of a document's QR code, get the live answer. Every check spends the
// address's `checks` budget (a minute's worth); the check itself, and the limits of an address
// whose checks keep finding nothing, are the service's (services/clearance-checks.ts, decision
// 042): a check they refuse is answered 429 with the time to try again at, never "not valid".
import { partsFromIso } from '#shared/dates/date-parts.ts';
import type { FastifyInstance } from 'fastify';
import {
  CHECKS_LOCKED_ERROR,
  CLEARANCE_CHECK_PATH,
  clearanceCheckRequestSchema,
  type ClearanceCheckResponse,
} from '#shared/api/clearance-check.ts';
import { validateClearanceCheck } from '#shared/validation/clearance-check.ts';
import {
  createClearanceChecker,
  type ClearanceCheckerOptions,
  type ClearanceQuery,
} from '../services/clearance-checks.ts';
import { placeOf } from '../security/security-log.ts';
import { HttpError } from './http-error.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from '../platform/rate-limits.ts';

export interface ClearanceCheckOptions extends ClearanceCheckerOptions {
  /** The per-address budgets: these calls spend `checks`. */
  readonly limits: RateLimits;
}

export async function registerClearanceCheckRoute(app: FastifyInstance, options: ClearanceCheckOptions): Promise<void> {
  const check = createClearanceChecker(options);
  await registerJsonApi(app, (scope) => {
    scope.post(
      CLEARANCE_CHECK_PATH,
      { bodyLimit: 8 * 1024, config: { rateLimit: options.limits.route('checks') } },
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
        const checked = await check(placeOf(request), query);
        if (checked.kind === 'result') return checked.result;
        const seconds = Math.max(1, Math.ceil((checked.until.getTime() - options.now().getTime()) / 1000));
        reply.header('retry-after', String(seconds));
        const at = checked.until.toISOString();
        throw new HttpError(
          429,
          CHECKS_LOCKED_ERROR,
          `Too many checks from this address found nothing: try again at ${at}`,
          undefined,
          { retryAt: at },
        );
      },
    );
  });
}
