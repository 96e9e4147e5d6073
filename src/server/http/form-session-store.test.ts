// What a browser's session on the server is made of (decision 026), on each database engine:
// writes that never overwrite another request's unseen, ids only the server issued and renewed on
// request (the old one opening the session for a minute), the budget of new sessions per address,
// and the size cap.
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PageSession } from '#shared/pages/page-data.ts';
import { setCookies } from './test-support/form-browser.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { createCookies } from '../platform/cookies.ts';
import {
  createFormSessions,
  SessionLimitError,
  SessionTooLargeError,
  type FormSessions,
} from './form-session-store.ts';
import { loadConfig } from '../config.ts';
import { registerRateLimits } from '../platform/rate-limits.ts';
import { createSecurityLog } from '../security/security-log.ts';

describe.each(testEngines())('a browser’s session on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let clock: Date;
  let app: FastifyInstance;
  let sessions: FormSessions;
  let failure: unknown;
  // A request sent with `hold` stops after spending its budget (so after reading the session):
  // `held` resolves when it is there, and it goes on when `release` is called.
  let held: Promise<void>;
  let release: () => void;

  beforeEach(async () => {
    let reached!: () => void;
    held = new Promise((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    clock = new Date('2026-11-24T10:00:00Z');
    failure = undefined;
    app = Fastify();
    const now = () => clock;
    const securityLog = createSecurityLog({ logger: app.log, addressKey: 'test' });
    // A budget of 3 forms a minute, and of 3 new sessions an hour.
    const settings = { ...loadConfig({ NODE_ENV: 'test' }), formRateLimit: 3, sessionRateLimit: 3 };
    const limits = await registerRateLimits(app, { database: database.db, now, securityLog, settings });
    sessions = createFormSessions({
      database: database.db,
      now,
      cookies: createCookies({ alwaysSecure: false }),
      limits,
      maxBytes: 200,
    });
    // Appends the body's text to what the session keeps; with `spend`, as a page's form does: one
    // of a budget of 3 spent first, reading the session, then the change (once released, with `hold`).
    app.post<{ Body: { text: string; hold?: boolean; renew?: boolean; spend?: boolean } }>(
      '/append',
      async (request, reply) => {
        try {
          if (request.body.spend === true) {
            const spent = await sessions.spend(request, 'forms');
            if (!spent.allowed) return await reply.code(429).send({ retryAfterSeconds: spent.retryAfterSeconds });
            if (request.body.hold === true) {
              reached();
              await released;
            }
          }
          await sessions.update(
            request,
            reply,
            (kept) => ({ ...kept, formState: `${kept.formState ?? ''}${request.body.text}` }),
            { renew: request.body.renew === true },
          );
        } catch (error) {
          failure = error;
        }
        return reply.send({});
      },
    );
    app.get('/read', async (request) => sessions.read(request));
  });
  afterEach(() => app.close());

  const idOf = (response: { headers: Record<string, unknown> }) =>
    /^formSession=([\w-]{43});/.exec(setCookies(response).join('\n'))?.[1];
  const append = (text: string, id?: string, more: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: '/append',
      payload: { text, ...more },
      headers: id === undefined ? {} : { cookie: `formSession=${id}` },
    });
  const read = async (id: string) =>
    (await app.inject({ url: '/read', headers: { cookie: `formSession=${id}` } })).json<PageSession>();

  it('starts under an id of its own, and takes up no id it did not issue', async () => {
    const started = await append('a', 'x'.repeat(43));
    const id = idOf(started)!;
    expect(id).toMatch(/^[\w-]{43}$/);
    expect(id).not.toBe('x'.repeat(43));
    expect((await read(id)).formState).toBe('a');
    expect((await read('x'.repeat(43))).formState).toBeNull();
    // Written again under its id, it keeps it.
    expect(idOf(await append('b', id))).toBeUndefined();
    expect((await read(id)).formState).toBe('ab');
  });

  it('loses no write of two requests at once: the second is made again on what the first wrote', async () => {
    const id = idOf(await append('a'))!;
    await Promise.all(['b', 'c', 'd', 'e'].map((text) => append(text, id)));
    expect([...(await read(id)).formState!].sort().join('')).toBe('abcde');
  });

  it('makes a form’s change on the session read with its budget, again on what another request wrote since', async () => {
    const id = idOf(await append('a'))!;
    const slow = append('b', id, { spend: true, hold: true });
    await held;
    await append('c', id);
    release();
    expect((await slow).statusCode).toBe(200);
    expect((await read(id)).formState).toBe('acb');
    // Spent with the read: the budget's fourth form of the minute changes nothing.
    expect((await append('d', id, { spend: true })).statusCode).toBe(200);
    expect((await append('e', id, { spend: true })).statusCode).toBe(200);
    const refused = await append('f', id, { spend: true });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ retryAfterSeconds: 60 });
    expect((await read(id)).formState).toBe('acbde');
  });

  it('renews its id on request; the id it replaced opens it for a minute more', async () => {
    const first = idOf(await append('a'))!;
    const second = idOf(await append('b', first, { renew: true }))!;
    expect(second).not.toBe(first);
    expect((await read(second)).formState).toBe('ab');
    // A request sent before the renewal reached the browser still finds (and writes) it.
    await append('c', first);
    expect((await read(second)).formState).toBe('abc');
    clock = new Date(clock.getTime() + 61_000);
    expect((await read(first)).formState).toBeNull();
    expect((await read(second)).formState).toBe('abc');
  });

  it('starts only so many sessions an hour for one address, and keeps none over its size', async () => {
    for (let n = 0; n < 3; n += 1) expect(idOf(await append('a'))).toBeDefined();
    const fourth = await append('a');
    expect(idOf(fourth)).toBeUndefined();
    expect(failure).toBeInstanceOf(SessionLimitError);
    clock = new Date(clock.getTime() + 60 * 60_000);
    const id = idOf(await append('a'))!;
    expect(id).toBeDefined();

    failure = undefined;
    await append('z'.repeat(300), id);
    expect(failure).toBeInstanceOf(SessionTooLargeError);
    expect((await read(id)).formState).toBe('a');
  });
});
