// How the server uses the web app's built server entry (the contract in
// #shared/pages/page-renderer.ts), with an entry written by the test support that renders what it
// is asked, sends one address elsewhere and fails on another. The real entry is driven by the
// browser tests.
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { runMigrations } from '../db/migrations.ts';
import { createLogger } from '../logger.ts';
import { FAKE_INDEX_HTML as indexHtml, renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { createCookies } from '../platform/cookies.ts';
import { createFormSessions } from './form-session-store.ts';
import { registerRateLimits } from '../platform/rate-limits.ts';
import { createSecurityLog } from '../security/security-log.ts';
import { registerWebApp } from './web-app.ts';

const logLines: string[] = [];
let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  build = await writeFakeWebBuild();
  database = await openDatabase({ engine: 'pglite' });
  await runMigrations(database);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger: FastifyBaseLogger = createLogger({ logLevel: 'info' }, stream);
  app = Fastify({ loggerInstance: logger });
  const now = () => new Date();
  const securityLog = createSecurityLog({ logger, addressKey: 'test' });
  const settings = { ...loadConfig({ NODE_ENV: 'test' }), formRateLimit: 60, sessionRateLimit: 30 };
  const limits = await registerRateLimits(app, { database, now, securityLog, settings });
  const cookies = createCookies({ alwaysSecure: false });
  await registerWebApp(
    app,
    { webRoot: build.webRoot, analyticsId: undefined, publicBaseUrl: 'http://localhost:3000' },
    {
      sessions: createFormSessions({ database, now, cookies, limits }),
      limits,
      cookies,
      securityLog,
      handlers: [],
    },
  );
});

afterAll(async () => {
  await app.close();
  await database.close();
  await build.remove();
});

describe('pages rendered by the built server entry', () => {
  it('sends the rendered page, from the address and the cookies, kept by no browser or proxy', async () => {
    const response = await app.inject({ url: '/status?epat=abc', headers: { cookie: 'lang=ar' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">/status?epat=abc | lang=ar | ');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('leads "Go back" of a page reached from anywhere to the page of this service the browser came from', async () => {
    const backFrom = async (referer: string, url = '/cookies') =>
      renderedFrom((await app.inject({ url, headers: { referer } })).body).backLink;
    expect(await backFrom('http://localhost:3000/passenger-name?change&epat=abc.def&lang=ar')).toBe(
      '/passenger-name?change',
    );
    expect(await backFrom('http://localhost:3000/status')).toBe('/status');
    // Another site, another address of this one, the page itself, or no page: none.
    expect(await backFrom('https://attacker.example/passenger-name')).toBeUndefined();
    expect(await backFrom('http://localhost:3000/api/public/publicStatus')).toBeUndefined();
    expect(await backFrom('http://localhost:3000/cookies?cookie-choice=saved')).toBeUndefined();
    expect(await backFrom('http://localhost:3000/..%5C..%5Cevil.com')).toBeUndefined();
    expect(await backFrom('not an address')).toBeUndefined();
    // A page of the journey goes back to the page before it in the journey, wherever the browser came from.
    expect(await backFrom('http://localhost:3000/cookies', '/sponsor-details')).toBe('/your-contact-details');
  });

  it('redirects where the page says the address always leads elsewhere', async () => {
    const response = await app.inject({ url: '/reuse-travel' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/reuse-travel-details');
  });

  it('falls back to the page drawn in the browser when a render fails, and logs the path without the query', async () => {
    const response = await app.inject({ url: '/accessibility?epat=SECRET-TOKEN' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    const failure = logLines.find((line) => line.includes('Rendering a page on the server failed'));
    expect(failure).toContain('"path":"/accessibility"');
    expect(logLines.join('\n')).not.toContain('SECRET-TOKEN');
  });
});

describe('forms sent to the pages without JavaScript', () => {
  const token = 'a'.repeat(43);
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `formToken=${token}`, ...headers },
      payload: form(fields),
    });
  const consentSet = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['set-cookie'] ?? '').includes('cookieConsent_analytics=');

  it('gives a browser without a form token one, in an HttpOnly cookie, and writes it into the page', async () => {
    const response = await app.inject({ url: '/cookies' });
    const cookie = String(response.headers['set-cookie']);
    const issued = /^formToken=([A-Za-z0-9_-]{43}); Path=\/; HttpOnly; SameSite=Lax$/.exec(cookie)?.[1];
    expect(issued).toBeDefined();
    expect(response.body).toContain(`| ${issued} | `);
    const again = await app.inject({ url: '/cookies', headers: { cookie: `formToken=${token}` } });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body).toContain(`| ${token} | `);
  });

  it.each([
    ['/', { cookies: 'accept' }, '/?cookie-choice=accepted', 'cookieConsent_analytics=true'],
    ['/status/2', { cookies: 'reject' }, '/status/2?cookie-choice=rejected', 'cookieConsent_analytics=false'],
    ['/cookies', { 'cookies-analytics': 'yes' }, '/cookies?cookie-choice=saved', 'cookieConsent_analytics=true'],
    ['/cookies', { 'cookies-analytics': 'no' }, '/cookies?cookie-choice=saved', 'cookieConsent_analytics=false'],
  ])('keeps the analytics choice sent to %s and shows the page again (303)', async (url, fields, location, cookie) => {
    const response = await post(url, { ...fields, 'form-token': token }, { origin: 'null' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(location);
    expect(String(response.headers['set-cookie'])).toBe(`${cookie}; Max-Age=31536000; Path=/; SameSite=Lax`);
  });

  it('answers Hide, or a form it does not know, with the page again and nothing kept', async () => {
    for (const fields of [{ cookies: 'hide' }, { cookies: 'maybe' }, {}] as Record<string, string>[]) {
      const response = await post('/passenger-name?x=1', { ...fields, 'form-token': token });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/passenger-name?x=1');
      expect(consentSet(response)).toBe(false);
    }
  });

  it.each([
    ['without the token', { cookies: 'accept' }, {}],
    ['with another token', { cookies: 'accept', 'form-token': 'b'.repeat(43) }, {}],
    [
      'with the token, from another site',
      { cookies: 'accept', 'form-token': token },
      { origin: 'https://attacker.example' },
    ],
    ['without the cookie', { cookies: 'accept', 'form-token': token }, { cookie: '' }],
  ])('refuses a form %s with a page saying so, and keeps nothing', async (_case, fields, headers) => {
    const response = await post('/cookies', fields, headers);
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id="root">REFUSED /cookies');
    expect(consentSet(response)).toBe(false);
  });

  it('takes form bodies only', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/cookies',
      headers: { 'content-type': 'application/json', cookie: `formToken=${token}` },
      payload: JSON.stringify({ 'cookies-analytics': 'yes', 'form-token': token }),
    });
    expect(response.statusCode).toBe(415);
  });
});
