import type { Logger } from 'pino';

export interface JobContext {
  readonly jobId: number;
  /** 1 on the first run. */
  readonly attempt: number;
  /** The worker's clock when the job started. */
  readonly now: Date;
  /** Tagged with the job id and kind; log ids and counts only, never personal data. */
  readonly logger: Logger;
}

/**
 * Does the work of one kind of job. Resolving marks the job done; throwing schedules a retry
 * (PermanentJobError: no retry). A job can run more than once (its worker died after the work but
 * before recording it), so a handler either is idempotent or accepts a rare repeat (an email).
 */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A failure that retrying cannot fix (an unknown kind, a payload naming nothing): fail the job at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

/** Reads a string field of a job payload, or fails the job for good: a malformed payload never heals. */
export function payloadString(payload: unknown, field: string): string {
  const value =
    typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string' || value === '') throw new PermanentJobError(`The job payload has no ${field}`);
  return value;
}

/** Not now, but at `retryAt` (an email to an address that had its emails for the hour): run the job again then. */
export class RetryLaterError extends Error {
  constructor(
    message: string,
    readonly retryAt: Date,
  ) {
    super(message);
    this.name = 'RetryLaterError';
  }
}
