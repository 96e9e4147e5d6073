// The queues' triage and the assignment of applications through the whole app, with staff sessions
// made as the sign-in makes them: every choice a GET parameter checked on the server, the pages of
// 50, and "Assign to me" / "Unassign" with the session's CSRF token, for two members of staff.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { consoleTestConfig, signedInCaseworker } from './test-support/console-app.ts';
import { listStaffActions } from '../db/staff-audit-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { decideApplication } from '../services/decisions/decide-application.ts';
import { capturingLogger, daysAfter, sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';

const HOUR = 3_600_000;

describe.each(testEngines())('the queues and assignments in the console, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  const clock = new Date('2026-11-24T10:00:00Z');
  let app: FastifyInstance;

  beforeEach(async () => {
    app = await buildApp(consoleTestConfig(), {
      database: database.db,
      now: () => clock,
      logger: capturingLogger().logger,
    });
  });
  afterEach(async () => {
    await app.close();
  });

  const signedIn = (name: string) => signedInCaseworker(database.db, name, clock);

  /** Applications sent `hoursAgo`, arriving `arrivalInDays` after the clock's day, under `licence`. */
  async function stored(hoursAgo: number, arrivalInDays: number, licence = 'LIC123456', count = 1): Promise<string[]> {
    const at = new Date(clock.getTime() - hoursAgo * HOUR);
    const result = await storeSubmission(
      database.db,
      sampleSubmission(
        at,
        Array.from({ length: count }, () => ({ arrivalDate: daysAfter(clock, arrivalInDays) })),
        { sponsorReference: licence },
      ),
      at,
    );
    if (result.outcome !== 'created') throw new Error('not stored');
    return result.applicants.map((a) => a.applicantId);
  }

  /** The references of the queue's table, in order. */
  const listed = (body: string) =>
    [...body.matchAll(/<th[^>]*><a class="govuk-link" href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const formHeaders = (cookie: string) => ({ cookie, 'content-type': 'application/x-www-form-urlencoded' });

  it('orders, filters and pages the queue in progress from the address alone', async () => {
    const [late] = await stored(60, 20, 'OTHER1');
    const [soon] = await stored(2, 5);
    const [middle] = await stored(30, 8);
    await decideApplication(database.db, middle!, { manualReview: true, now: clock });
    const { cookie } = await signedIn('Ann Caseworker');
    const get = (url: string) => app.inject({ url, headers: { cookie } });

    const byArrival = await get('/caseworker');
    expect(byArrival.statusCode).toBe(200);
    expect(listed(byArrival.body)).toEqual([soon, middle, late]);
    expect(byArrival.body).toContain('3 applications in progress, soonest arrival first.');
    expect(byArrival.body).toContain('<select class="govuk-select" id="sort" name="sort">');
    // The day of arrival as the spec writes dates, and who holds each.
    expect(byArrival.body).toContain(`<td class="govuk-table__cell">29 November 2026</td>`);
    expect(byArrival.body).toContain('<td class="govuk-table__cell">Nobody</td>');

    expect(listed((await get('/caseworker?sort=time-left')).body)).toEqual([late, middle, soon]);
    expect(listed((await get('/caseworker?checks=passed')).body)).toEqual([middle]);
    expect(listed((await get('/caseworker?checks=not-run&sort=time-left')).body)).toEqual([late, soon]);
    const sponsor = await get('/caseworker?licence=%20other1%20');
    expect(listed(sponsor.body)).toEqual([late]);
    expect(sponsor.body).toContain(
      '1 application in progress from sponsor licence number other1, soonest arrival first.',
    );
    expect(sponsor.body).toContain('value="other1"');

    // Unknown choices are refused with a clear error, nothing listed.
    const unknownSort = await get('/caseworker?sort=random');
    expect(unknownSort.statusCode).toBe(400);
    expect(unknownSort.body).toContain('<a href="#sort">Choose how to sort the applications from the list</a>');
    expect(listed(unknownSort.body)).toEqual([]);
    const unknownChecks = await get('/caseworker?checks=maybe');
    expect(unknownChecks.statusCode).toBe(400);
    expect(unknownChecks.body).toContain('href="#checks"');
    const longLicence = await get(`/caseworker?licence=${'L'.repeat(51)}`);
    expect(longLicence.statusCode).toBe(400);
    expect(longLicence.body).toContain('href="#licence"');
    const hidden = await get('/caseworker?licence=AB%1BC');
    expect(hidden.statusCode).toBe(400);
  });

  it('pages 50 at a time with the total and GOV.UK’s pagination, keeping the view, and leads a page past the end to the last', async () => {
    const references = await stored(5, 10, 'BIG1', 51);
    await stored(4, 10, 'SMALL1');
    const { cookie } = await signedIn('Ann Caseworker');
    const get = (url: string) => app.inject({ url, headers: { cookie } });

    const first = await get('/caseworker?licence=BIG1&sort=time-left');
    expect(listed(first.body)).toHaveLength(50);
    expect(first.body).toContain(
      '51 applications in progress from sponsor licence number BIG1, least time left first. Page 1 of 2.',
    );
    expect(first.body).toContain('class="govuk-pagination"');
    expect(first.body).toContain('href="/caseworker?sort=time-left&amp;licence=BIG1&amp;page=2"');
    const second = await get('/caseworker?sort=time-left&licence=BIG1&page=2');
    expect(listed(second.body)).toEqual([references[50]]);

    const past = await get('/caseworker?sort=time-left&licence=BIG1&page=9');
    expect(past.statusCode).toBe(303);
    expect(past.headers.location).toBe('/caseworker?sort=time-left&licence=BIG1&page=2');
    // Not a page number: the first page.
    expect((await get('/caseworker?page=abc')).statusCode).toBe(200);
    const zero = await get('/caseworker?page=0');
    expect(zero.statusCode).toBe(303);
    expect(zero.headers.location).toBe('/caseworker');
  });

  it('assigns with the CSRF token, shows who holds it in the queues and on the page, and lets a colleague act', async () => {
    const [reference, other] = await stored(3, 10, 'LIC123456', 2);
    const ann = await signedIn('Ann Caseworker');
    const bob = await signedIn('Bob Caseworker');
    const post = (who: typeof ann, path: string, fields: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/caseworker/applications/${reference}/${path}`,
        headers: formHeaders(who.cookie),
        payload: form(fields),
      });

    const page = await app.inject({ url: `/caseworker/applications/${reference}`, headers: { cookie: ann.cookie } });
    expect(page.body).toContain('Assigned to');
    expect(page.body).toContain('<input type="hidden" name="expectedHolder" value="">');
    expect(page.body).toContain('Assign to me');

    // Without the session's token nothing changes.
    expect((await post(ann, 'assign', { expectedHolder: '' })).statusCode).toBe(403);
    const assigned = await post(ann, 'assign', { expectedHolder: '', csrf: ann.csrf });
    expect(assigned.statusCode).toBe(303);
    expect(assigned.headers.location).toBe(`/caseworker/applications/${reference}`);

    const annPage = await app.inject({ url: `/caseworker/applications/${reference}`, headers: { cookie: ann.cookie } });
    expect(annPage.body).toContain('You, since 24/11/2026 10:00');
    expect(annPage.body).toContain('Unassign');
    expect(annPage.body).not.toContain('Assign to me');
    const bobPage = await app.inject({ url: `/caseworker/applications/${reference}`, headers: { cookie: bob.cookie } });
    expect(bobPage.body).toContain(
      'Ann Caseworker (subject-ann), since 24/11/2026 10:00. You can still act on this application.',
    );
    expect(bobPage.body).toContain('Assign to me');
    expect(bobPage.body).toMatch(/>\s*Approve\s*<\/button>/);

    const annQueue = await app.inject({ url: '/caseworker?show=assigned-to-me', headers: { cookie: ann.cookie } });
    expect(listed(annQueue.body)).toEqual([reference]);
    expect(annQueue.body).toContain('1 application in progress assigned to you');
    expect(annQueue.body).toContain('<input type="hidden" name="show" value="assigned-to-me">');
    const bobQueue = await app.inject({ url: '/caseworker?show=assigned-to-me', headers: { cookie: bob.cookie } });
    expect(listed(bobQueue.body)).toEqual([]);
    const all = await app.inject({ url: '/caseworker', headers: { cookie: bob.cookie } });
    expect(listed(all.body)).toEqual([reference, other]);
    expect(all.body).toContain('<td class="govuk-table__cell">Ann Caseworker</td>');

    // Bob takes it over; Ann's page, still showing her, unassigns nothing and says so.
    expect((await post(bob, 'assign', { expectedHolder: ann.id, csrf: bob.csrf })).statusCode).toBe(303);
    const stale = await post(ann, 'unassign', { expectedHolder: ann.id, csrf: ann.csrf });
    expect(stale.statusCode).toBe(409);
    expect(stale.body).toContain('Nothing was changed');
    expect(stale.body).toContain('Bob Caseworker has held it since 24/11/2026 10:00.');
    expect((await post(ann, 'unassign', { expectedHolder: bob.id, csrf: ann.csrf })).statusCode).toBe(303);

    // The assignment's lines, among any others the pages write (views of an application, for one).
    const lines = (await listStaffActions(database.db, {}, { limit: 100, offset: 0 })).lines
      .reverse()
      .filter((line) => line.action === 'assign' || line.action === 'unassign');
    expect(lines.map((line) => [line.action, line.staffName])).toEqual([
      ['assign', 'Ann Caseworker'],
      ['assign', 'Bob Caseworker'],
      ['unassign', 'Ann Caseworker'],
    ]);
    const unknown = await app.inject({
      method: 'POST',
      url: '/caseworker/applications/CWC-00000-00000-0/assign',
      headers: formHeaders(ann.cookie),
      payload: form({ expectedHolder: '', csrf: ann.csrf }),
    });
    expect(unknown.statusCode).toBe(404);
  });
});
