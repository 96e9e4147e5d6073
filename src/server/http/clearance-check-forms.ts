// The check page without JavaScript (decision 027): its form posts the check code and date of
// birth to the page, and a QR code's link (`?t=`) is checked as the page is rendered, so an
// officer's phone shows the answer whether or not it runs the app. Nothing is kept in a session;
// every check spends the address's `checks` budget, and counts as the call's do. A check refused by
// a limit shows the locked page with the time to try again at (decision 042).
import type { FastifyRequest } from 'fastify';
import { EMPTY_CLEARANCE_CHECK, type ClearanceCheckView } from '#shared/api/clearance-check.ts';
import {
  CHECK_A_CLEARANCE_PATH,
  CLEARANCE_CODE_PARAMETER,
  CLEARANCE_TOKEN_PARAMETER,
} from '#shared/api/clearance-check-link.ts';
import {
  clearanceCheckQuery,
  validateClearanceCheck,
  type ClearanceCheckAnswers,
} from '#shared/validation/clearance-check.ts';
import { placeOf, type SecurityEventPlace } from '../security/security-log.ts';
import { onTheMinute } from '../services/check-limits.ts';
import type { CheckedClearance, ClearanceQuery } from '../services/clearance-checks.ts';
import { formField, type PageFormHandler, type PageForms, type PageResult } from './page-form-handlers.ts';

export interface ClearanceCheckFormsOptions {
  readonly check: (place: SecurityEventPlace, query: ClearanceQuery) => Promise<CheckedClearance>;
  readonly now: () => Date;
}

/** The status of the page showing each answer. */
const CODES = { valid: 200, withdrawn: 200, 'not-valid': 404 } as const;

export function createClearanceCheckForms(options: ClearanceCheckFormsOptions): PageFormHandler {
  const show = (view: ClearanceCheckView, code: number, retryAfterSeconds?: number): PageResult => ({
    kind: 'page',
    code,
    view: { outcome: { check: view } },
    ...(retryAfterSeconds !== undefined && { retryAfterSeconds }),
  });

  /** Checks `query` for the request, within its budget, and shows the answer. */
  const checkAndShow = async (
    request: FastifyRequest,
    forms: PageForms,
    query: ClearanceQuery,
  ): Promise<PageResult> => {
    const place = placeOf(request);
    const spent = await forms.limits.take(request.ip, 'checks');
    if (!spent.allowed) forms.securityLog.record('rate-limited', place, 'checks');
    const checked: CheckedClearance = spent.allowed
      ? await options.check(place, query)
      : { kind: 'locked', until: onTheMinute(options.now().getTime() + spent.retryAfterSeconds * 1000) };
    if (checked.kind === 'locked') {
      const retryAfter = Math.max(1, Math.ceil((checked.until.getTime() - options.now().getTime()) / 1000));
      return show({ kind: 'locked', until: checked.until.toISOString() }, 429, retryAfter);
    }
    const typed = query.kind === 'code' ? { checkCode: query.checkCode } : {};
    return show({ kind: 'result', result: checked.result, ...typed }, CODES[checked.result.outcome]);
  };

  return {
    paths: [CHECK_A_CLEARANCE_PATH],

    async get(request, _reply, forms, target) {
      const token = target.query.get(CLEARANCE_TOKEN_PARAMETER);
      const code = target.query.get(CLEARANCE_CODE_PARAMETER);
      // "Check another document" after a "not valid": the question, its code filled in.
      if (token === null && code !== null)
        return show(
          { kind: 'ask', answers: { ...EMPTY_CLEARANCE_CHECK, 'check-code': code.slice(0, 100) }, errors: {} },
          200,
        );
      // A HEAD, or an image another site points here, checks nothing: the page shows the question.
      if (token === null || !target.shown) return undefined;
      return checkAndShow(request, forms, { kind: 'token', token });
    },

    async post(request, _reply, forms) {
      const field = (name: string) => formField(request.body, name) ?? '';
      const answers: ClearanceCheckAnswers = {
        'check-code': field('check-code'),
        'date-of-birth': {
          day: field('date-of-birth-day'),
          month: field('date-of-birth-month'),
          year: field('date-of-birth-year'),
        },
      };
      const errors = validateClearanceCheck(answers, options.now());
      if (Object.keys(errors).length > 0) return show({ kind: 'ask', answers, errors }, 422);
      return checkAndShow(request, forms, { kind: 'code', ...clearanceCheckQuery(answers) });
    },
  };
}
