import { describe, expect, it } from 'vitest';
import { randomToken } from './random-tokens.ts';

describe('randomToken', () => {
  it('gives 32 bytes as base64url, never the same twice, across refills of its pool', () => {
    const tokens = Array.from({ length: 1_000 }, randomToken);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // No token is all zeros (a byte handed out before the pool was filled, or after it was cleared).
    expect(tokens).not.toContain(Buffer.alloc(32).toString('base64url'));
  });
});
