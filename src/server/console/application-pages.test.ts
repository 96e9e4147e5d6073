// An application's page through the whole app: every value in words, the facts that decide first,
// the group decided as a group, and banners only for what the member of staff just did.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { consoleTestConfig, signedInCaseworker } from './test-support/console-app.ts';
import { findApplication, purgePersonalData } from '../db/application-repository.ts';
import { listJobs } from '../db/job-repository.ts';
import { listStaffActions } from '../db/staff-audit-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { setApplicationStatus } from '../services/casework/staff-actions.ts';
import { decideApplication } from '../services/decisions/decide-application.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';

describe.each(testEngines())('an application’s page in the console, on $name', (engine) => {
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

  const signedIn = (name = 'Casey Worker') => signedInCaseworker(database.db, name, clock);

  /** A group of `count` sent now, each through the automated checks with MANUAL_REVIEW on. */
  async function group(count = 1): Promise<string[]> {
    const result = await storeSubmission(
      database.db,
      sampleSubmission(
        clock,
        Array.from({ length: count }, () => ({ arrivalDate: '2026-12-10' })),
      ),
      clock,
    );
    if (result.outcome !== 'created') throw new Error('not stored');
    const ids = result.applicants.map((a) => a.applicantId);
    for (const id of ids) await decideApplication(database.db, id, { manualReview: true, now: clock });
    return ids;
  }

  const page = async (reference: string, cookie: string, query = '') =>
    app.inject({ url: `/caseworker/applications/${reference}${query}`, headers: { cookie } });
  const post = (url: string, cookie: string, fields: Array<[string, string]>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  /** The page's text without its tags, spaces run together. */
  const text = (html: string) =>
    html
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();

  it('shows every value in words: dates as days, answers as the sponsor chose them, no history line that says nothing', async () => {
    const [reference] = (await group()) as [string];
    const { cookie } = await signedIn();
    const html = (await page(reference, cookie)).body;
    const shown = text(html);
    // Every value of the summary lists and tables, as a cell shows it.
    const values = [...html.matchAll(/class="govuk-(?:summary-list__value|table__cell)"[^>]*>([^<]*)</g)].map((m) =>
      m[1]!.trim(),
    );
    for (const coded of ['plane', 'road', 'PersonListed', 'under1Month', 'USA']) expect(values).not.toContain(coded);
    expect(shown).toContain('10 December 2026');
    expect(shown).toContain('31 January 1990');
    expect(shown).toContain('By plane');
    expect(shown).toContain('USA - American');
    // Times as the service writes them, in London.
    expect(shown).toContain('24/11/2026 10:00');
    for (const coded of ['2026-12-10', 'under1Month', 'PersonListed', '1990-01-31', 'In progress to In progress']) {
      expect(shown).not.toContain(coded);
    }
    // The answers under the public journey's own words.
    expect(shown).toContain('How will the temporary worker arrive in the UK?');
    // The checks' pass, recorded as in progress to in progress, as what happened.
    expect(shown).toContain('Automated checks Passed: waiting for a caseworker');
  });

  it('puts the facts that decide first, in a summary list above the full answers', async () => {
    const [reference] = (await group()) as [string];
    const { cookie } = await signedIn();
    const html = (await page(reference, cookie)).body;
    const summary = html.indexOf('id="summary"');
    expect(summary).toBeGreaterThan(-1);
    const answers = html.indexOf('id="answers"');
    expect(answers).toBeGreaterThan(summary);
    const top = text(html.slice(summary, answers));
    for (const fact of [
      'Name Family0, Given0',
      'Nationality USA - American',
      'Date of birth 31 January 1990',
      'Passport number P00000000',
      'Passport expiry',
      'Date of arrival in the UK 10 December 2026',
      'Route By plane: Dublin Airport to',
      'Work',
      'Automated checks Passed, waiting for a caseworker',
    ]) {
      expect(top).toContain(fact);
    }
    expect(html.slice(summary, answers)).toContain('govuk-summary-list');
  });

  it('shows what is kept once the personal data is deleted, dates as days', async () => {
    const [reference] = (await group()) as [string];
    const { cookie } = await signedIn();
    await setApplicationStatus(
      { database: database.db, now: () => clock },
      { id: 'subject-ann', name: 'Ann' },
      { action: 'withdraw', reference, reason: 'Cancelled' },
    );
    await purgePersonalData(database.db, { today: '2027-06-01', retentionDays: 30, now: clock });
    const answer = await page(reference, cookie);
    expect(answer.statusCode).toBe(200);
    const shown = text(answer.body);
    expect(shown).toContain('Personal data Deleted 24/11/2026 10:00');
    expect(shown).toContain('Date of arrival 10 December 2026');
    expect(shown).not.toContain('Answers as the sponsor gave them');
  });

  it('approves the members of a group that passed in one action, after one confirmation page', async () => {
    const [a, b, c] = (await group(3)) as [string, string, string];
    const { cookie, csrf } = await signedIn();
    const shown = text((await page(a, cookie)).body);
    // Each member with its checks.
    for (const id of [a, b, c]) expect(shown).toContain(id);
    expect(shown).toContain('Approve the 3 applications that passed');

    const confirm = await app.inject({ url: `/caseworker/applications/${a}/approve-group`, headers: { cookie } });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(`name="csrf" value="${csrf}"`);
    for (const id of [a, b, c]) expect(confirm.body).toContain(`name="members" value="${id}"`);

    const url = `/caseworker/applications/${a}/approve-group`;
    const members: Array<[string, string]> = [a, b, c].map((id) => ['members', id]);
    expect((await post(url, cookie, members)).statusCode).toBe(403);
    expect((await findApplication(database.db, a))?.status).toBe('in-progress');

    const done = await post(url, cookie, [['csrf', csrf], ...members]);
    expect(done.statusCode).toBe(303);
    for (const id of [a, b, c]) expect((await findApplication(database.db, id))?.status).toBe('approved');
    const { lines } = await listStaffActions(database.db, { action: 'approve' }, { limit: 10, offset: 0 });
    expect(lines.map((l) => l.applicantId).sort()).toEqual([a, b, c].sort());
    expect(await listJobs(database.db, { kind: 'send-decisions' })).toHaveLength(1);
    const flash = String(done.headers['set-cookie']).split(';')[0]!;
    const after = await app.inject({ url: done.headers.location!, headers: { cookie: `${cookie}; ${flash}` } });
    expect(text(after.body)).toContain('3 applications approved');

    // The same form again (a colleague's, a second tab): nothing is approved twice.
    const again = await post(url, cookie, [['csrf', csrf], ...members]);
    expect(again.statusCode).toBe(409);
    expect(text(again.body)).toContain('Nothing was approved');
    expect((await listStaffActions(database.db, { action: 'approve' }, { limit: 10, offset: 0 })).lines).toHaveLength(
      3,
    );
  });

  it('shows a banner only for what the member of staff just did, not for an address', async () => {
    const [reference] = (await group()) as [string];
    const { cookie, csrf } = await signedIn();
    const forged = await page(reference, cookie, '?done=approve');
    expect(forged.body).not.toContain('govuk-notification-banner');

    const approved = await post(`/caseworker/applications/${reference}/approve`, cookie, [
      ['csrf', csrf],
      ['expectedStatus', 'in-progress'],
    ]);
    expect(approved.statusCode).toBe(303);
    const flash = String(approved.headers['set-cookie']).split(';')[0]!;
    const withFlash = `${cookie}; ${flash}`;
    const first = await app.inject({ url: approved.headers.location!, headers: { cookie: withFlash } });
    expect(text(first.body)).toContain('Application approved');
    // Once: the cookie is cleared with the page that showed it.
    expect(String(first.headers['set-cookie'])).toMatch(/Max-Age=0/);

    // A colleague's session carrying the same cookie sees no banner: the action was not theirs.
    const other = await signedIn('Other Person');
    const theirs = await app.inject({
      url: approved.headers.location!,
      headers: { cookie: `${other.cookie}; ${flash}` },
    });
    expect(theirs.body).not.toContain('govuk-notification-banner');
  });
});
