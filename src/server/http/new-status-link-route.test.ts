import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SignJWT, base64url, importPKCS8 } from 'jose';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEW_STATUS_LINK_PATH, PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { listJobs } from '../db/job-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { createEmailSender } from '../email/email-sender.ts';
import { createJobHandlers } from '../jobs/job-handlers.ts';
import { runDueJobs } from '../jobs/outbox-worker.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import {
  STATUS_LINK_AUDIENCE,
  STATUS_LINK_ISSUER,
  createStatusLinkTokens,
  type StatusLinkTokens,
} from '../tokens/status-link-tokens.ts';
import { NEW_LINK_EMAIL_WINDOW_MS } from '../services/new-status-link.ts';
import { newTestKeyPems } from '../test-support/test-keys.ts';

const START = new Date('2026-03-02T10:00:00Z');
const DAY_MS = 86_400_000;
const { privateKeyPem, publicKeyPem } = newTestKeyPems();

describe.each(testEngines())('the new status link call on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let clock: Date;
  let config: Config;
  let tokens: StatusLinkTokens;
  let app: FastifyInstance;
  let logLines: string[];
  let submissionId: string;
  let references: string[];
  let token: string;

  beforeEach(async () => {
    clock = START;
    const dataDir = await mkdtemp(join(tmpdir(), 'new-status-link-'));
    config = {
      ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_BASE_URL: 'https://cwc.example.gov.uk' }),
      webRoot: '/nonexistent',
      tokenKeys: { privateKeyPem, publicKeyPem },
      statusRateLimit: 1000,
      retentionDays: 180,
      statusLinkTtlDays: 90,
    };
    tokens = await createStatusLinkTokens(config, { now: () => clock });
    const stored = await storeSubmission(test.db, sampleSubmission(START, [{}, {}]), START);
    if (stored.outcome !== 'created') throw new Error('not created');
    submissionId = stored.submissionId;
    references = stored.applicants.map((a) => a.applicantId);
    token = await tokens.sign(submissionId);
    const { logger, lines } = capturingLogger();
    logLines = lines;
    app = await buildApp(config, { database: test.db, logger, now: () => clock, tokens });
  });
  afterEach(async () => {
    await app.close();
    await rm(config.dataDir, { recursive: true, force: true });
  });

  const askForLink = (licence: string, jwt = token) =>
    app.inject({
      method: 'POST',
      url: NEW_STATUS_LINK_PATH,
      payload: { publicAccessTokenJWT: jwt, sponsorLicenceNumber: licence },
    });
  const status = (licence: string, jwt: string) =>
    app.inject({
      method: 'POST',
      url: PUBLIC_STATUS_PATH,
      payload: { publicAccessTokenJWT: jwt, sponsorLicenceNumber: licence },
    });
  const linkJobs = () => listJobs(test.db, { kind: 'send-status-link' });

  /** Runs every due job with the real handlers and an outbox-folder sender; returns the new-link emails. */
  async function sentLinks(): Promise<Array<{ to: string; text: string }>> {
    const { logger } = capturingLogger();
    const emailSender = createEmailSender(config, logger);
    try {
      const handlers = createJobHandlers({ db: test.db, emailSender, tokens, config });
      while ((await runDueJobs({ db: test.db, handlers, logger, now: () => clock, batchSize: 10 })) > 0);
    } finally {
      await emailSender.close?.();
    }
    const folder = join(config.dataDir, 'outbox');
    const files = (await readdir(folder).catch(() => [])).filter((file) => file.endsWith('.eml')).sort();
    const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(join(folder, file)))));
    return mails
      .filter((mail) => mail.subject?.includes(': new status link for ') === true)
      .map((mail) => ({ to: (mail.to as AddressObject).text, text: mail.text ?? '' }));
  }

  /** The same answer, whatever happened. */
  function expectSentAnswer(response: Awaited<ReturnType<typeof askForLink>>): void {
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ sent: true });
    expect(response.headers['cache-control']).toBe('no-store');
  }

  it('emails a new, working link to the stored sponsor address for an expired link and the right licence number', async () => {
    clock = new Date(START.getTime() + 100 * DAY_MS);
    expect((await status('LIC123456', token)).json()).toMatchObject({ error: 'ExpiredTokenError' });

    expectSentAnswer(await askForLink(' lic123456 '));
    expect((await linkJobs()).map((job) => job.payload)).toEqual([{ submissionId }]);

    const links = await sentLinks();
    expect(links).toHaveLength(1);
    expect(links[0]?.to).toBe('sponsor@example.org');
    for (const reference of references) expect(links[0]?.text).toContain(`Application reference: ${reference}`);
    const fresh = /https:\/\/cwc\.example\.gov\.uk\/status\?epat=([\w.-]+)/.exec(links[0]?.text ?? '')?.[1];
    expect(fresh).toBeDefined();
    const opened = await status('LIC123456', decodeURIComponent(fresh ?? ''));
    expect(opened.statusCode).toBe(200);
    expect(opened.json().items.map((item: { applicantId: string }) => item.applicantId)).toEqual(references);
  });

  it('answers the same for a wrong licence number with an expired link, sends nothing and counts nothing (decision 043)', async () => {
    clock = new Date(START.getTime() + 100 * DAY_MS);
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      clock = new Date(clock.getTime() + 60_000);
      expectSentAnswer(await askForLink(`WRONG${attempt}`));
    }
    expect(await linkJobs()).toEqual([]);
    expect(await sentLinks()).toEqual([]);
    // Nothing locked: the right number sends a link, and a link in date opens the status.
    expectSentAnswer(await askForLink('LIC123456'));
    expect(await linkJobs()).toHaveLength(1);
    expect((await status('LIC123456', await tokens.sign(submissionId))).statusCode).toBe(200);
  });

  it('answers the same for a wrong licence number with a link in date, sends nothing and counts the client’s failure: the fifth locks it out', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      clock = new Date(clock.getTime() + 60_000);
      expectSentAnswer(await askForLink(`WRONG${attempt}`));
    }
    // Locked out: the right number gets the same answer, and still nothing is sent.
    expectSentAnswer(await askForLink('LIC123456'));
    expect(await linkJobs()).toEqual([]);
    // The lockout is the status page's too, for this client.
    expect((await status('LIC123456', token)).json()).toMatchObject({ error: 'RateLimitError' });

    // An hour after the lockout began, the right number works again.
    clock = new Date(clock.getTime() + 61 * 60_000);
    expectSentAnswer(await askForLink('LIC123456'));
    expect(await linkJobs()).toHaveLength(1);
  });

  it('works with a link that has not expired yet, and sends one email per submission in a few minutes', async () => {
    expectSentAnswer(await askForLink('LIC123456'));
    expectSentAnswer(await askForLink('LIC123456'));
    expect(await linkJobs()).toHaveLength(1);
    clock = new Date(START.getTime() + NEW_LINK_EMAIL_WINDOW_MS);
    expectSentAnswer(await askForLink('LIC123456'));
    expect(await linkJobs()).toHaveLength(2);
    expect(await sentLinks()).toHaveLength(2);
  });

  it('refuses, as a link that is not valid, a tampered, foreign or unknown token, and counts nothing', async () => {
    clock = new Date(START.getTime() + 100 * DAY_MS);
    const [header, payload, signature = ''] = token.split('.');
    const tampered = base64url.decode(signature);
    tampered[7] = (tampered[7] ?? 0) ^ 0xff;
    const key = await importPKCS8(privateKeyPem, 'ES256');
    const past = Math.floor(START.getTime() / 1000);
    const claims = {
      iss: STATUS_LINK_ISSUER,
      aud: STATUS_LINK_AUDIENCE,
      sub: submissionId,
      iat: past,
      exp: past + 3600,
    };
    const refused = [
      `${header}.${payload}.${base64url.encode(tampered)}`,
      `${header}.${base64url.encode(JSON.stringify({ ...claims, sub: 'another-submission' }))}.${signature}`,
      await new SignJWT({ ...claims, aud: 'someone-else' }).setProtectedHeader({ alg: 'ES256' }).sign(key),
      `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(claims))}.`,
      await tokens.sign('no-such-submission'),
      'not-a-token',
    ];
    for (const jwt of refused) {
      const response = await askForLink('LIC123456', jwt);
      expect(response.statusCode, jwt).toBe(401);
      expect(response.json()).toMatchObject({ error: 'InvalidTokenError', message: 'Application not found' });
    }
    expect(await linkJobs()).toEqual([]);
    // None of them counted as a failure for the real submission.
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect((await status('WRONG', await tokens.sign(submissionId))).statusCode).toBe(403);
    expect((await status('LIC123456', await tokens.sign(submissionId))).statusCode).toBe(200);
  });

  it('refuses a link issued longer ago than the retention period', async () => {
    clock = new Date(START.getTime() + 180 * DAY_MS);
    expectSentAnswer(await askForLink('LIC123456'));
    clock = new Date(START.getTime() + 181 * DAY_MS);
    const response = await askForLink('LIC123456');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ error: 'InvalidTokenError' });
    expect(await linkJobs()).toHaveLength(1);
  });

  it('refuses bodies of the wrong shape and an empty licence number, and keeps tokens and numbers out of the log', async () => {
    for (const payload of [
      {},
      { publicAccessTokenJWT: token },
      { publicAccessTokenJWT: token, sponsorLicenceNumber: 'X', email: 'me@example.org' },
    ]) {
      const response = await app.inject({ method: 'POST', url: NEW_STATUS_LINK_PATH, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'InvalidRequest' });
    }
    expect((await askForLink('  ')).statusCode).toBe(400);
    await askForLink('LIC123456');
    await askForLink('WRONG987');
    await sentLinks();
    const log = logLines.join('\n');
    expect(log).toContain(NEW_STATUS_LINK_PATH);
    expect(log).toContain('"outcome":"mismatch"');
    for (const secret of [token.slice(0, 20), token.split('.')[2]!, 'LIC123456', 'WRONG987', 'sponsor@example.org'])
      expect(log).not.toContain(secret);
  });
});
