import { describe, expect, it } from 'vitest';
import { backoffDelay, defaultBackoff } from './backoff.ts';

describe('the retry delay', () => {
  it('doubles with each attempt up to the cap, half fixed and half random', () => {
    const options = { baseMs: 1_000, maxMs: 8_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(n, () => 0, options))).toEqual([
      500, 1_000, 2_000, 4_000, 4_000, 4_000,
    ]);
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, () => 0.999_999, options))).toEqual([
      1_000, 2_000, 4_000, 8_000, 8_000,
    ]);
  });

  it('spreads jobs that failed together', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(3, Math.random)));
    expect(delays.size).toBeGreaterThan(40);
  });

  it('by default waits 15–30 s after the first failure and never more than an hour', () => {
    expect(backoffDelay(1, () => 0)).toBe(15_000);
    expect(backoffDelay(1, () => 0.999_999)).toBe(30_000);
    expect(backoffDelay(40, () => 0.999_999)).toBeLessThanOrEqual(defaultBackoff.maxMs);
    expect(backoffDelay(40, () => 0.999_999)).toBeGreaterThan(defaultBackoff.maxMs - 10);
  });
});
