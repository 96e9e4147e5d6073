// Status links and licence lockouts as a stranger holding a link would try them (decision 043), on
// each database engine, through the whole app: five wrong licence numbers lock out the client that
// typed them (its address, an IPv6 address by its /64) and no one else; an expired link's wrong
// numbers count towards nothing; the sponsor is emailed once an hour at most, however many clients
// are locked out; and a verified status link opens at an address whose anonymous visitors have
// used up the sessions an hour, while no 429 ever keeps a token in its address.
import type { FastifyInstance } from 'fastify';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NEW_STATUS_LINK_PATH, PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { listJobs } from '../db/job-repository.ts';
import { readLicenceState } from '../db/status-access-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { createPurgeSessionsHandler } from '../jobs/purge-personal-data-job.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import { unlockSubmissionLicence } from '../services/casework/staff-actions.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { formBrowser, type FormBrowser } from './test-support/form-browser.ts';
import { runAllDueJobs } from '../test-support/run-jobs.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../test-support/smtp-receiver.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { TEST_DOCUMENT_PRIVATE_KEY, newTestKeyPems } from '../test-support/test-keys.ts';
import { createStatusLinkTokens, type StatusLinkTokens } from '../tokens/status-link-tokens.ts';

const START = new Date('2026-03-02T10:00:00Z');
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
const LICENCE = 'LIC123456';
const ATTACKER = '203.0.113.7';
const SPONSOR = '198.51.100.20';
const { privateKeyPem, publicKeyPem } = newTestKeyPems();

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

describe.each(testEngines())('status links and lockouts per client, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let clock: Date;
  let config: Config;
  let tokens: StatusLinkTokens;
  let app: FastifyInstance;
  let logLines: string[];
  let smtp: SmtpReceiver;
  let submissionId: string;
  let ids: string[];
  let token: string;

  const configWith = (overrides: Partial<Config> = {}): Config => ({
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_BASE_URL: 'https://cwc.example.gov.uk', SMTP_URL: smtp.url }),
    webRoot: build.webRoot,
    tokenKeys: { privateKeyPem, publicKeyPem },
    documentPrivateKey: TEST_DOCUMENT_PRIVATE_KEY,
    formRateLimit: 10_000,
    ...overrides,
  });

  async function start(overrides: Partial<Config> = {}) {
    await app?.close();
    config = configWith(overrides);
    const { logger, lines } = capturingLogger();
    logLines = lines;
    app = await buildApp(config, { database: test.db, logger, now: () => clock, tokens });
  }

  beforeEach(async () => {
    clock = START;
    smtp = await startSmtpReceiver();
    tokens = await createStatusLinkTokens(configWith(), { now: () => clock });
    const stored = await storeSubmission(test.db, sampleSubmission(START, [{}, {}]), START);
    if (stored.outcome !== 'created') throw new Error('not created');
    submissionId = stored.submissionId;
    ids = stored.applicants.map((a) => a.applicantId);
    await changeApplicationStatus(test.db, ids[0]!, { to: 'approved', actor: 'test', now: START });
    token = await tokens.sign(submissionId);
    app = undefined as unknown as FastifyInstance;
    await start();
  });
  afterEach(async () => {
    await app.close();
    await smtp.close();
  });

  const status = (licence: string, remoteAddress: string, jwt = token) =>
    app.inject({
      method: 'POST',
      url: PUBLIC_STATUS_PATH,
      payload: { publicAccessTokenJWT: jwt, sponsorLicenceNumber: licence },
      remoteAddress,
    });
  const askForLink = (licence: string, remoteAddress: string, jwt = token) =>
    app.inject({
      method: 'POST',
      url: NEW_STATUS_LINK_PATH,
      payload: { publicAccessTokenJWT: jwt, sponsorLicenceNumber: licence },
      remoteAddress,
    });
  const browser = (remoteAddress = '127.0.0.1'): FormBrowser => formBrowser(() => app, undefined, { remoteAddress });
  const count = async (table: string) =>
    (await test.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
  /** Five wrong numbers from `address`, a minute apart: the fifth is answered with the lockout. */
  async function lockOut(address: string) {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      clock = new Date(clock.getTime() + 60_000);
      expect((await status('WRONG1234', address)).statusCode, `${address} attempt ${attempt}`).toBe(
        attempt < 5 ? 403 : 429,
      );
    }
  }
  const securityLines = () =>
    logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.securityEvent !== undefined);

  it('locks out the client that typed five wrong numbers, and no one else: the sponsor at another address opens the statuses', async () => {
    await lockOut(ATTACKER);
    expect((await status(LICENCE, ATTACKER)).statusCode).toBe(429);
    // The sponsor's own link, at another address: the API and the pages without JavaScript.
    const opened = await status(LICENCE, SPONSOR);
    expect(opened.statusCode).toBe(200);
    const sponsor = browser(SPONSOR);
    expect(renderedFrom((await sponsor.get(`/status?epat=${token}`)).body).address).toBe('/status');
    const posted = await sponsor.post('/status', { 'sponsor-licence-number': LICENCE });
    expect(posted.statusCode).toBe(303);
    expect(renderedFrom((await sponsor.get('/status')).body).outcome?.status?.view?.kind).toBe('loaded');
    // A wrong number of the sponsor's own is the first of five, not the sixth.
    const wrong = await status('WRONG1234', SPONSOR);
    expect(wrong.json()).toMatchObject({ remainingAttempts: 4 });
  });

  it('counts an IPv6 client by its /64', async () => {
    await lockOut('2001:db8:1:2::1');
    expect((await status(LICENCE, '2001:db8:1:2:ffff::9')).statusCode).toBe(429);
    expect((await status(LICENCE, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('counts nothing for an expired link’s wrong numbers, by the API or the page’s form', async () => {
    const old = token;
    clock = new Date(START.getTime() + 100 * DAY_MS);
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      expect((await askForLink(`WRONG${attempt}000`, ATTACKER, old)).statusCode).toBe(202);
    }
    const attacker = browser(ATTACKER);
    expect((await attacker.get(`/status?epat=${old}`)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      const sent = await attacker.post(`/status?epat=${old}`, {
        'status-action': 'new-link',
        'sponsor-licence-number': `WRONG${attempt}000`,
      });
      expect(sent.statusCode).toBe(200);
    }
    expect(await count('licence_attempt_failures')).toBe(0);
    expect(await count('licence_lockouts')).toBe(0);
    // The same client with a link in date and the right number.
    expect((await status(LICENCE, ATTACKER, await tokens.sign(submissionId))).statusCode).toBe(200);
    // Still written to the security log, as wrong numbers that count for nothing.
    expect(
      securityLines().filter(
        (line) => line.securityEvent === 'licence-number-wrong' && line.outcome === 'expired-link',
      ),
    ).toHaveLength(14);
  });

  it('emails the sponsor when a lockout starts, once an hour at most however many clients are locked out, never naming an address', async () => {
    await lockOut(ATTACKER);
    await lockOut('203.0.113.8');
    await lockOut('2001:db8:9::1');
    const notices = () => listJobs(test.db, { kind: 'send-lockout-notice' });
    expect((await notices()).map((job) => job.payload)).toEqual([{ submissionId }]);
    await runAllDueJobs(test.db, config, capturingLogger().logger, clock);
    const mails = await Promise.all(smtp.received.map((mail) => simpleParser(mail.raw)));
    const lockoutMails = mails.filter((mail) => mail.subject?.includes('status page locked') === true);
    expect(lockoutMails).toHaveLength(1);
    const [mail] = lockoutMails;
    expect((mail!.to as AddressObject).text).toBe('sponsor@example.org');
    const text = mail!.text ?? '';
    expect(text).toContain('https://cwc.example.gov.uk/get-status-link');
    expect(text).toContain('https://www.gov.uk/contact-ukvi-inside-outside-uk');
    for (const reference of ids) expect(text).toContain(reference);
    for (const secret of ['203.0.113', '2001:db8', LICENCE, 'WRONG']) {
      expect(text).not.toContain(secret);
      expect(mail!.html || '').not.toContain(secret);
    }
    // An hour after the first email, the next lockout is told again.
    clock = new Date(clock.getTime() + HOUR_MS);
    await lockOut('203.0.113.9');
    expect(await notices()).toHaveLength(2);
  });

  it('writes each wrong number, lockout and lockout over to the security log, without the address or the number', async () => {
    await lockOut(ATTACKER);
    clock = new Date(clock.getTime() + HOUR_MS);
    expect((await status(LICENCE, ATTACKER)).statusCode).toBe(200);
    const lines = securityLines();
    expect(lines.filter((line) => line.securityEvent === 'licence-number-wrong')).toHaveLength(5);
    expect(lines.filter((line) => line.securityEvent === 'licence-number-wrong')[0]).toMatchObject({
      outcome: 'mismatch',
      route: PUBLIC_STATUS_PATH,
    });
    expect(lines.filter((line) => line.securityEvent === 'licence-lockout-started')).toEqual([
      expect.objectContaining({ outcome: 'locked', route: PUBLIC_STATUS_PATH }),
    ]);
    expect(lines.filter((line) => line.securityEvent === 'licence-lockout-ended')).toEqual([
      expect.objectContaining({ outcome: 'expired', route: PUBLIC_STATUS_PATH }),
    ]);
    // Recorded once: the lockout over is forgotten.
    expect((await status(LICENCE, ATTACKER)).statusCode).toBe(200);
    expect(securityLines().filter((line) => line.securityEvent === 'licence-lockout-ended')).toHaveLength(1);
    const log = logLines.join('\n');
    for (const secret of [ATTACKER, LICENCE, 'WRONG1234', token.slice(0, 20)]) expect(log).not.toContain(secret);
  });

  it('writes an unmatched request for a new link by reference to the security log', async () => {
    const user = browser(ATTACKER);
    await user.get('/get-status-link');
    const sent = await user.post('/get-status-link', {
      'application-reference': ids[0]!,
      'sponsor-licence-number': 'WRONG1234',
    });
    expect(sent.statusCode).toBeLessThan(400);
    expect(securityLines()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ securityEvent: 'status-link-recovery-unmatched', route: '/get-status-link' }),
      ]),
    );
  });

  it('lets a caseworker end every lockout of the submission and clear its failures', async () => {
    await lockOut(ATTACKER);
    const firstLockout = new Date(clock);
    await lockOut('203.0.113.8');
    expect(await readLicenceState(test.db, submissionId, clock)).toEqual({
      lockedSince: firstLockout,
      lockouts: 2,
      failedAttempts: 10,
    });
    const done = await unlockSubmissionLicence(
      { database: test.db, now: () => clock },
      { id: 'caseworker-1', name: 'Casey Worker' },
      { reference: ids[1]! },
    );
    expect(done).toMatchObject({ outcome: 'done', lockoutBeganAt: firstLockout, failuresCleared: 10 });
    expect(await readLicenceState(test.db, submissionId, clock)).toEqual({
      lockedSince: undefined,
      lockouts: 0,
      failedAttempts: 0,
    });
    expect((await status(LICENCE, ATTACKER)).statusCode).toBe(200);
    expect((await status(LICENCE, '203.0.113.8')).statusCode).toBe(200);
  });

  it('deletes the failures and lockouts, with their addresses, a day after they count for nothing', async () => {
    await lockOut(ATTACKER);
    const purge = createPurgeSessionsHandler({ db: test.db });
    const run = (at: Date) => purge({}, { now: at, logger: capturingLogger().logger } as never);
    await run(new Date(clock.getTime() + 2 * HOUR_MS));
    expect(await count('licence_attempt_failures')).toBe(5);
    expect(await count('licence_lockouts')).toBe(1);
    await run(new Date(clock.getTime() + HOUR_MS + DAY_MS + 60_000));
    expect(await count('licence_attempt_failures')).toBe(0);
    expect(await count('licence_lockouts')).toBe(0);
  });

  it('opens an emailed status link at an address whose anonymous visitors used up its sessions for the hour', async () => {
    for (let visitor = 0; visitor < config.sessionRateLimit; visitor += 1) {
      expect((await browser().post('/your-contact-details', { 'sponsor-email': 'a@example.org' })).statusCode).toBe(
        303,
      );
    }
    const over = await browser().post('/your-contact-details', { 'sponsor-email': 'a@example.org' });
    expect(over.statusCode).toBe(429);
    for (let link = 0; link < 3; link += 1) {
      const sponsor = browser();
      const opened = await sponsor.get(`/status?epat=${token}`);
      expect(opened.statusCode).toBe(200);
      expect(renderedFrom(opened.body).address).toBe('/status');
      expect(renderedFrom((await sponsor.get('/status')).body).session?.statusToken).toBe(token);
    }
  });

  it('never answers a 429 at an address that holds a token, as a page or as the app’s JSON', async () => {
    await start({ statusRateLimit: 2 });
    const user = browser();
    expect((await user.get(`/status?epat=${token}`)).statusCode).toBe(200);
    expect((await user.get(`/status?epat=${token}`)).statusCode).toBe(200);
    // Over the status budget: sent to an address without the token, which says why.
    const over = await user.get(`/status?epat=${token}`);
    expect(over.statusCode).toBe(303);
    expect(over.headers.location).not.toContain('epat');
    expect(over.headers.location).toMatch(/^\/status\?/);
    const limited = () =>
      securityLines().filter((line) => line.securityEvent === 'rate-limited' && line.outcome === 'status');
    expect(limited()).toHaveLength(1);
    const shown = await user.get(String(over.headers.location));
    expect(shown.statusCode).toBe(429);
    // Showing the page that says so is not another request refused.
    expect(limited()).toHaveLength(1);
    expect(renderedFrom(shown.body).formProblem).toEqual({ kind: 'linkTooMany' });
    expect(shown.body).not.toContain(token);
    // The app's JSON answers the address it shows, without the token.
    const json = await user.get(`/status/1?epat=${token}`, { accept: 'application/json' });
    expect(json.statusCode).toBe(429);
    expect(json.json().location).not.toContain('epat');
    expect(json.json().data.problem).toEqual({ kind: 'linkTooMany' });
    expect(json.body).not.toContain(token);
    // An expired link's form, over the budget: the same.
    clock = new Date(START.getTime() + 100 * DAY_MS);
    const newLink = { 'status-action': 'new-link', 'sponsor-licence-number': LICENCE };
    for (let call = 0; call < 2; call += 1)
      expect((await user.post(`/status?epat=${token}`, newLink)).statusCode).toBe(200);
    const form = await user.post(`/status?epat=${token}`, {
      'status-action': 'new-link',
      'sponsor-licence-number': LICENCE,
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).not.toContain('epat');
    const formJson = await user.post(
      `/status?epat=${token}`,
      { 'status-action': 'new-link', 'sponsor-licence-number': LICENCE },
      { accept: 'application/json' },
    );
    expect(formJson.statusCode).toBe(429);
    expect(formJson.json().location).not.toContain('epat');
    // Over the forms budget too.
    await start({ formRateLimit: 1 });
    await user.post(`/status?epat=${token}`, { 'status-action': 'new-link', 'sponsor-licence-number': LICENCE });
    const forms = await user.post(`/status?epat=${token}`, {
      'status-action': 'new-link',
      'sponsor-licence-number': LICENCE,
    });
    expect(forms.statusCode).toBe(303);
    expect(forms.headers.location).not.toContain('epat');
  });
});
