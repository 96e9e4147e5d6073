import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { jobKinds } from '../db/job-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import type { EmailKind, ServiceMetrics } from '../metrics/metrics.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { createDecideHandler } from './decide-job.ts';
import { limitsTable, type LimitSettings } from '../services/limits.ts';
import { limitEmailsPerAddress } from './email-recipient-limit.ts';
import type { JobHandlers } from './job-handler.ts';
import { createPurgePersonalDataHandler, createPurgeSessionsHandler } from './purge-personal-data-job.ts';
import { createSendConfirmationHandler, createSendWorkerConfirmationHandler } from './send-confirmation-job.ts';
import { createSendDecisionsHandler } from './send-decisions-job.ts';
import { createSendDraftLinkHandler } from './send-draft-link-job.ts';
import { createSendLockoutNoticeHandler } from './send-lockout-notice-job.ts';
import { createSendStatusLinkHandler } from './send-status-link-job.ts';
import { createSendWithdrawalHandler, createSendWorkerWithdrawalHandler } from './send-withdrawal-job.ts';

/** Everything the service's job handlers need; tests pass real ones (PGlite, an outbox folder sender). */
export interface JobHandlerDependencies {
  readonly db: Database;
  readonly emailSender: EmailSender;
  readonly tokens: Pick<StatusLinkTokens, 'sign' | 'statusLink'>;
  readonly config: Pick<
    Config,
    | 'manualReview'
    | 'retentionDays'
    | 'statusLinkTtlDays'
    | 'decisionEmailWindowMinutes'
    | 'publicBaseUrl'
    | keyof LimitSettings
  >;
  /** The clock of the per-address email budget (the worker's). */
  readonly now?: () => Date;
  /** Replaces the shared routing rule (tests). */
  readonly isPlaceOfDepartureInIreland?: ((name: string) => boolean) | undefined;
  /** Counts emails by kind and decisions by outcome (METRICS_PORT). */
  readonly metrics?: ServiceMetrics | undefined;
}

/** `sender`, counting each email it hands on as sent or failed under `kind`. */
function countEmails(sender: EmailSender, metrics: ServiceMetrics | undefined, kind: EmailKind): EmailSender {
  if (metrics === undefined) return sender;
  return {
    async send(message) {
      try {
        await sender.send(message);
      } catch (error) {
        metrics.emailSent(kind, 'failed');
        throw error;
      }
      metrics.emailSent(kind, 'sent');
    },
  };
}

/** One handler per job kind of the service. */
export function createJobHandlers(deps: JobHandlerDependencies): JobHandlers {
  const { db, tokens, config, metrics } = deps;
  // Counted inside the per-address budget: an email put off to the next hour was not sent.
  const emailsToAddress = limitsTable(config).emailsToAddress;
  const emailSenderFor = (kind: EmailKind) =>
    limitEmailsPerAddress(countEmails(deps.emailSender, metrics, kind), {
      db,
      limit: emailsToAddress,
      now: deps.now ?? (() => new Date()),
    });
  return {
    [jobKinds.decide]: createDecideHandler({
      db,
      manualReview: config.manualReview,
      isPlaceOfDepartureInIreland: deps.isPlaceOfDepartureInIreland,
      metrics,
    }),
    [jobKinds.sendConfirmation]: createSendConfirmationHandler({
      db,
      emailSender: emailSenderFor('confirmation'),
      tokens,
      statusLinkTtlDays: config.statusLinkTtlDays,
    }),
    [jobKinds.sendWorkerConfirmation]: createSendWorkerConfirmationHandler({
      db,
      emailSender: emailSenderFor('worker-confirmation'),
    }),
    [jobKinds.sendDecisions]: createSendDecisionsHandler({
      db,
      emailSender: emailSenderFor('decision'),
      tokens,
      windowMinutes: config.decisionEmailWindowMinutes,
    }),
    [jobKinds.purgePersonalData]: createPurgePersonalDataHandler({ db, retentionDays: config.retentionDays }),
    [jobKinds.purgeSessions]: createPurgeSessionsHandler({ db }),
    [jobKinds.sendStatusLink]: createSendStatusLinkHandler({
      db,
      emailSender: emailSenderFor('new-status-link'),
      tokens,
      statusLinkTtlDays: config.statusLinkTtlDays,
    }),
    [jobKinds.sendWithdrawal]: createSendWithdrawalHandler({ db, emailSender: emailSenderFor('withdrawal'), tokens }),
    [jobKinds.sendWorkerWithdrawal]: createSendWorkerWithdrawalHandler({
      db,
      emailSender: emailSenderFor('worker-withdrawal'),
    }),
    [jobKinds.sendDraftLink]: createSendDraftLinkHandler({
      db,
      emailSender: emailSenderFor('draft-link'),
      publicBaseUrl: config.publicBaseUrl,
    }),
    [jobKinds.sendLockoutNotice]: createSendLockoutNoticeHandler({
      db,
      emailSender: emailSenderFor('lockout-notice'),
      publicBaseUrl: config.publicBaseUrl,
    }),
  };
}
