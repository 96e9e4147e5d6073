// Test support (not a test file): runs the service's jobs in the test process, with the real
// handlers, email transport and token keys of `config`.
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { listJobs, type JobRecord } from '../db/job-repository.ts';
import { createEmailSender } from '../email/email-sender.ts';
import { createJobHandlers } from '../jobs/job-handlers.ts';
import { runDueJobs } from '../jobs/outbox-worker.ts';
import { createStatusLinkTokens } from '../tokens/status-link-tokens.ts';

/** Runs every job due at `at` (and those they add) until none is left; returns how many ran. */
export async function runAllDueJobs(db: Database, config: Config, logger: Logger, at: Date): Promise<number> {
  const emailSender = createEmailSender(config, logger);
  const handlers = createJobHandlers({
    db,
    emailSender,
    tokens: await createStatusLinkTokens(config),
    config,
    now: () => at,
  });
  let total = 0;
  try {
    for (;;) {
      const ran = await runDueJobs({ db, handlers, logger, now: () => at, batchSize: 10 });
      if (ran === 0) return total;
      total += ran;
    }
  } finally {
    await emailSender.close?.();
  }
}

/**
 * Runs the outbox worker at `at` until no job is due (those the jobs add included), then returns
 * what the outbox still holds unfinished: nothing when it is empty. A test that asserts nothing
 * more is sent asserts it after this, rather than after waiting a while for a stray email: every
 * job that could send one has then run, or is named here.
 */
export async function drainOutbox(db: Database, config: Config, logger: Logger, at = new Date()): Promise<JobRecord[]> {
  await runAllDueJobs(db, config, logger, at);
  return (await listJobs(db, { limit: 10_000 })).filter((job) => job.completedAt === null && job.failedAt === null);
}
