import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { jobKinds } from '../db/job-repository.ts';
import { createEmailSender, outboxFolderOf, prepareOutboxFolder } from '../email/email-sender.ts';
import { createStatusLinkTokens } from '../tokens/status-link-tokens.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';
import { createJobHandlers } from './job-handlers.ts';
import type { RunningWorker, WorkerOptions } from './outbox-worker.ts';
import { startWorker } from './outbox-worker.ts';

/**
 * The service's job worker with its real dependencies, as the server (RUN_WORKER) and
 * `npm run worker` both run it. stop() also closes the email transport.
 */
export async function startServiceWorker(
  config: Config,
  db: Database,
  logger: Logger,
  options: Pick<WorkerOptions, 'pollIntervalMs' | 'workerId'> & { readonly metrics?: ServiceMetrics | undefined } = {},
): Promise<RunningWorker> {
  const outbox = outboxFolderOf(config);
  if (outbox !== undefined) {
    const removed = await prepareOutboxFolder(outbox);
    if (removed > 0)
      logger.info({ folder: outbox, removed }, 'Removed unfinished outbox files left by an earlier crash');
  }
  const emailSender = createEmailSender(config, logger.child({ component: 'email' }));
  const tokens = await createStatusLinkTokens(config);
  const { metrics, ...workerOptions } = options;
  const worker = startWorker({
    ...workerOptions,
    db,
    handlers: createJobHandlers({ db, emailSender, tokens, config, metrics }),
    logger: logger.child({ component: 'jobs' }),
    dailyJobs: [jobKinds.purgePersonalData],
    hourlyJobs: [jobKinds.purgeSessions],
  });
  return {
    workerId: worker.workerId,
    async stop() {
      await worker.stop();
      await emailSender.close?.();
    },
  };
}
