// The roles read again from the real local provider, through the whole app (decision 038,
// "Later"): a caseworker signs in through the provider's pages; a role removed there stops
// working here once 15 minutes of activity have passed, and with none left the session ends. The
// sign-in, its refusals and the sign-out are in the audit log with the address they came from.
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { listStaffActions } from '../db/staff-audit-repository.ts';
import { oidcBrowser } from './test-support/oidc-browser.ts';
import { capturingLogger } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { startLocalIdentityProvider, type LocalIdentityProvider } from './local-identity-provider.ts';
import { STAFF_SESSION_COOKIE } from './staff-cookies.ts';

const MINUTE = 60_000;
const serviceBaseUrl = 'http://127.0.0.1:3998';
const users = [
  {
    id: 'local-lee',
    username: 'lee',
    password: 'lee-password',
    name: 'Lee Leaver',
    email: 'lee@localhost',
    roles: ['CASEWORKER_ADMIN', 'CASEWORKER'],
  },
  {
    id: 'local-val',
    username: 'val',
    password: 'val-password',
    name: 'Val Visitor',
    email: 'val@localhost',
    roles: [],
  },
];

const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
  [setCookie ?? []]
    .flat()
    .find((line) => line.startsWith(`${name}=`))
    ?.split(';')[0];

describe.each(testEngines())('staff roles read again from the provider, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let provider: LocalIdentityProvider;
  let app: FastifyInstance;
  let clock: Date;

  beforeAll(async () => {
    provider = await startLocalIdentityProvider({ port: 0, serviceBaseUrl, users });
  });
  afterAll(() => provider.close());
  beforeEach(async () => {
    provider.setRoles('lee', ['CASEWORKER_ADMIN', 'CASEWORKER']);
    clock = new Date();
    const config = {
      ...loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: serviceBaseUrl }),
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    };
    app = await buildApp(config, { database: database.db, now: () => clock, logger: capturingLogger().logger });
  });
  afterEach(() => app.close());

  /** Signs in through the app and the provider's page; the answer to the callback. */
  async function signIn(username: string) {
    const start = await app.inject({ url: '/caseworker/sign-in' });
    expect(start.statusCode).toBe(303);
    const pending = cookieOf(start.headers['set-cookie'], 'cwc-console-sign-in') ?? '';
    const browser = oidcBrowser(serviceBaseUrl);
    const form = await browser.open(new URL(String(start.headers.location)));
    const back = await browser.submit(form, { username, password: `${username}-password` });
    return app.inject({ url: `${back.url.pathname}${back.url.search}`, headers: { cookie: pending } });
  }

  async function signedIn(username: string): Promise<string> {
    const callback = await signIn(username);
    expect(callback.statusCode).toBe(303);
    const cookie = cookieOf(callback.headers['set-cookie'], STAFF_SESSION_COOKIE);
    if (cookie === undefined) throw new Error('no session');
    return cookie;
  }

  const open = (url: string, cookie: string) => app.inject({ url, headers: { cookie } });
  const later = (minutes: number) => {
    clock = new Date(clock.getTime() + minutes * MINUTE);
  };

  it('takes a role removed at the provider away within 15 minutes, and ends the session when none is left', async () => {
    const cookie = await signedIn('lee');
    expect((await open('/caseworker/audit', cookie)).statusCode).toBe(200);

    provider.setRoles('lee', ['CASEWORKER']);
    later(10);
    // Within the 15 minutes the roles are as they were at sign-in.
    expect((await open('/caseworker/audit', cookie)).statusCode).toBe(200);
    later(6);
    expect((await open('/caseworker/audit', cookie)).statusCode).toBe(403);
    expect((await open('/caseworker', cookie)).statusCode).toBe(200);

    provider.setRoles('lee', []);
    later(16);
    const refused = await open('/caseworker', cookie);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/caseworker/timed-out');
    // The page it leads to says why, not only of timeouts.
    expect((await open('/caseworker/timed-out', cookie)).body).toContain(
      'You are also signed out when an administrator ends your session, or when your access to the console changes.',
    );
    expect((await open('/caseworker', cookie)).headers.location).toBe('/caseworker/sign-in');

    const { lines } = await listStaffActions(database.db, { staffId: 'local-lee' }, { limit: 10, offset: 0 });
    expect(lines.map((line) => [line.action, line.details])).toEqual([
      ['session-revoked', { why: 'no-console-role' }],
      ['sign-in', null],
    ]);
  });

  it('audits a sign-in, a sign-in without a role, a callback no sign-in started, and a sign-out, with their address', async () => {
    const cookie = await signedIn('lee');
    expect((await signIn('val')).statusCode).toBe(403);
    const forged = await app.inject({ url: '/caseworker/auth/callback?code=forged&state=forged' });
    expect(forged.statusCode).toBe(400);
    const page = await open('/caseworker', cookie);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const signedOut = await app.inject({
      method: 'POST',
      url: '/caseworker/sign-out',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ csrf }).toString(),
    });
    expect(signedOut.statusCode).toBe(303);

    const { lines } = await listStaffActions(database.db, {}, { limit: 10, offset: 0 });
    expect(lines.map((line) => [line.action, line.staffId, line.staffName, line.reason, line.clientAddress])).toEqual([
      ['sign-out', 'local-lee', 'Lee Leaver', null, '127.0.0.1'],
      ['sign-in-refused', 'unknown:', 'Not signed in', 'failed', '127.0.0.1'],
      ['sign-in-refused', 'local-val', 'Val Visitor', 'no-role', '127.0.0.1'],
      ['sign-in', 'local-lee', 'Lee Leaver', null, '127.0.0.1'],
    ]);
  });
});
