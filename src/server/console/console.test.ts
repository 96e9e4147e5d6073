// The console's pages through the whole app, with staff sessions made as the sign-in makes them
// (the sign-in itself is tested against the local provider in staff-sign-in.test.ts, and in
// Chromium by tests/e2e/caseworker-console.test.ts): the guard, the session's two timeouts, CSRF,
// the roles, the headers every console answer carries, and what reaches the logs.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { findApplication } from '../db/application-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import type { StaffRole } from './staff.ts';
import { createStaffSessions, STAFF_IDLE_TIMEOUT_MS, STAFF_SESSION_COOKIE } from './staff-sessions.ts';

const MINUTE = 60_000;

/**
 * The routes in Fastify's printRoutes tree (`commonPrefix: false`), each with its methods: a
 * line's depth is its column over four, and its path the segments above it and its own.
 */
function routesOf(tree: string): { path: string; methods: string[] }[] {
  const above: string[] = [];
  const routes: { path: string; methods: string[] }[] = [];
  for (const line of tree.split('\n')) {
    const found = /^([│ ]*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (found === null) continue;
    const depth = found[1]!.length / 4;
    above.length = depth;
    above.push(found[2]!);
    const path = above.join('').replace(/^\/\//, '/');
    if (found[3] !== undefined) routes.push({ path, methods: found[3].split(', ') });
  }
  return routes;
}

describe.each(testEngines())('the caseworker console, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let clock: Date;
  let app: FastifyInstance;
  let lines: string[];
  let publicOrigin: string;

  beforeEach(async () => {
    clock = new Date('2026-11-24T10:00:00Z');
    const captured = capturingLogger();
    lines = captured.lines;
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      // Never asked here: no test of this file signs in through it.
      oidc: { issuer: 'http://127.0.0.1:9/', clientId: 'console', clientSecret: 'secret' },
    };
    publicOrigin = new URL(config.publicBaseUrl).origin;
    app = await buildApp(config, { database: database.db, now: () => clock, logger: captured.logger });
  });
  afterEach(async () => {
    await app.close();
  });

  /** A staff session as a sign-in leaves it, and the cookie header that carries it. */
  async function signedIn(roles: StaffRole[] = ['CASEWORKER'], name = 'Casey Worker') {
    const session = await createStaffSessions(database.db).create(
      { id: `subject-${name.split(' ')[0]!.toLowerCase()}`, name, roles },
      'id-token',
      clock,
    );
    return { cookie: `${STAFF_SESSION_COOKIE}=${session.id}`, csrf: session.csrfToken };
  }

  async function stored(): Promise<string> {
    const result = await storeSubmission(
      database.db,
      sampleSubmission(clock, [{ passportNumber: 'Q1234567', familyName: 'Ó Súilleabháin', givenNames: 'Máire' }]),
      clock,
    );
    if (result.outcome !== 'created') throw new Error('not stored');
    return result.applicants[0]!.applicantId;
  }

  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const formHeaders = (cookie: string) => ({ cookie, 'content-type': 'application/x-www-form-urlencoded' });

  it('sends a browser without a session to sign in, and answers every console address no-store, noindex, with its own policy', async () => {
    const answer = await app.inject({ url: '/caseworker' });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/caseworker/sign-in');
    for (const url of ['/caseworker', '/caseworker/signed-out', '/caseworker/no-such-page']) {
      const headers = (await app.inject({ url })).headers;
      expect(headers['cache-control']).toBe('no-store');
      expect(headers['x-robots-tag']).toBe('noindex, nofollow');
      // GOV.UK's template's one inline script, by its hash; no 'unsafe-inline'.
      expect(headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[\w+/=]+';/);
      expect(headers['content-security-policy']).not.toContain('unsafe-inline');
    }
    // The console's own files are no pages: browsers may keep them.
    for (const url of ['/caseworker/assets/console.css', '/caseworker/assets/govuk-frontend.min.css']) {
      const asset = await app.inject({ url });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=86400');
    }
    const unknown = await app.inject({ url: '/caseworker/no-such-page' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Page not found');
  });

  it('guards every console route but the sign-in’s own pages and files: a signed-out request goes to sign in, a form changes nothing', async () => {
    await app.ready();
    const routes = routesOf(app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.path === '/caseworker' || route.path.startsWith('/caseworker/'),
    );
    // Open to anyone, each for its reason: starting and finishing a sign-in, the pages saying a
    // session has ended (and sign-out, which without a session ends nothing), the console's
    // files, and the 404 of an address with nothing behind it.
    const open = [
      /^\/caseworker\/sign-in$/,
      /^\/caseworker\/auth\/callback$/,
      /^\/caseworker\/signed-out$/,
      /^\/caseworker\/timed-out$/,
      /^\/caseworker\/sign-out$/,
      /^\/caseworker\/assets\//,
      /^\/caseworker\/\*$/,
    ];
    const guarded = routes.filter((route) => !open.some((pattern) => pattern.test(route.path)));
    // The list is the app's own: a console route added later is in it, guarded or not.
    expect(guarded.map((route) => route.path)).toEqual(
      expect.arrayContaining(['/caseworker', '/caseworker/applications/:reference/approve', '/caseworker/export']),
    );
    for (const route of guarded) {
      const url = route.path.replace(/:\w+/g, 'CWC-00000-00000-0');
      for (const method of route.methods) {
        const answer = await app.inject({
          method: method as 'GET',
          url,
          ...(method === 'POST' && {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: form({ csrf: 'x'.repeat(43) }),
          }),
        });
        const where = `${method} ${route.path}`;
        if (method === 'GET' || method === 'HEAD') {
          expect(answer.statusCode, where).toBe(303);
          expect(String(answer.headers.location), where).toMatch(/^\/caseworker\/sign-in(\?|$)/);
        } else if (answer.statusCode === 303) {
          expect(String(answer.headers.location), where).toMatch(/^\/caseworker\/(sign-in|timed-out)(\?|$)/);
        } else {
          expect([401, 403], where).toContain(answer.statusCode);
        }
      }
    }
  });

  it('shows the queue to a caseworker, and keeps the session going while it is used', async () => {
    const reference = await stored();
    const { cookie } = await signedIn();
    const queue = await app.inject({ url: '/caseworker', headers: { cookie } });
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain(reference);
    expect(queue.body).toContain('Casey Worker');
    expect(queue.body).toContain('<meta name="robots" content="noindex, nofollow">');

    // Used every 20 minutes, it lasts beyond the 30 minutes of idleness.
    for (let step = 0; step < 3; step += 1) {
      clock = new Date(clock.getTime() + 20 * MINUTE);
      expect((await app.inject({ url: '/caseworker', headers: { cookie } })).statusCode).toBe(200);
    }
  });

  it('ends a session after 30 minutes without activity: the next page says so, and the cookie is cleared', async () => {
    const { cookie } = await signedIn();
    clock = new Date(clock.getTime() + STAFF_IDLE_TIMEOUT_MS + 1000);
    const answer = await app.inject({ url: '/caseworker', headers: { cookie } });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/caseworker/timed-out');
    expect(String(answer.headers['set-cookie'])).toMatch(new RegExp(`^${STAFF_SESSION_COOKIE}=; Max-Age=0`));
    const page = await app.inject({ url: '/caseworker/timed-out', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You have been signed out');
    // A page asked for after the timeout is where signing in again leads.
    const link = await app.inject({ url: '/caseworker/search?q=CWC-1', headers: { cookie } });
    expect(link.headers.location).toBe('/caseworker/timed-out?to=%2Fcaseworker%2Fsearch%3Fq%3DCWC-1');
    const timedOut = await app.inject({ url: String(link.headers.location) });
    expect(timedOut.body).toContain('href="/caseworker/sign-in?to=%2Fcaseworker%2Fsearch%3Fq%3DCWC-1"');
  });

  it('ends a session 12 hours after sign-in, however busy', async () => {
    const { cookie } = await signedIn();
    for (let step = 0; step < 36; step += 1) {
      clock = new Date(clock.getTime() + 20 * MINUTE);
      const answer = await app.inject({ url: '/caseworker', headers: { cookie } });
      expect(answer.statusCode).toBe(step < 35 ? 200 : 303);
    }
  });

  it('takes an action only with the session’s CSRF token, and then through the casework service', async () => {
    const reference = await stored();
    const { cookie, csrf } = await signedIn();
    const url = `/caseworker/applications/${reference}/approve`;
    const forged: Record<string, string>[] = [
      { expectedStatus: 'in-progress' },
      { expectedStatus: 'in-progress', csrf: 'x'.repeat(43) },
    ];
    for (const fields of forged) {
      const refused = await app.inject({ method: 'POST', url, headers: formHeaders(cookie), payload: form(fields) });
      expect(refused.statusCode).toBe(403);
      expect((await findApplication(database.db, reference))?.status).toBe('in-progress');
    }
    // Another member of staff's token is not this session's.
    const other = await signedIn(['CASEWORKER'], 'Other Person');
    const crossed = await app.inject({
      method: 'POST',
      url,
      headers: formHeaders(cookie),
      payload: form({ expectedStatus: 'in-progress', csrf: other.csrf }),
    });
    expect(crossed.statusCode).toBe(403);

    const approved = await app.inject({
      method: 'POST',
      url,
      headers: formHeaders(cookie),
      payload: form({ expectedStatus: 'in-progress', csrf }),
    });
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`/caseworker/applications/${reference}?done=approve`);
    expect((await findApplication(database.db, reference))?.status).toBe('approved');

    // The same form again (a second tab, a double click): nothing changes, and the page says why.
    const again = await app.inject({
      method: 'POST',
      url,
      headers: formHeaders(cookie),
      payload: form({ expectedStatus: 'in-progress', csrf }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Nothing was changed: Casey Worker (subject-casey) made this application approved');
  });

  it('takes no form that names another site as its origin, even with the session’s CSRF token', async () => {
    const reference = await stored();
    const { cookie, csrf } = await signedIn();
    const url = `/caseworker/applications/${reference}/approve`;
    const payload = form({ expectedStatus: 'in-progress', csrf });
    for (const from of [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ]) {
      const refused = await app.inject({ method: 'POST', url, headers: { ...formHeaders(cookie), ...from }, payload });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('This form did not come from the console');
      expect((await findApplication(database.db, reference))?.status).toBe('in-progress');
    }
    // Nor does a sign-out from another site end the session.
    const signOut = await app.inject({
      method: 'POST',
      url: '/caseworker/sign-out',
      headers: { ...formHeaders(cookie), origin: 'https://evil.example' },
      payload: form({ csrf }),
    });
    expect(signOut.statusCode).toBe(403);
    expect((await app.inject({ url: '/caseworker', headers: { cookie } })).statusCode).toBe(200);

    // The console's own origin, as a browser names it, is taken.
    const approved = await app.inject({
      method: 'POST',
      url,
      headers: { ...formHeaders(cookie), origin: publicOrigin, 'sec-fetch-site': 'same-origin' },
      payload,
    });
    expect(approved.statusCode).toBe(303);
    expect((await findApplication(database.db, reference))?.status).toBe('approved');
  });

  it('answers a body it does not take with a 4xx console page, never a 500, and changes nothing', async () => {
    const reference = await stored();
    const { cookie, csrf } = await signedIn();
    const url = `/caseworker/applications/${reference}/approve`;
    const bodies = [
      { type: 'application/json', payload: JSON.stringify({ expectedStatus: 'in-progress', csrf }), code: 415 },
      { type: 'application/json', payload: '{"csrf":', code: 415 },
      { type: 'text/plain', payload: `csrf=${csrf}`, code: 415 },
      { type: 'multipart/form-data; boundary=x', payload: '--x--', code: 415 },
      { type: 'application/x-www-form-urlencoded', payload: `csrf=${csrf}&x=${'a'.repeat(20_000)}`, code: 413 },
    ];
    for (const body of bodies) {
      for (const headers of [{ cookie }, {}]) {
        const answer = await app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': body.type },
          payload: body.payload,
        });
        expect(answer.statusCode, body.type).toBe(body.code);
        expect(answer.headers['content-type']).toMatch(/^text\/html/);
        expect(answer.headers['cache-control']).toBe('no-store');
        expect(answer.body).toContain('govuk-template');
      }
    }
    // A content length that is not the body's.
    const short = await app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'content-length': '2' },
      payload: form({ expectedStatus: 'in-progress', csrf }),
    });
    expect([400, 403]).toContain(short.statusCode);
    expect((await findApplication(database.db, reference))?.status).toBe('in-progress');
    expect(lines.join('\n')).not.toContain('Console request failed');
  });

  it('keeps the audit log and the export to admins', async () => {
    const caseworker = await signedIn();
    const admin = await signedIn(['CASEWORKER_ADMIN', 'CASEWORKER'], 'Alex Admin');
    for (const url of ['/caseworker/audit', '/caseworker/export']) {
      const refused = await app.inject({ url, headers: { cookie: caseworker.cookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('You do not have access to this page');
      expect((await app.inject({ url, headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    }
    const navigation = (await app.inject({ url: '/caseworker', headers: { cookie: caseworker.cookie } })).body;
    expect(navigation).not.toContain('/caseworker/audit');
    // An admin without the caseworker role is offered only what they may open.
    const adminOnly = await signedIn(['CASEWORKER_ADMIN'], 'Ada Adminonly');
    const audit = (await app.inject({ url: '/caseworker/audit', headers: { cookie: adminOnly.cookie } })).body;
    expect(audit).toContain('href="/caseworker/export"');
    expect(audit).not.toContain('href="/caseworker"');
  });

  it('limits the forms one member of staff sends a minute', async () => {
    const { cookie, csrf } = await signedIn();
    const send = () =>
      app.inject({
        method: 'POST',
        url: '/caseworker/applications/CWC-00000-00000-0/unlock',
        headers: formHeaders(cookie),
        payload: form({ csrf }),
      });
    for (let sent = 0; sent < 120; sent += 1) expect((await send()).statusCode).toBe(404);
    const over = await send();
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('writes no personal data to the logs, even of a search for it', async () => {
    const reference = await stored();
    const { cookie } = await signedIn();
    for (const q of ['Q1234567', 'Máire', reference]) {
      const found = await app.inject({ url: `/caseworker/search?q=${encodeURIComponent(q)}`, headers: { cookie } });
      expect(found.body).toContain(reference);
    }
    const page = await app.inject({ url: `/caseworker/applications/${reference}`, headers: { cookie } });
    // Every answer as sent, under the words a caseworker reads.
    expect(page.body).toContain('Flight, train or sailing number');
    expect(page.body).not.toContain('nameOfUKPortOfArrival');
    const logged = lines.join('\n');
    for (const personal of ['Q1234567', 'Máire', 'Súilleabháin', 'sponsor@example.org', 'Casey Worker']) {
      expect(logged).not.toContain(personal);
    }
  });
});
