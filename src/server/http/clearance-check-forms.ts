// The check page without JavaScript (decision 027): its form posts the check code and date of
// birth to the page, and a QR code's link (`?t=`) is checked as the page is rendered, so an
// officer's phone shows the answer whether or not it runs the app. Nothing is kept in a session;
// every check spends the address's `checks` budget, and counts as the call's do.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClearanceCheckView } from '#shared/api/clearance-check.ts';
import { CHECK_A_CLEARANCE_PATH, CLEARANCE_TOKEN_PARAMETER } from '#shared/api/clearance-check-link.ts';
import {
  clearanceCheckQuery,
  validateClearanceCheck,
  type ClearanceCheckAnswers,
} from '#shared/validation/clearance-check.ts';
import type { CheckedClearance, ClearanceQuery } from '../services/clearance-checks.ts';
import { formField, isPageRequest, type PageFormHandler, type PageForms } from './page-form-handlers.ts';

export interface ClearanceCheckFormsOptions {
  readonly check: (address: string, query: ClearanceQuery) => Promise<CheckedClearance>;
  /** Checks from one address a minute: the page spends the call's budget. */
  readonly checkRateLimit: number;
  readonly now: () => Date;
}

/** The status of the page showing each answer. */
const CODES = { valid: 200, withdrawn: 200, 'not-valid': 404 } as const;

export function createClearanceCheckForms(options: ClearanceCheckFormsOptions): PageFormHandler {
  const show = (
    request: FastifyRequest,
    reply: FastifyReply,
    forms: PageForms,
    view: ClearanceCheckView,
    code: number,
  ) => forms.render(request, reply, code, { outcome: { check: view } });

  /** Checks `query` for the request, within its budget, and shows the answer. */
  const checkAndShow = async (
    request: FastifyRequest,
    reply: FastifyReply,
    forms: PageForms,
    query: ClearanceQuery,
  ) => {
    const spent = await forms.limits.take(request.ip, 'checks', options.checkRateLimit, 60_000);
    const checked: CheckedClearance = spent.allowed
      ? await options.check(request.ip, query)
      : { kind: 'locked', until: new Date(options.now().getTime() + spent.retryAfterSeconds * 1000) };
    if (checked.kind === 'locked') {
      reply.header(
        'retry-after',
        String(Math.max(1, Math.ceil((checked.until.getTime() - options.now().getTime()) / 1000))),
      );
      return show(request, reply, forms, { kind: 'locked', until: checked.until.toISOString() }, 429);
    }
    return show(request, reply, forms, { kind: 'result', result: checked.result }, CODES[checked.result.outcome]);
  };

  return {
    paths: [CHECK_A_CLEARANCE_PATH],

    async get(request, reply, forms) {
      const token = new URLSearchParams(request.url.split('?')[1] ?? '').get(CLEARANCE_TOKEN_PARAMETER);
      // A HEAD, or an image another site points here, checks nothing: the page shows the question.
      if (token === null || !isPageRequest(request)) return undefined;
      return checkAndShow(request, reply, forms, { kind: 'token', token });
    },

    async post(request, reply, forms) {
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
      if (Object.keys(errors).length > 0) return show(request, reply, forms, { kind: 'ask', answers, errors }, 422);
      return checkAndShow(request, reply, forms, { kind: 'code', ...clearanceCheckQuery(answers) });
    },
  };
}
