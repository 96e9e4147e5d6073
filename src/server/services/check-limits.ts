// The limits of typed checks from one client address (decision 042): what a check that may find
// nothing is refused with, worked out from the address's failures alone. A refusal is never an
// answer about the document (never "not valid"): it says when to try again. Guessing a date of
// birth is slowed before it is stopped (OWASP ASVS 5.0 §6.3: limits that an attacker cannot turn
// into a lockout of others), and only the address that failed is slowed or stopped. A failure is a
// typed check that found nothing, or a QR code's token whose signature did not verify.
import type { CheckFailure } from '../db/check-failure-repository.ts';
import { LIMITS } from './limits.ts';

/** Why a check is not made now, and when it may be. */
export interface CheckRefusal {
  /** `slowed`: waiting after the latest failure; `locked`: stopped for an hour. */
  readonly kind: 'slowed' | 'locked';
  /** On the whole minute: the page says "try again at HH:MM". */
  readonly until: Date;
}

const MINUTE_MS = 60_000;

export const CHECK_LIMITS = {
  /** Failures in an hour that cost nothing: an officer's slips. */
  freeFailures: 4,
  /** The wait after the latest failure, in minutes, once the address has had 4, 5, … 9 failures in the hour. */
  waitMinutes: [1, 2, 4, 8, 15, 15],
  /** Failures in an hour that stop the address's typed checks for an hour from the last of them. */
  stopAt: LIMITS.checkFailures.max,
  /** Failures of one code from the address in an hour that lock that code there for an hour from the last. */
  codeStopAt: LIMITS.checkCodeFailures.max,
  windowMs: LIMITS.checkFailures.windowMs,
} as const;

/** How long an address's failures are kept: a stop started by failures an hour old still lasts an hour. */
export const CHECK_FAILURES_KEPT_MS = 2 * CHECK_LIMITS.windowMs;

/**
 * Whether a typed check of `checkCode` (or a token that did not verify: undefined) from an address
 * with `failures` (those of the past two hours) is refused at `at`, and until when.
 */
export function checkRefusal(
  failures: readonly CheckFailure[],
  checkCode: string | undefined,
  at: Date,
): CheckRefusal | undefined {
  const times = failures.map((failure) => failure.failedAt.getTime()).sort((a, b) => b - a);
  const stop = stopEnd(times, CHECK_LIMITS.stopAt, at);
  const codeTimes =
    checkCode === undefined
      ? []
      : failures
          .filter((failure) => failure.checkCode === checkCode)
          .map((failure) => failure.failedAt.getTime())
          .sort((a, b) => b - a);
  const codeStop = stopEnd(codeTimes, CHECK_LIMITS.codeStopAt, at);
  const locked = Math.max(stop ?? 0, codeStop ?? 0);
  if (locked > 0) return { kind: 'locked', until: onTheMinute(locked) };

  const recent = times.filter((time) => time > at.getTime() - CHECK_LIMITS.windowMs);
  if (recent.length < CHECK_LIMITS.freeFailures) return undefined;
  const { waitMinutes } = CHECK_LIMITS;
  const wait = waitMinutes[Math.min(recent.length - CHECK_LIMITS.freeFailures, waitMinutes.length - 1)]!;
  const until = onTheMinute(recent[0]! + wait * MINUTE_MS);
  return until.getTime() > at.getTime() ? { kind: 'slowed', until } : undefined;
}

/**
 * The end of a stop still running at `at`: an hour after the latest failure that was the
 * `threshold`th within an hour. `times` newest first.
 */
function stopEnd(times: readonly number[], threshold: number, at: Date): number | undefined {
  for (const [index, time] of times.entries()) {
    if (time + CHECK_LIMITS.windowMs <= at.getTime()) return undefined;
    const before = times.slice(index).filter((other) => other > time - CHECK_LIMITS.windowMs);
    if (before.length >= threshold) return time + CHECK_LIMITS.windowMs;
  }
  return undefined;
}

/** `time` (milliseconds), up to the whole minute: the time a refusal says to try again at (HH:MM). */
export const onTheMinute = (time: number): Date => new Date(Math.ceil(time / MINUTE_MS) * MINUTE_MS);
