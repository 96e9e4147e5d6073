// Signing in to the console through the whole app and the local identity provider: the service's
// pages by inject, the provider's over HTTP with a small browser. Where a sign-in leads, what the
// callback takes, and what its cookies are.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { capturingLogger } from '../test-support/sample-submissions.ts';
import { oidcBrowser, pageOf, type OidcBrowser } from './test-support/oidc-browser.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import {
  DEFAULT_LOCAL_STAFF_USERS,
  startLocalIdentityProvider,
  type LocalIdentityProvider,
  type LocalStaffUser,
} from './local-identity-provider.ts';

const serviceBaseUrl = 'http://127.0.0.1:3998';
const adminOnly: LocalStaffUser = {
  id: 'local-admin-only',
  username: 'adminonly',
  password: 'adminonly-password',
  name: 'Ada Adminonly',
  email: 'adminonly@localhost',
  roles: ['CASEWORKER_ADMIN'],
};
const [caseworker] = DEFAULT_LOCAL_STAFF_USERS;

describe.each(testEngines())('signing in to the console, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let provider: LocalIdentityProvider;
  let app: FastifyInstance;
  let config: Config;
  let lines: string[];

  beforeAll(async () => {
    provider = await startLocalIdentityProvider({
      port: 0,
      serviceBaseUrl,
      users: [...DEFAULT_LOCAL_STAFF_USERS, adminOnly],
    });
  });
  afterAll(() => provider.close());
  beforeEach(async () => {
    const captured = capturingLogger();
    lines = captured.lines;
    config = {
      ...loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: serviceBaseUrl }),
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    };
    app = await buildApp(config, { database: database.db, logger: captured.logger });
  });
  afterEach(async () => {
    await app.close();
  });

  /** The cookies a service answer sets, as a request's cookie header would carry them. */
  const cookiesOf = (answer: LightMyRequestResponse) =>
    answer.cookies
      .filter((cookie) => cookie.value !== '' && cookie.maxAge !== 0)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');

  /**
   * Opens `url` of the console signed out, and goes where it leads: to the sign-in, the
   * provider's form (signed in there as `user`), and back to the callback. The callback's answer.
   */
  async function signInFrom(url: string, user: LocalStaffUser, as: OidcBrowser = oidcBrowser(serviceBaseUrl)) {
    const asked = await app.inject({ url });
    let start = asked;
    while (start.statusCode === 303 && String(start.headers.location).startsWith('/caseworker/')) {
      start = await app.inject({ url: String(start.headers.location) });
    }
    expect(start.statusCode).toBe(303);
    const pending = cookiesOf(start);
    let at = await as.follow(new URL(String(start.headers.location)));
    if (at.response.status === 200)
      at = await as.submit(await pageOf(at), { username: user.username, password: user.password });
    expect(at.url.href.startsWith(`${serviceBaseUrl}/caseworker/auth/callback?`)).toBe(true);
    const callback = await app.inject({ url: `${at.url.pathname}${at.url.search}`, headers: { cookie: pending } });
    return { asked, callback, cookie: cookiesOf(callback) };
  }

  it('leads back to the console page a signed-out link asked for, query and all', async () => {
    const page = '/caseworker/search?q=CWC-12345-67890-1';
    const { asked, callback, cookie } = await signInFrom(page, caseworker!);
    expect(asked.headers.location).toBe(`/caseworker/sign-in?to=${encodeURIComponent(page)}`);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe(page);
    expect((await app.inject({ url: page, headers: { cookie } })).statusCode).toBe(200);
    // The page asked for went nowhere near the provider, nor the log.
    expect(lines.join('\n')).not.toContain('CWC-12345-67890-1');
  });

  it('leads to the default page for anything but a console page, whatever the sign-in was given', async () => {
    const as = oidcBrowser(serviceBaseUrl);
    for (const to of ['https://evil.example/', '//evil.example', '/caseworker/../status', '/caseworker/sign-in']) {
      const { callback } = await signInFrom(`/caseworker/sign-in?to=${encodeURIComponent(to)}`, caseworker!, as);
      expect(callback.headers.location, to).toBe('/caseworker');
    }
  });

  it('limits the callbacks one address sends a minute, and answers a forged one without asking the provider', async () => {
    const forged = () => app.inject({ url: '/caseworker/auth/callback?code=forged&state=forged' });
    const first = await forged();
    expect(first.statusCode).toBe(400);
    expect(first.body).toContain('Sign-in did not work');
    let answer = first;
    for (let sent = 1; sent <= 120 && answer.statusCode !== 429; sent += 1) answer = await forged();
    expect(answer.statusCode).toBe(429);
    expect(answer.headers['retry-after']).toBeDefined();
    expect(answer.body).toContain('Too many sign-ins from this address');
    // Another address is not held up.
    const other = await app.inject({ url: '/caseworker/auth/callback?code=x&state=y', remoteAddress: '192.0.2.7' });
    expect(other.statusCode).toBe(400);
  });

  it('tells a provider that refuses the console (another authentication method) from a sign-in that failed, on the page and in the log', async () => {
    await app.close();
    const captured = capturingLogger();
    lines = captured.lines;
    app = await buildApp(
      { ...config, oidcClientAuthMethod: 'client_secret_post' },
      { database: database.db, logger: captured.logger },
    );
    const { callback } = await signInFrom('/caseworker', caseworker!);
    expect(callback.statusCode).toBe(502);
    expect(callback.body).toContain('Sorry, staff sign-in is not working');
    expect(callback.body).not.toContain('Sign-in did not work');
    expect(lines.join('\n')).toMatch(
      /"reason":"the identity provider answered invalid_client".*"msg":"The identity provider refused the console's sign-in"/,
    );
    expect(lines.join('\n')).not.toContain('"msg":"Staff sign-in failed"');
  });

  it('keeps its cookies to the console: the session to /caseworker, the sign-in under way to its callback', async () => {
    const start = await app.inject({ url: '/caseworker/sign-in' });
    expect(start.cookies).toEqual([
      expect.objectContaining({
        name: 'cwc-console-sign-in',
        path: '/caseworker/auth',
        httpOnly: true,
        sameSite: 'Lax',
      }),
    ]);
    const { callback, cookie } = await signInFrom('/caseworker', caseworker!);
    expect(callback.cookies).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'cwc-console', path: '/caseworker', httpOnly: true, sameSite: 'Lax' }),
        expect.objectContaining({ name: 'cwc-console-sign-in', path: '/caseworker/auth', maxAge: 0 }),
      ]),
    );
    expect((await app.inject({ url: '/caseworker', headers: { cookie } })).statusCode).toBe(200);
    // A second cookie of the session's name (set for a parent domain by another host) opens nothing.
    const tossed = await app.inject({
      url: '/caseworker',
      headers: { cookie: `cwc-console=${'x'.repeat(43)}; ${cookie}` },
    });
    expect(tossed.statusCode).toBe(303);
  });

  it('lands an admin without the caseworker role on a page they may see', async () => {
    const { callback, cookie } = await signInFrom('/caseworker', adminOnly);
    expect(callback.headers.location).toBe('/caseworker/audit');
    expect((await app.inject({ url: '/caseworker/audit', headers: { cookie } })).statusCode).toBe(200);
  });
});
