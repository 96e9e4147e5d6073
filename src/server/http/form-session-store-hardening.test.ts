// The server's session path tried as a hostile client and as a sponsor with two tabs would (issue
// 21), one test per finding, on each database engine: nothing kept for a GET, forms from another
// site changing nothing, what a page showed being what is sent, one submission per session,
// over-long answers, ids the server issued and renewed, answers never cached, budgets per
// address, emails to one address held to a few an hour, and the smaller findings. The pages are
// rendered by a fake server entry that shows what it was given.
import { createHash } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validApplicantAnswers, validRequest } from '../../../tests/fixtures/applicants.ts';
import { NEW_FROM_CONCESSION_PATH } from '#shared/api/new-from-concession.ts';
import { PDF_MAKER_PATH, PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import { parseSavedFormState } from '#shared/journey/form-state.ts';
import { FINGERPRINT_FIELD } from '#shared/journey/page-forms.ts';
import { answersFingerprint } from '#shared/journey/submission.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import type { Database } from '../db/database.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { answerSingleApplication, formBrowser, setCookies, type FormBrowser } from './test-support/form-browser.ts';
import { runAllDueJobs } from '../test-support/run-jobs.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { countRows, testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { createStatusLinkTokens, type StatusLinkTokens } from '../tokens/status-link-tokens.ts';
import { TEST_DOCUMENT_PRIVATE_KEY, newTestKeyPems } from '../test-support/test-keys.ts';

const { privateKeyPem, publicKeyPem } = newTestKeyPems();
const LICENCE = 'LIC123456';

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

const sessionRows = async (db: Database) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM form_sessions')).rows[0]!.n;
const keptState = async (db: Database) =>
  (
    await db.query<{ form_state: string; status_token: string | null }>(
      'SELECT form_state, status_token FROM form_sessions',
    )
  ).rows;
const hashOf = (id: string) => createHash('sha256').update(id).digest('base64url');

describe.each(testEngines())('the server’s sessions against a hostile client, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let clock: Date;
  let app: FastifyInstance;
  let config: Config;
  let tokens: StatusLinkTokens;
  let logLines: string[];

  async function start(overrides: Partial<Config> = {}, db: Database = database.db) {
    await app?.close();
    config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      webRoot: build.webRoot,
      tokenKeys: { privateKeyPem, publicKeyPem },
      documentPrivateKey: TEST_DOCUMENT_PRIVATE_KEY,
      ...overrides,
    };
    tokens = await createStatusLinkTokens(config, { now: () => clock });
    const { logger, lines } = capturingLogger();
    logLines = lines;
    app = await buildApp(config, { database: db, logger, now: () => clock, tokens });
    return app;
  }

  beforeEach(async () => {
    clock = new Date('2026-11-24T10:00:00Z');
    app = undefined as unknown as FastifyInstance;
    await start();
  });
  afterEach(async () => {
    await app.close();
  });

  const browser = (): FormBrowser => formBrowser(() => app);

  /** A stored submission of two applications, the first approved, and its status link's token. */
  async function storedSubmission() {
    const stored = await storeSubmission(database.db, sampleSubmission(clock, [{}, {}]), clock);
    if (stored.outcome !== 'created') throw new Error('not created');
    const ids = stored.applicants.map((a) => a.applicantId);
    await changeApplicationStatus(database.db, ids[0]!, { to: 'approved', actor: 'test', now: clock });
    return { ids, token: await tokens.sign(stored.submissionId) };
  }

  /** The form state the page was rendered from. */
  const stateOf = (page: { body: string }) => parseSavedFormState(renderedFrom(page.body).session?.formState ?? null);

  it('1. keeps nothing for a GET or HEAD of any page, whatever its query', async () => {
    await browser().get(`/status?epat=${'x'.repeat(4096)}`);
    await browser().head(`/status?epat=${'y'.repeat(4096)}`);
    await browser().get('/passenger-name?change');
    await browser().get('/your-contact-details?change=group');
    await browser().get('/check-your-answers?edit=0');
    await browser().get('/passenger-name?edit=0');
    await browser().get('/group-edit?delete=0');
    expect(await sessionRows(database.db)).toBe(0);
    // An expired link's page is shown at once, from the address, and keeps nothing either.
    const { token } = await storedSubmission();
    clock = new Date(clock.getTime() + 100 * 86_400_000);
    const expired = await browser().get(`/status?epat=${token}`);
    expect(expired.statusCode).toBe(200);
    expect(expired.headers.location).toBeUndefined();
    expect(await sessionRows(database.db)).toBe(0);
    // A link that works keeps a session, for a page shown (not for a HEAD, nor an image another
    // site points here). Each opening is a status call, so one address opens only so many a minute;
    // the sessions they start are not anonymous visitors', whose budget a busy address may have
    // used up (decision 043). Five a minute: the expired link above was the first.
    await start({ sessionRateLimit: 1, statusRateLimit: 5 });
    clock = new Date(clock.getTime() - 100 * 86_400_000);
    await browser().head(`/status?epat=${token}`);
    await browser().get(`/status?epat=${token}`, { 'sec-fetch-dest': 'image' });
    expect(await sessionRows(database.db)).toBe(0);
    for (let n = 0; n < 2; n += 1) expect((await browser().get(`/status?epat=${token}`)).statusCode).toBe(200);
    expect(await sessionRows(database.db)).toBe(2);
    const over = await browser().get(`/status?epat=${token}`);
    expect(over.statusCode).toBe(303);
    expect(over.headers.location).toMatch(/^\/status\?limited=\d+$/);
    expect(await sessionRows(database.db)).toBe(2);
  });

  it('2. lets no form from another site through, not even by the "Too many forms" page, and sets no cookie for one', async () => {
    await start({ formRateLimit: 3 });
    const victim = browser();
    await victim.get('/');
    const before = new Map(victim.cookies);
    // Another site's forms come without the victim's cookies (SameSite=Lax) and with a junk token.
    for (let n = 0; n < 10; n += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/your-contact-details',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://attacker.example',
          'sec-fetch-site': 'cross-site',
        },
        payload: 'sponsor-email=attacker%40example.org&form-token=junk',
      });
      expect(response.statusCode).toBe(403);
      expect(setCookies(response)).toEqual([]);
      expect(renderedFrom(response.body).formProblem).toEqual({ kind: 'refused' });
    }
    // One from the same site (cookies sent) with a junk token: refused, never offered to send again.
    const sameSite = await victim.post(
      '/your-contact-details',
      { 'sponsor-email': 'attacker@example.org', 'form-token': 'junk' },
      { origin: 'null' },
    );
    expect(sameSite.statusCode).toBe(403);
    expect(JSON.stringify(renderedFrom(sameSite.body))).not.toContain('attacker@example.org');
    expect(victim.cookies).toEqual(before);
    // The victim's own forms are still taken: refused forms do not spend the address's budget.
    const own = await victim.post('/your-contact-details', { 'sponsor-email': 'bookings@example.org' });
    expect(own.statusCode).toBe(303);
    expect(await sessionRows(database.db)).toBe(1);
  });

  it('3. sends what the page showed: a send from a page whose answers changed in another tab stores nothing', async () => {
    const user = browser();
    await answerSingleApplication(user, validApplicantAnswers(clock));
    const tabA = await user.get('/check-your-answers');
    const shownInA = answersFingerprint(stateOf(tabA));
    // Tab B starts again and gives another sponsor.
    await user.post('/your-contact-details', { 'sponsor-email': 'other@example.net' });
    await user.post('/sponsor-details', { 'sponsor-name': 'Other Sponsor Ltd', 'sponsor-reference': 'OTHER1234' });
    const sent = await user.post('/check-your-answers', { action: 'send', [FINGERPRINT_FIELD]: shownInA });
    expect(sent.statusCode).toBe(409);
    expect(renderedFrom(sent.body).outcome).toEqual({ notice: 'answersChanged' });
    expect(await countRows(database.db)).toMatchObject({ submissions: 0 });
    // Sent again from the page showing the answers as they are now: stored, under that sponsor.
    const shownNow = answersFingerprint(stateOf(await user.get('/check-your-answers')));
    const again = await user.post('/check-your-answers', { action: 'send', [FINGERPRINT_FIELD]: shownNow });
    expect(again.headers.location).toBe('/complete');
    const { rows } = await database.db.query<{ sponsor_email: string }>('SELECT sponsor_email FROM submissions');
    expect(rows).toEqual([{ sponsor_email: 'other@example.net' }]);
  });

  it('4. stores one submission for Sends arriving at the same moment', async () => {
    // Each write of a session takes a while, as over a network: every Send reads the session
    // before any has written to it.
    const slow: Database = {
      ...database.db,
      query: async (text: string, values?: unknown[]) => {
        if (/^\s*(INSERT INTO|UPDATE) form_sessions/.test(text)) await new Promise((r) => setTimeout(r, 50));
        return database.db.query(text, values);
      },
    } as Database;
    await start({}, slow);
    const user = browser();
    await answerSingleApplication(user, validApplicantAnswers(clock));
    const shown = answersFingerprint(stateOf(await user.get('/check-your-answers')));
    const sends = await Promise.all(
      Array.from({ length: 4 }, () => user.post('/check-your-answers', { action: 'send', [FINGERPRINT_FIELD]: shown })),
    );
    expect(sends.map((response) => response.headers.location)).toEqual(Array(4).fill('/complete'));
    expect(await countRows(database.db)).toMatchObject({ submissions: 1, applications: 1 });
  });

  it('5. answers a too-long answer with its field’s error, keeping every other answer', async () => {
    const user = browser();
    const answers = validApplicantAnswers(clock);
    await answerSingleApplication(user, answers);
    const response = await user.post('/passenger-name', { 'family-name': 'x'.repeat(5000), 'given-name': 'Ann' });
    expect(response.statusCode).toBe(422);
    const state = stateOf(await user.get('/passenger-name'));
    expect(state.errors.passengerName).toEqual({ 'family-name': 'maxLength' });
    expect(state.current.sponsorContact).toEqual({ 'sponsor-email': answers['sponsor-email'] });
    expect(state.current.passport?.['passport-number']).toBe(answers['passport-number']);
    // A form longer than any of the pages' is answered with a page saying so, keeping nothing.
    const before = await keptState(database.db);
    const tooLong = await user.post('/passenger-name', { 'family-name': 'x'.repeat(20_000), 'given-name': 'Ann' });
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(renderedFrom(tooLong.body).formProblem).toEqual({ kind: 'tooLarge' });
    expect(await keptState(database.db)).toEqual(before);
  });

  it('6. gives its own new id to a session whose id it did not issue, and a new one when a token is kept and after a send', async () => {
    const planted = 'p'.repeat(43);
    const user = formBrowser(() => app, { formToken: 'f'.repeat(43), formSession: planted });
    await user.post('/your-contact-details', { 'sponsor-email': 'bookings@example.org' });
    const issued = user.cookies.get('formSession')!;
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued).not.toBe(planted);
    const { rows } = await database.db.query<{ id_hash: Uint8Array }>('SELECT id_hash FROM form_sessions');
    expect(rows.map((row) => Buffer.from(row.id_hash).toString('base64url'))).toEqual([hashOf(issued)]);

    const { token } = await storedSubmission();
    await user.get(`/status?epat=${token}`);
    const afterToken = user.cookies.get('formSession')!;
    expect(afterToken).not.toBe(issued);
    // The answers are still the browser's.
    expect(stateOf(await user.get('/sponsor-details')).current.sponsorContact).toEqual({
      'sponsor-email': 'bookings@example.org',
    });

    await answerSingleApplication(user, validApplicantAnswers(clock));
    const shown = answersFingerprint(stateOf(await user.get('/check-your-answers')));
    await user.post('/check-your-answers', { action: 'send', [FINGERPRINT_FIELD]: shown });
    expect(user.cookies.get('formSession')).not.toBe(afterToken);
    expect(stateOf(await user.get('/complete')).receipts).toHaveLength(1);
  });

  it('7. changes nothing for a Change, Edit or status link followed (what changes state is a POST)', async () => {
    const user = browser();
    await answerSingleApplication(user, validApplicantAnswers(clock));
    const { token } = await storedSubmission();
    await user.get(`/status?epat=${token}`);
    const before = await keptState(database.db);
    await user.get('/passenger-name?change');
    await user.get('/check-your-answers?edit=0');
    await user.get(`/status?epat=${'z'.repeat(200)}`);
    expect(await keptState(database.db)).toEqual(before);
    // The Change link's page posts to its own address, and that answer returns to check your answers.
    const changed = await user.post('/passenger-name?change', { 'family-name': 'Other', 'given-name': 'Name' });
    expect(changed.headers.location).toBe('/check-your-answers');
  });

  it('8. never lets a browser or proxy keep a page: each holds answers or a form token', async () => {
    const user = browser();
    await answerSingleApplication(user, validApplicantAnswers(clock));
    for (const path of ['/', '/check-your-answers', '/passport-details', '/status', '/cookies']) {
      expect((await user.get(path)).headers['cache-control'], path).toBe('no-store');
    }
  });

  it('9. counts forms, and status calls, per address across every page and instance', async () => {
    await start({ formRateLimit: 2, statusRateLimit: 2 });
    const other = await database.openAnother();
    const second = await buildApp(config, { database: other, now: () => clock, tokens });
    try {
      const user = browser();
      expect((await user.post('/your-contact-details', { 'sponsor-email': 'a@example.org' })).statusCode).toBe(303);
      const onSecond = await second.inject({
        method: 'POST',
        url: '/sponsor-details',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          cookie: 'formToken=' + 'f'.repeat(43),
          origin: 'null',
        },
        payload: `form-token=${'f'.repeat(43)}&sponsor-name=A&sponsor-reference=B`,
      });
      expect(onSecond.statusCode).not.toBe(429);
      expect((await user.post('/what-would-you-like-to-do', {})).statusCode).toBe(429);

      const call = (target: FastifyInstance, url: string) => target.inject({ method: 'POST', url, payload: {} });
      expect((await call(app, PUBLIC_STATUS_PATH)).statusCode).toBe(400);
      expect((await call(second, PDF_MAKER_PATH)).statusCode).toBe(400);
      expect((await call(app, '/api/public/newStatusLink')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('10. sends one address only a few emails an hour, and a user’s words only after a label', async () => {
    const dataDir = join(build.webRoot, '..', `mail-${engine.name}`);
    await start({ submissionRateLimit: 1000, dataDir });
    const victim = 'victim@example.net';
    for (let n = 0; n < 12; n += 1) {
      const body = validRequest(clock, 3).map((applicant) => ({
        ...applicant,
        concessionForm: {
          ...applicant.concessionForm,
          formGroupId: `CWC-00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
          sponsorEmailAddress: victim,
          sponsorName: 'Pay the visa fee now by calling 0800 000 0000',
        },
        secondaryDetails: { ...applicant.secondaryDetails, workerEmailAddress: victim },
      }));
      const response = await app.inject({ method: 'POST', url: NEW_FROM_CONCESSION_PATH, payload: body });
      expect(response.statusCode).toBe(201);
    }
    try {
      await runAllDueJobs(database.db, config, capturingLogger().logger, clock);
      const outbox = join(dataDir, 'outbox');
      const files = await readdir(outbox);
      const mails = await Promise.all(files.map((file) => readFile(join(outbox, file), 'utf8')));
      expect(mails.length).toBe(config.emailRateLimit);
      // The rest wait for the next hour, and go then, as many again.
      await runAllDueJobs(database.db, config, capturingLogger().logger, new Date(clock.getTime() + 61 * 60_000));
      expect(await readdir(outbox)).toHaveLength(2 * config.emailRateLimit);
      for (const mail of mails) {
        for (const line of mail.split(/\r?\n/).filter((l) => l.includes('Pay the visa fee'))) {
          expect(line).toMatch(/^Sponsor: Pay the visa fee/);
        }
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('11. redirects only within the service, sets every cookie Secure in production, and answers downloads with pages', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const location = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1', () =>
        socket.write('GET /status/..\\..\\\\evil.com?lang=en HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
      );
      let answer = '';
      socket.on('data', (chunk) => (answer += String(chunk)));
      socket.on('end', () => resolve(/^location: (.*)$/im.exec(answer)?.[1] ?? ''));
    });
    expect(location).toMatch(/^\/(?![/\\])/);

    await start({ isProduction: true });
    const plain = browser();
    const language = await plain.get('/?lang=ar');
    const page = await plain.get('/cookies');
    const consent = await plain.post('/cookies', { 'cookies-analytics': 'no' });
    const written = [language, page, consent].flatMap(setCookies);
    expect(written.length).toBeGreaterThanOrEqual(3);
    for (const cookie of written) expect(cookie).toMatch(/; Secure/);

    await start();
    const { ids, token } = await storedSubmission();
    const user = browser();
    await user.get(`/status?epat=${token}`);
    await user.post('/status', { 'sponsor-licence-number': LICENCE });
    const notApproved = await user.post('/status', { 'sponsor-licence-number': LICENCE, download: ids[1]! });
    expect(notApproved.headers['content-type']).toBe('text/html; charset=utf-8');
    await changeApplicationStatus(database.db, ids[0]!, { to: 'withdrawn', actor: 'test', now: clock });
    const noneApproved = await user.post('/status', { 'sponsor-licence-number': LICENCE, download: 'approved' });
    expect(noneApproved.statusCode).toBeLessThan(500);
    expect(noneApproved.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(logLines.filter((line) => line.includes('"level":50'))).toEqual([]);
  });
});
