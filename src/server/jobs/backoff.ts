export interface BackoffOptions {
  /** The delay after the first failed attempt (before jitter). */
  readonly baseMs: number;
  /** No delay is longer than this (before jitter). */
  readonly maxMs: number;
}

// 30 s, 1 min, 2 min … capped at an hour: ten attempts span about four hours, well inside the
// 72 hours the service promises, and long enough to ride out a mail provider's outage.
export const defaultBackoff: BackoffOptions = { baseMs: 30_000, maxMs: 3_600_000 };

/**
 * How long to wait after failed attempt number `attempt` (1, 2, …): doubling each time, then half
 * of it fixed and half random ("equal jitter"), so jobs that failed together (a mail server that
 * was down) do not all come back at the same instant. `random` returns [0, 1), like Math.random.
 */
export function backoffDelay(attempt: number, random: () => number, options: BackoffOptions = defaultBackoff): number {
  const exponential = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + (random() * exponential) / 2);
}
