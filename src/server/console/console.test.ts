// The console's pages through the whole app, with staff sessions made as the sign-in makes them
// (the sign-in itself is tested against the local provider in staff-sign-in.test.ts, and in
// Chromium by tests/e2e/caseworker-console.test.ts): the guard, the session's two timeouts, CSRF,
// the roles, the headers every console answer carries, and what reaches the logs.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { consoleTestConfig } from './test-support/console-app.ts';
import { findApplication } from '../db/application-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { listStaffActions } from '../db/staff-audit-repository.ts';
import type { StaffRole } from '../services/staff/staff-members.ts';
import { createStaffSessions, STAFF_IDLE_TIMEOUT_MS } from '../services/staff/staff-sessions.ts';
import { STAFF_SESSION_COOKIE } from './staff-cookies.ts';
import type { StaffSignIn } from './staff-sign-in.ts';

const MINUTE = 60_000;

describe.each(testEngines())('the caseworker console, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let clock: Date;
  let app: FastifyInstance;
  let lines: string[];
  // What the provider answers when the roles are read again, by refresh token (one per member of staff here).
  let rolesAtProvider: Map<string, StaffRole[]>;
  let publicOrigin: string;

  beforeEach(async () => {
    rolesAtProvider = new Map();
    clock = new Date('2026-11-24T10:00:00Z');
    const captured = capturingLogger();
    lines = captured.lines;
    const config = consoleTestConfig();
    publicOrigin = new URL(config.publicBaseUrl).origin;
    // The provider, as far as reading the roles again goes (the real one: staff-roles.test.ts).
    const staffSignIn: StaffSignIn = {
      start: () => Promise.reject(new Error('not in these tests')),
      finish: () => Promise.reject(new Error('not in these tests')),
      signOutUrl: () => Promise.resolve(new URL('http://127.0.0.1:9/logout')),
      rolesAgain: ({ refreshToken: token = '' }) => {
        const roles = rolesAtProvider.get(token);
        return Promise.resolve(
          roles === undefined
            ? { outcome: 'refused', reason: 'the identity provider answered invalid_grant' }
            : { outcome: 'roles', staffId: token.replace(/^refresh-/, ''), roles },
        );
      },
    };
    app = await buildApp(config, {
      database: database.db,
      now: () => clock,
      logger: captured.logger,
      staffSignIn,
    });
  });
  afterEach(async () => {
    await app.close();
  });

  /** A staff session as a sign-in leaves it, and the cookie header that carries it. */
  async function signedIn(roles: StaffRole[] = ['CASEWORKER'], name = 'Casey Worker', clientAddress = '192.0.2.1') {
    const id = `subject-${name.split(' ')[0]!.toLowerCase()}`;
    rolesAtProvider.set(`refresh-${id}`, roles);
    const session = await createStaffSessions(database.db).create({ id, name, roles }, 'id-token', clock, {
      clientAddress,
      refreshToken: `refresh-${id}`,
    });
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
    expect(approved.headers.location).toBe(`/caseworker/applications/${reference}`);
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
    // Every answer as sent, under the words the sponsor read.
    expect(page.body).toContain('Flight number');
    expect(page.body).not.toContain('nameOfUKPortOfArrival');
    const logged = lines.join('\n');
    for (const personal of ['Q1234567', 'Máire', 'Súilleabháin', 'sponsor@example.org', 'Casey Worker']) {
      expect(logged).not.toContain(personal);
    }
  });

  it('shows admins the signed-in staff, and ends all of one member’s sessions at once, asked first, audited', async () => {
    const laptop = await signedIn(['CASEWORKER'], 'Casey Worker', '192.0.2.10');
    const desk = await signedIn(['CASEWORKER'], 'Casey Worker', '192.0.2.11');
    const other = await signedIn(['CASEWORKER'], 'Other Person', '192.0.2.12');
    const admin = await signedIn(['CASEWORKER_ADMIN', 'CASEWORKER'], 'Alex Admin', '198.51.100.7');

    // Admins only.
    for (const url of ['/caseworker/sessions', '/caseworker/sessions/end?staff=subject-casey']) {
      expect((await app.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(403);
    }
    const list = await app.inject({ url: '/caseworker/sessions', headers: { cookie: admin.cookie } });
    expect(list.statusCode).toBe(200);
    for (const shown of [
      'Casey Worker',
      'subject-casey',
      '192.0.2.10',
      '192.0.2.11',
      '198.51.100.7',
      '24/11/2026 10:00',
    ]) {
      expect(list.body).toContain(shown);
    }
    expect(list.body).toContain('href="/caseworker/sessions/end?staff=subject-casey"');
    expect(list.body).toContain('4 open sessions of 3 members of staff.');

    const ask = await app.inject({
      url: '/caseworker/sessions/end?staff=subject-casey',
      headers: { cookie: admin.cookie },
    });
    expect(ask.statusCode).toBe(200);
    expect(ask.body).toContain('End Casey Worker’s sessions?');
    expect(ask.body).toContain('name="staff" value="subject-casey"');

    // Without the session's CSRF token: nothing ends.
    const forged = await app.inject({
      method: 'POST',
      url: '/caseworker/sessions/end',
      headers: formHeaders(admin.cookie),
      payload: form({ staff: 'subject-casey' }),
    });
    expect(forged.statusCode).toBe(403);
    expect((await app.inject({ url: '/caseworker', headers: { cookie: laptop.cookie } })).statusCode).toBe(200);

    const ended = await app.inject({
      method: 'POST',
      url: '/caseworker/sessions/end',
      headers: formHeaders(admin.cookie),
      payload: form({ staff: 'subject-casey', csrf: admin.csrf }),
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toContain('Casey Worker’s 2 sessions have ended.');
    for (const cookie of [laptop.cookie, desk.cookie]) {
      const next = await app.inject({ url: '/caseworker', headers: { cookie } });
      expect(next.statusCode).toBe(303);
      expect(next.headers.location).toBe('/caseworker/sign-in');
    }
    expect((await app.inject({ url: '/caseworker', headers: { cookie: other.cookie } })).statusCode).toBe(200);
    // An admin ending their own sessions is signed out with them.
    const own = await app.inject({
      method: 'POST',
      url: '/caseworker/sessions/end',
      headers: formHeaders(admin.cookie),
      payload: form({ staff: 'subject-alex', csrf: admin.csrf }),
    });
    expect(own.headers.location).toBe('/caseworker/signed-out');
    expect((await app.inject({ url: '/caseworker', headers: { cookie: admin.cookie } })).headers.location).toBe(
      '/caseworker/sign-in',
    );
    const { lines: audited } = await listStaffActions(
      database.db,
      { action: 'end-sessions', staffId: 'subject-alex' },
      { limit: 5, offset: 0 },
    );
    expect(audited).toEqual([
      expect.objectContaining({ details: { staffId: 'subject-alex', sessions: 1 } }),
      expect.objectContaining({
        staffId: 'subject-alex',
        staffName: 'Alex Admin',
        clientAddress: '127.0.0.1',
        details: { staffId: 'subject-casey', sessions: 2 },
      }),
    ]);
  });

  it('reads the roles again from the provider after 15 minutes: a role removed there stops working, a refusal ends the session', async () => {
    const admin = await signedIn(['CASEWORKER_ADMIN', 'CASEWORKER'], 'Alex Admin');
    const casey = await signedIn(['CASEWORKER'], 'Casey Worker');
    expect((await app.inject({ url: '/caseworker/audit', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    // The admin role removed at the provider; the refresh token of Casey revoked there.
    rolesAtProvider.set('refresh-subject-alex', ['CASEWORKER']);
    rolesAtProvider.delete('refresh-subject-casey');
    clock = new Date(clock.getTime() + 14 * MINUTE);
    expect((await app.inject({ url: '/caseworker/audit', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/caseworker', headers: { cookie: casey.cookie } })).statusCode).toBe(200);
    clock = new Date(clock.getTime() + 2 * MINUTE);
    expect((await app.inject({ url: '/caseworker/audit', headers: { cookie: admin.cookie } })).statusCode).toBe(403);
    expect((await app.inject({ url: '/caseworker', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const refused = await app.inject({ url: '/caseworker', headers: { cookie: casey.cookie } });
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe('/caseworker/timed-out');
    expect((await app.inject({ url: '/caseworker', headers: { cookie: casey.cookie } })).headers.location).toBe(
      '/caseworker/sign-in',
    );
    const { lines: audited } = await listStaffActions(
      database.db,
      { action: 'session-revoked' },
      { limit: 5, offset: 0 },
    );
    expect(audited).toEqual([
      expect.objectContaining({
        staffId: 'subject-casey',
        details: { why: 'provider-refused', reason: 'the identity provider answered invalid_grant' },
      }),
    ]);
  });

  it('audits application views and searches with who and from where, never the words searched, and lists them for admins', async () => {
    const reference = await stored();
    const { cookie } = await signedIn();
    const admin = await signedIn(['CASEWORKER_ADMIN', 'CASEWORKER'], 'Alex Admin');
    expect((await app.inject({ url: `/caseworker/applications/${reference}`, headers: { cookie } })).statusCode).toBe(
      200,
    );
    const byPassport = await app.inject({ url: '/caseworker/search?q=Q1234567', headers: { cookie } });
    expect(byPassport.statusCode).toBe(200);
    expect(byPassport.body).toContain('1 application matches.');
    const byName = await app.inject({ url: '/caseworker/search?q=Nobody', headers: { cookie } });
    expect(byName.statusCode).toBe(200);
    expect(byName.body).toContain('No applications match.');

    const { lines: audited } = await listStaffActions(
      database.db,
      { staffId: 'subject-casey' },
      { limit: 9, offset: 0 },
    );
    expect(audited.map((line) => [line.action, line.applicantId, line.details, line.clientAddress])).toEqual([
      ['search', null, { matched: [], found: 0 }, '127.0.0.1'],
      ['search', null, { matched: ['passport'], found: 1 }, '127.0.0.1'],
      ['view-application', reference, null, '127.0.0.1'],
    ]);
    expect(JSON.stringify(audited)).not.toContain('Q1234567');
    expect(JSON.stringify(audited)).not.toContain('Nobody');

    const page = await app.inject({ url: '/caseworker/audit?action=search', headers: { cookie: admin.cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('1 found by a passport number');
    expect(page.body).toContain('From address');
    expect(page.body).not.toContain('Application viewed</td>');
    const views = await app.inject({
      url: `/caseworker/audit?action=view-application`,
      headers: { cookie: admin.cookie },
    });
    expect(views.body).toContain('Application viewed');
    expect(views.body).toContain('Casey Worker (subject-casey)');
    // The application's own history lists what was done to it, not who looked.
    const application = await app.inject({ url: `/caseworker/applications/${reference}`, headers: { cookie } });
    expect(application.body).not.toContain('Application viewed');
  });
});
