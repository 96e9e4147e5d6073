// The page for a new status link without the email (decision 041), its form sent by the app or by a
// browser without JavaScript: each form is a status call from the address's status budget, and the
// answer is the same whether the reference and licence number matched or not.
import { STATUS_LINK_RECOVERY_PATH } from '#shared/pages/page-paths.ts';
import type { StatusLinkRecoveryAnswers } from '#shared/validation/status-link-recovery.ts';
import type { StatusLinkRecoveryRequest, StatusLinkRecoveryResult } from '../services/status-link-recovery.ts';
import type { FastifyBaseLogger } from 'fastify';
import { placeOf, type SecurityEventPlace } from '../security/security-log.ts';
import { formField, tooMany, type PageFormHandler, type PageForms } from './page-form-handlers.ts';

export interface StatusLinkRecoveryFormsOptions {
  readonly recover: (
    request: StatusLinkRecoveryRequest,
    place: SecurityEventPlace,
    log: FastifyBaseLogger,
  ) => Promise<StatusLinkRecoveryResult>;
}

export function createStatusLinkRecoveryForms(options: StatusLinkRecoveryFormsOptions): PageFormHandler {
  return {
    paths: [STATUS_LINK_RECOVERY_PATH],
    async post(request, _reply, forms: PageForms) {
      const spent = await forms.limits.take(request.ip, 'status');
      if (!spent.allowed) return tooMany(request, spent.retryAfterSeconds);
      const answers: StatusLinkRecoveryAnswers = {
        'application-reference': formField(request.body, 'application-reference') ?? '',
        'sponsor-licence-number': formField(request.body, 'sponsor-licence-number') ?? '',
      };
      const result = await options.recover(
        { reference: answers['application-reference'], licenceNumber: answers['sponsor-licence-number'] },
        placeOf(request),
        request.log,
      );
      if (result.outcome === 'invalid')
        return {
          kind: 'page',
          code: 422,
          view: { outcome: { statusLinkRecovery: { kind: 'ask', answers, errors: result.errors } } },
        };
      return { kind: 'page', view: { outcome: { statusLinkRecovery: { kind: 'sent' } } } };
    },
  };
}
