import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  ExpiredTokenError,
  InvalidTokenError,
  createStatusLinkTokens,
  type StatusLinkTokens,
} from './status-link-tokens.ts';
import { rememberVerifiedTokens } from './verified-status-tokens.ts';
import { newTestKeyPems } from '../test-support/test-keys.ts';

const START = new Date('2026-03-02T10:00:00Z');
const { privateKeyPem, publicKeyPem } = newTestKeyPems();
const config = {
  ...loadConfig({ NODE_ENV: 'test' }),
  tokenKeys: { privateKeyPem, publicKeyPem },
  statusLinkTtlDays: 1,
};

async function setUp(capacity?: number) {
  let clock = START;
  const tokens = await createStatusLinkTokens(config, { now: () => clock });
  let checks = 0;
  const counting: Pick<StatusLinkTokens, 'verify'> = {
    verify: (token) => {
      checks += 1;
      return tokens.verify(token);
    },
  };
  const verify = rememberVerifiedTokens(
    () => Promise.resolve(counting),
    () => clock,
    capacity,
  );
  return {
    tokens,
    verify,
    checks: () => checks,
    setClock: (at: Date) => (clock = at),
  };
}

describe('rememberVerifiedTokens', () => {
  it('checks a token once, then answers it from memory', async () => {
    const { tokens, verify, checks } = await setUp();
    const token = await tokens.sign('submission-1');
    expect(await verify(token)).toEqual({ submissionId: 'submission-1' });
    expect(await verify(token)).toEqual({ submissionId: 'submission-1' });
    expect(checks()).toBe(1);
  });

  it('checks in full again near and past the expiry, so an expired token is refused as before', async () => {
    const { tokens, verify, checks, setClock } = await setUp();
    const token = await tokens.sign('submission-1');
    await verify(token);
    setClock(new Date(START.getTime() + 86_400_000 - 500));
    expect(await verify(token)).toEqual({ submissionId: 'submission-1' });
    expect(checks()).toBe(2);
    setClock(new Date(START.getTime() + 86_400_000));
    await expect(verify(token)).rejects.toBeInstanceOf(ExpiredTokenError);
  });

  it('never remembers a refusal, nor lets a changed token through', async () => {
    const { tokens, verify, checks } = await setUp();
    const token = await tokens.sign('submission-1');
    await verify(token);
    const changed = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(verify(changed)).rejects.toBeInstanceOf(InvalidTokenError);
    await expect(verify(changed)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(checks()).toBe(3);
  });

  it('forgets the oldest token when full', async () => {
    const { tokens, verify, checks } = await setUp(2);
    const [a, b, c] = await Promise.all(['s-a', 's-b', 's-c'].map((id) => tokens.sign(id)));
    for (const token of [a!, b!, c!]) await verify(token);
    expect(checks()).toBe(3);
    await verify(c!);
    await verify(b!);
    expect(checks()).toBe(3);
    await verify(a!);
    expect(checks()).toBe(4);
  });
});
