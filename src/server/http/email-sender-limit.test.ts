// Emails to strangers bounded by the sender (decision 044), through the whole app on each database
// engine and a real SMTP receiver: a client address may have the service email at most
// EMAIL_SENDER_LIMIT distinct addresses an hour, through the API, the check your answers page
// without JavaScript and "Save and come back later"; a request that would go past it is refused
// whole, storing and sending nothing, and written to the security log.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validApplicantAnswers, validApplicantPayload } from '../../../tests/fixtures/applicants.ts';
import { NEW_FROM_CONCESSION_PATH, newFormGroupId, type ApplicantPayload } from '#shared/api/new-from-concession.ts';
import { parseSavedFormState } from '#shared/journey/form-state.ts';
import { FINGERPRINT_FIELD } from '#shared/journey/page-forms.ts';
import { answersFingerprint } from '#shared/journey/submission.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { deleteEndedEmailSenders } from '../db/email-sender-repository.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { answerSingleApplication, formBrowser, type FormBrowser } from './test-support/form-browser.ts';
import { runAllDueJobs } from '../test-support/run-jobs.ts';
import { capturingLogger } from '../test-support/sample-submissions.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../test-support/smtp-receiver.ts';
import { countRows, testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { TEST_DOCUMENT_PRIVATE_KEY, newTestKeyPems } from '../test-support/test-keys.ts';
import { EMAIL_SENDER_LIMIT_ERROR } from './new-from-concession-route.ts';

const { privateKeyPem, publicKeyPem } = newTestKeyPems();
const LIMIT = 5;

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

describe.each(testEngines())('the emails a client may ask for in an hour, on $name', (engine) => {
  const database = useMigratedTestDatabase(engine);
  let clock: Date;
  let app: FastifyInstance;
  let config: Config;
  let smtp: SmtpReceiver;
  let logLines: string[];

  beforeEach(async () => {
    clock = new Date('2026-11-24T10:00:00Z');
    smtp = await startSmtpReceiver();
    config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      webRoot: build.webRoot,
      tokenKeys: { privateKeyPem, publicKeyPem },
      documentPrivateKey: TEST_DOCUMENT_PRIVATE_KEY,
      smtpUrl: smtp.url,
      submissionRateLimit: 1000,
      emailSenderLimit: LIMIT,
    };
    const { logger, lines } = capturingLogger();
    logLines = lines;
    app = await buildApp(config, { database: database.db, logger, now: () => clock });
  });
  afterEach(async () => {
    await app.close();
    await smtp.close();
  });

  /** A valid group of one applicant per worker address (undefined: none given), under a group id of its own. */
  function group(sponsor: string, workers: readonly (string | undefined)[]): ApplicantPayload[] {
    const formGroupId = newFormGroupId(randomUUID);
    return workers.map((worker, i) => {
      const payload = validApplicantPayload(
        clock,
        { concessionForm: { formGroupId, sponsorEmailAddress: sponsor } },
        { 'passport-number': `70000000${i}`, 'cos-reference': `C2G8K5765432${String(i).padStart(2, '0')}` },
      );
      const { workerEmailAddress: _given, ...details } = payload.secondaryDetails;
      return {
        concessionForm: payload.concessionForm,
        secondaryDetails: worker === undefined ? details : { ...details, workerEmailAddress: worker },
      };
    });
  }

  const send = (client: string, body: ApplicantPayload[]) =>
    app.inject({ method: 'POST', url: NEW_FROM_CONCESSION_PATH, payload: body, remoteAddress: client });

  /** Sends every email the jobs have to send; gives the addresses they went to. */
  async function emailed(): Promise<string[]> {
    await runAllDueJobs(database.db, config, capturingLogger().logger, clock);
    return smtp.received.flatMap((mail) => mail.envelopeTo).sort();
  }

  const limitedLines = () =>
    logLines.filter(
      (line) => (JSON.parse(line) as { securityEvent?: string }).securityEvent === 'email-sender-limited',
    );

  it('refuses, through the API, a request that would email more distinct addresses than its client has left in the hour, storing and sending nothing', async () => {
    const client = '203.0.113.7';
    // Three addresses, then one more (the sponsor and a worker again, in other letter case, count nothing).
    expect((await send(client, group('s1@example.org', ['w1@example.org', 'w2@example.org']))).statusCode).toBe(201);
    expect((await send(client, group('S1@Example.org', ['W1@example.org', 'w3@example.org']))).statusCode).toBe(201);
    const before = await countRows(database.db);

    // Two more would make six: the whole request is refused.
    const refused = await send(client, group('refused-sponsor@example.org', ['refused-worker@example.org']));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: EMAIL_SENDER_LIMIT_ERROR });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countRows(database.db)).toEqual(before);
    // A group whose addresses alone are more than the limit is refused as a whole too.
    const many = Array.from({ length: LIMIT + 1 }, (_, i) => `many${i}@example.org`);
    expect((await send('192.0.2.50', group('many-sponsor@example.org', many))).statusCode).toBe(429);
    expect(await countRows(database.db)).toEqual(before);

    // The same addresses emailed again do not count twice; the fifth address still fits.
    expect((await send(client, group('s1@example.org', ['w1@example.org']))).statusCode).toBe(201);
    expect((await send(client, group('fifth@example.org', [undefined]))).statusCode).toBe(201);
    expect((await send(client, group('sixth@example.org', [undefined]))).statusCode).toBe(429);

    // Another client address is not affected.
    expect((await send('198.51.100.9', group('other@example.org', ['other-worker@example.org']))).statusCode).toBe(201);

    // Every email went out, each to an address counted (the same address in other letter case too).
    const to = (await emailed()).map((address) => address.toLowerCase());
    expect(new Set(to)).toEqual(
      new Set([
        's1@example.org',
        'w1@example.org',
        'w2@example.org',
        'w3@example.org',
        'fifth@example.org',
        'other@example.org',
        'other-worker@example.org',
      ]),
    );
    expect(to.filter((address) => /refused|many|sixth/.test(address))).toEqual([]);

    // Each refusal is in the security log, without an address.
    const lines = limitedLines();
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect(JSON.parse(line)).toMatchObject({ outcome: 'submission', route: NEW_FROM_CONCESSION_PATH });
      expect(line).not.toMatch(/@|203\.0\.113\.7/);
    }
  });

  it('counts an IPv6 client by its /64, and has room again once the hour is over', async () => {
    const addresses = Array.from({ length: LIMIT - 1 }, (_, i) => `v6-${i}@example.org`);
    expect((await send('2001:db8:1:2::1', group('v6-sponsor@example.org', addresses))).statusCode).toBe(201);
    expect((await send('2001:db8:1:2::ffff', group('v6-more@example.org', [undefined]))).statusCode).toBe(429);
    expect((await send('2001:db8:1:3::1', group('v6-more@example.org', [undefined]))).statusCode).toBe(201);

    clock = new Date(clock.getTime() + 61 * 60_000);
    expect(await deleteEndedEmailSenders(database.db, clock)).toBeGreaterThan(0);
    expect((await send('2001:db8:1:2::ffff', group('v6-more@example.org', [undefined]))).statusCode).toBe(201);
  });

  it('counts across instances: two requests at once from one client cannot both take the last places', async () => {
    const second = await buildApp(config, { database: await database.openAnother(), now: () => clock });
    try {
      const three = (n: number) =>
        group(`at-once-${n}@example.org`, [`at-once-${n}a@example.org`, `at-once-${n}b@example.org`]);
      const [first, other] = await Promise.all([
        send('203.0.113.99', three(1)),
        second.inject({
          method: 'POST',
          url: NEW_FROM_CONCESSION_PATH,
          payload: three(2),
          remoteAddress: '203.0.113.99',
        }),
      ]);
      expect([first.statusCode, other.statusCode].sort()).toEqual([201, 429]);
      expect(await countRows(database.db)).toMatchObject({ submissions: 1 });
    } finally {
      await second.close();
    }
  });

  describe('through the pages', () => {
    const browser = (): FormBrowser => formBrowser(() => app);

    /** Spends the addresses of the pages' client (inject's 127.0.0.1) but `left`, through the API. */
    async function spendAllBut(left: number) {
      const workers = Array.from({ length: LIMIT - left - 1 }, (_, i) => `spent${i}@example.org`);
      expect((await send('127.0.0.1', group('spent-sponsor@example.org', workers))).statusCode).toBe(201);
    }

    it('refuses the Send of check your answers with a page that says so, storing nothing and keeping every answer', async () => {
      await spendAllBut(1);
      const user = browser();
      // The sponsor and the worker: two addresses, one left.
      await answerSingleApplication(user, validApplicantAnswers(clock));
      const shown = answersFingerprint(
        parseSavedFormState(renderedFrom((await user.get('/check-your-answers')).body).session!.formState),
      );
      const before = await countRows(database.db);
      const sent = await user.post('/check-your-answers', { action: 'send', [FINGERPRINT_FIELD]: shown });
      expect(sent.statusCode).toBe(429);
      expect(renderedFrom(sent.body).formProblem).toMatchObject({ kind: 'emailsTooMany' });
      // Its Try again sends the same form again.
      expect(renderedFrom(sent.body).formProblem).toMatchObject({
        resend: expect.arrayContaining([['action', 'send']]),
      });
      expect(await countRows(database.db)).toEqual(before);
      const kept = parseSavedFormState(renderedFrom((await user.get('/check-your-answers')).body).session!.formState);
      expect(kept.current.passengerName).toMatchObject({ 'worker-email': 'eithne@example.com' });

      // Asked as JSON (the app's form), the same problem.
      const again = await user.post(
        '/check-your-answers',
        { action: 'send', [FINGERPRINT_FIELD]: shown },
        { accept: 'application/json' },
      );
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ data: { problem: { kind: 'emailsTooMany' } } });

      expect(await emailed()).not.toContain('eithne@example.com');
      expect(limitedLines().map((line) => JSON.parse(line) as { outcome: string })).toEqual([
        expect.objectContaining({ outcome: 'submission', route: '/check-your-answers' }),
        expect.objectContaining({ outcome: 'submission', route: '/check-your-answers' }),
      ]);
    });

    it('refuses to save an application whose link would go to one address too many, saving nothing; an address already counted saves', async () => {
      await spendAllBut(0);
      const user = browser();
      expect((await user.post('/passenger-name', { action: 'save' })).headers.location).toMatch(
        /^\/save-your-application/,
      );
      const refused = await user.post('/save-your-application?from=%2Fpassenger-name', {
        'sponsor-email': 'new-contact@example.org',
      });
      expect(refused.statusCode).toBe(429);
      expect(renderedFrom(refused.body).formProblem).toMatchObject({ kind: 'emailsTooMany' });
      const { rows } = await database.db.query('SELECT 1 FROM form_sessions WHERE saved_at IS NOT NULL');
      expect(rows).toHaveLength(0);
      expect(limitedLines().map((line) => JSON.parse(line) as { outcome: string })).toEqual([
        expect.objectContaining({ outcome: 'draft', route: '/save-your-application' }),
      ]);

      // The address its client has already had emailed this hour counts nothing: saved, link sent.
      const saved = await user.post('/save-your-application?from=%2Fpassenger-name', {
        'sponsor-email': 'spent-sponsor@example.org',
      });
      expect(saved.statusCode).toBe(303);
      expect(saved.headers.location).toMatch(/^\/application-saved/);
      const to = await emailed();
      expect(to).toContain('spent-sponsor@example.org');
      expect(to).not.toContain('new-contact@example.org');
    });
  });
});
