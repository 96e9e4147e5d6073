import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { londonToday, toIsoDate } from '#shared/dates/calendar.ts';
import type { Database } from '../db/database.ts';
import type { ClaimedJob } from '../db/job-repository.ts';
import {
  claimJobs,
  completeJob,
  enqueueJob,
  failAbandonedJobs,
  failJob,
  releaseJob,
  rescheduleJob,
} from '../db/job-repository.ts';
import type { BackoffOptions } from './backoff.ts';
import { backoffDelay, defaultBackoff } from './backoff.ts';
import type { JobHandlers } from './job-handler.ts';
import { PermanentJobError, RetryLaterError } from './job-handler.ts';
import { safeErrorText } from './safe-error-text.ts';

export interface WorkerOptions {
  readonly db: Database;
  readonly handlers: JobHandlers;
  readonly logger: Logger;
  /** Unique per worker; shows in `locked_by`. Host, process id and a random part by default. */
  readonly workerId?: string | undefined;
  /** How long to wait before looking again when no job was due. */
  readonly pollIntervalMs?: number | undefined;
  /** Jobs claimed at once; the lease must cover running all of them. */
  readonly batchSize?: number | undefined;
  /** How long a claimed job belongs to this worker; after that another worker may run it. */
  readonly leaseMs?: number | undefined;
  readonly backoff?: BackoffOptions | undefined;
  /** Job kinds enqueued once per London calendar day (however many workers run). */
  readonly dailyJobs?: readonly string[] | undefined;
  /** Job kinds enqueued once per hour (however many workers run). */
  readonly hourlyJobs?: readonly string[] | undefined;
  /** The clock; tests move it forward instead of waiting. */
  readonly now?: (() => Date) | undefined;
  /** [0, 1), for the backoff jitter. */
  readonly random?: (() => number) | undefined;
}

export interface RunningWorker {
  readonly workerId: string;
  /** Stops claiming, waits for the job in hand to finish, hands back claimed jobs not yet started. */
  stop(): Promise<void>;
}

// Long enough for any handler here (an email send times out well before), short enough that a
// job whose worker died is picked up again within minutes.
const defaultLeaseMs = 5 * 60_000;
const defaultPollIntervalMs = 1_000;

/** A worker id unique across hosts and processes, without personal data. */
function makeWorkerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

interface Resolved {
  readonly db: Database;
  readonly handlers: JobHandlers;
  readonly logger: Logger;
  readonly workerId: string;
  readonly batchSize: number;
  readonly leaseMs: number;
  readonly backoff: BackoffOptions;
  readonly now: () => Date;
  readonly random: () => number;
}

function resolve(options: WorkerOptions): Resolved {
  return {
    db: options.db,
    handlers: options.handlers,
    logger: options.logger,
    workerId: options.workerId ?? makeWorkerId(),
    batchSize: options.batchSize ?? 1,
    leaseMs: options.leaseMs ?? defaultLeaseMs,
    backoff: options.backoff ?? defaultBackoff,
    now: options.now ?? (() => new Date()),
    random: options.random ?? Math.random,
  };
}

/**
 * One round: fails jobs abandoned on their last attempt, claims up to batchSize due jobs and runs
 * them one after the other. Returns how many jobs it claimed. `shouldStop` is asked between jobs.
 */
export async function runDueJobs(options: WorkerOptions, shouldStop: () => boolean = () => false): Promise<number> {
  const worker = resolve(options);
  const { db, logger, now } = worker;
  for (const job of await failAbandonedJobs(db, now())) {
    logger.error({ jobId: job.id, kind: job.kind }, 'Job failed: its worker stopped during the last attempt');
  }
  const jobs = await claimJobs(db, worker.workerId, worker.batchSize, now(), worker.leaseMs);
  for (const [index, job] of jobs.entries()) {
    if (shouldStop()) {
      for (const unstarted of jobs.slice(index)) await releaseJob(db, unstarted.id, worker.workerId);
      break;
    }
    await runJob(worker, job);
  }
  return jobs.length;
}

async function runJob(worker: Resolved, job: ClaimedJob): Promise<void> {
  const { db, workerId, now } = worker;
  const logger = worker.logger.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
  const handler = worker.handlers[job.kind];
  const startedAt = now();
  try {
    if (handler === undefined) throw new PermanentJobError(`No handler for job kind ${job.kind}`);
    await handler(job.payload, { jobId: job.id, attempt: job.attempts, now: startedAt, logger });
  } catch (error) {
    const text = safeErrorText(error);
    const finishedAt = now();
    if (isPermanent(error) || job.attempts >= job.maxAttempts) {
      await failJob(db, job.id, workerId, finishedAt, text);
      logger.error({ error: text, maxAttempts: job.maxAttempts }, 'Job failed for good');
    } else if (error instanceof RetryLaterError) {
      await rescheduleJob(db, job.id, workerId, error.retryAt, text);
      logger.info({ reason: text, retryAt: error.retryAt }, 'Job put off');
    } else {
      const delayMs = backoffDelay(job.attempts, worker.random, worker.backoff);
      await rescheduleJob(db, job.id, workerId, new Date(finishedAt.getTime() + delayMs), text);
      logger.warn({ error: text, retryInMs: delayMs }, 'Job failed; it will be retried');
    }
    return;
  }
  if (await completeJob(db, job.id, workerId, now())) {
    logger.debug({ durationMs: now().getTime() - startedAt.getTime() }, 'Job done');
  } else {
    // The lease ran out mid-job and another worker took the job over: it ran twice.
    logger.warn('Job finished after its lease had passed to another worker');
  }
}

// Errors that say so themselves (an email address the mail service refuses, say) are not retried.
function isPermanent(error: unknown): boolean {
  if (error instanceof PermanentJobError) return true;
  return typeof error === 'object' && error !== null && (error as { retryable?: unknown }).retryable === false;
}

/**
 * Runs jobs until stopped: claims due jobs, runs them, and when none is due waits pollIntervalMs.
 * Database errors (a restart, a network blip) are logged and the loop carries on; a job claimed
 * when the error struck is taken up again when its lease runs out.
 */
export function startWorker(options: WorkerOptions): RunningWorker {
  const workerId = options.workerId ?? makeWorkerId();
  const withId = { ...options, workerId };
  const { logger, db } = options;
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? defaultPollIntervalMs;
  const scheduled = new Map<string, string>();

  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  // Every worker tries, the unique key lets one row through: the job runs once a day (an hour)
  // even when several workers start, stop and restart meanwhile.
  const schedulePeriodicJobs = async (): Promise<void> => {
    const at = now();
    const today = toIsoDate(londonToday(at));
    const hour = at.toISOString().slice(0, 13);
    const due = [
      ...(options.dailyJobs ?? []).map((kind) => [kind, today] as const),
      ...(options.hourlyJobs ?? []).map((kind) => [kind, hour] as const),
    ];
    for (const [kind, period] of due) {
      if (scheduled.get(kind) === period) continue;
      await enqueueJob(db, { kind, uniqueKey: `${kind}:${period}`, runAfter: at });
      scheduled.set(kind, period);
    }
  };

  const loop = (async () => {
    logger.info({ workerId }, 'Job worker started');
    while (!stopping) {
      let claimed = 0;
      try {
        await schedulePeriodicJobs();
        claimed = await runDueJobs(withId, () => stopping);
      } catch (error) {
        logger.error({ error: safeErrorText(error) }, 'Job worker round failed; trying again shortly');
      }
      if (claimed === 0 && !stopping) await pause(pollIntervalMs);
    }
    logger.info({ workerId }, 'Job worker stopped');
  })();

  let stopped: Promise<void> | undefined;
  return {
    workerId,
    stop() {
      stopping = true;
      wake?.();
      return (stopped ??= loop);
    },
  };
}
