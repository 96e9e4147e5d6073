// One mechanism spends every budget of the limits table (decision 050): a route's @fastify/rate-limit
// and a form's or a service's take count the same key in the same window of the table, with the
// route's headers, 429 and security-log line as before.
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { readHits } from '../db/rate-limit-repository.ts';
import { createSecurityLog } from '../security/security-log.ts';
import { capturingLogger } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { registerErrorHandler } from '../http/error-handlers.ts';
import { budgetKey, registerRateLimits, type RateLimits } from './rate-limits.ts';

const START = new Date('2026-11-24T10:00:00Z');
const ADDRESS = '203.0.113.7';

describe.each(testEngines())('spending the limits table on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let clock: Date;
  let app: FastifyInstance;
  let limits: RateLimits;
  let lines: string[];

  beforeEach(async () => {
    clock = START;
    const captured = capturingLogger();
    lines = captured.lines;
    const logger: FastifyBaseLogger = captured.logger;
    app = Fastify({ loggerInstance: logger });
    registerErrorHandler(app);
    const securityLog = createSecurityLog({ logger: captured.logger, addressKey: 'test' });
    // Sessions: 2 an hour; status: 3 a minute.
    const settings = { ...loadConfig({ NODE_ENV: 'test' }), sessionRateLimit: 2, statusRateLimit: 3 };
    limits = await registerRateLimits(app, { database: database.db, now: () => clock, securityLog, settings });
    app.post('/hourly', { config: { rateLimit: limits.route('sessions') } }, async () => ({ ok: true }));
    app.post('/status', { config: { rateLimit: limits.route('status') } }, async () => ({ ok: true }));
  });
  afterEach(() => app.close());

  const call = (url: string) => app.inject({ method: 'POST', url, remoteAddress: ADDRESS });

  it('gives a route the maximum and window of its budget, and its key', () => {
    const route = limits.route('sessions');
    expect(route).toMatchObject({ max: 2, timeWindow: 60 * 60_000 });
    expect(route.keyGenerator({ ip: ADDRESS } as never)).toBe(budgetKey('sessions', ADDRESS));
    expect(limits.route('status')).toMatchObject({ max: 3, timeWindow: 60_000 });
  });

  it('counts a route and a take of the same budget together, in the window of the table', async () => {
    expect((await limits.take(ADDRESS, 'sessions')).allowed).toBe(true);
    const first = await call('/hourly');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(first.headers['x-ratelimit-reset'])).toBe(60 * 60);

    const over = await call('/hourly');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ error: 'TooManyRequests' });
    expect(over.headers['retry-after']).toBe(String(60 * 60));
    const limited = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(limited.filter((line) => line.securityEvent === 'rate-limited')).toEqual([
      expect.objectContaining({ outcome: 'api' }),
    ]);
    const spent = await limits.take(ADDRESS, 'sessions');
    expect(spent).toEqual({ allowed: false, retryAfterSeconds: 60 * 60 });
    // Another budget is counted apart.
    expect((await call('/status')).statusCode).toBe(200);

    // The window is the table's: an hour, not a minute.
    clock = new Date(START.getTime() + 59 * 60_000);
    expect((await limits.take(ADDRESS, 'sessions')).allowed).toBe(false);
    clock = new Date(START.getTime() + 60 * 60_000);
    expect((await limits.take(ADDRESS, 'sessions')).allowed).toBe(true);
  });

  it('counts a budget of staff by their id under the same kind of key, at the maximum of the table', async () => {
    for (let form = 0; form < 120; form += 1) expect((await limits.take('staff-1', 'staffForms')).allowed).toBe(true);
    expect(await limits.take('staff-1', 'staffForms')).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect((await limits.take('staff-2', 'staffForms')).allowed).toBe(true);
    expect((await readHits(database.db, 'staffForms:staff-1', clock))?.hits).toBe(121);
  });
});
