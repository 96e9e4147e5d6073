import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { jobKinds } from '../db/job-repository.ts';
import type { EmailSender } from '../email/email-sender.ts';
import type { StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { createDecideHandler } from './decide-job.ts';
import { limitEmailsPerAddress } from './email-recipient-limit.ts';
import type { JobHandlers } from './job-handler.ts';
import { createPurgePersonalDataHandler, createPurgeSessionsHandler } from './purge-personal-data-job.ts';
import { createSendConfirmationHandler, createSendWorkerConfirmationHandler } from './send-confirmation-job.ts';
import { createLegacySendDecisionHandler, createSendDecisionsHandler } from './send-decisions-job.ts';
import { createSendStatusLinkHandler } from './send-status-link-job.ts';
import { createSendWithdrawalHandler, createSendWorkerWithdrawalHandler } from './send-withdrawal-job.ts';

/** Everything the service's job handlers need; tests pass real ones (PGlite, an outbox folder sender). */
export interface JobHandlerDependencies {
  readonly db: Database;
  readonly emailSender: EmailSender;
  readonly tokens: Pick<StatusLinkTokens, 'sign' | 'statusLink'>;
  readonly config: Pick<
    Config,
    'manualReview' | 'retentionDays' | 'statusLinkTtlDays' | 'decisionEmailWindowMinutes' | 'emailRateLimit'
  >;
  /** The clock of the per-address email budget (the worker's). */
  readonly now?: () => Date;
  /** Replaces the shared routing rule (tests). */
  readonly isPlaceOfDepartureInIreland?: ((name: string) => boolean) | undefined;
}

/** One handler per job kind of the service. */
export function createJobHandlers(deps: JobHandlerDependencies): JobHandlers {
  const { db, tokens, config } = deps;
  const emailSender = limitEmailsPerAddress(deps.emailSender, {
    db,
    perHour: config.emailRateLimit,
    now: deps.now ?? (() => new Date()),
  });
  return {
    [jobKinds.decide]: createDecideHandler({
      db,
      manualReview: config.manualReview,
      isPlaceOfDepartureInIreland: deps.isPlaceOfDepartureInIreland,
    }),
    [jobKinds.sendConfirmation]: createSendConfirmationHandler({
      db,
      emailSender,
      tokens,
      statusLinkTtlDays: config.statusLinkTtlDays,
    }),
    [jobKinds.sendWorkerConfirmation]: createSendWorkerConfirmationHandler({ db, emailSender }),
    [jobKinds.sendDecisions]: createSendDecisionsHandler({
      db,
      emailSender,
      tokens,
      windowMinutes: config.decisionEmailWindowMinutes,
    }),
    [jobKinds.sendDecision]: createLegacySendDecisionHandler({ db }),
    [jobKinds.purgePersonalData]: createPurgePersonalDataHandler({ db, retentionDays: config.retentionDays }),
    [jobKinds.purgeSessions]: createPurgeSessionsHandler({ db }),
    [jobKinds.sendStatusLink]: createSendStatusLinkHandler({
      db,
      emailSender,
      tokens,
      statusLinkTtlDays: config.statusLinkTtlDays,
    }),
    [jobKinds.sendWithdrawal]: createSendWithdrawalHandler({ db, emailSender, tokens }),
    [jobKinds.sendWorkerWithdrawal]: createSendWorkerWithdrawalHandler({ db, emailSender }),
  };
}
