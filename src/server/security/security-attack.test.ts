// A scripted attack on a real server process, from addresses of its own (behind one trusted proxy):
// the security log has one line per event, each of the expected kind, with a hashed client and
// never the personal data, licence number, token or client address that went into the requests.
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CLEARANCE_CHECK_PATH } from '#shared/api/clearance-check.ts';
import { newCheckCode } from '#shared/domain/check-code.ts';
import { NEW_FROM_CONCESSION_PATH, newFormGroupId } from '#shared/api/new-from-concession.ts';
import { PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import { FIXTURE_SPONSOR, validApplicantPayload, validRequest } from '../../../tests/fixtures/applicants.ts';
import type { RunningServer } from '../test-support/child-process.ts';
import {
  databaseUrlFor,
  killIfRunning,
  makeServerDirectory,
  startServer,
  testDatabaseUrl,
  waitFor,
  expectExitCode,
} from '../test-support/child-process.ts';
import { runMigrations } from '../db/migrations.ts';
import { testEngines, type TestDatabase } from '../test-support/test-databases.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../test-support/smtp-receiver.ts';

let dir: string;
let serverEnv: Record<string, string>;
let smtp: SmtpReceiver;
let server: RunningServer | undefined;
let database: TestDatabase | undefined;

beforeEach(async () => {
  ({ dir, env: serverEnv } = await makeServerDirectory());
  smtp = await startSmtpReceiver();
});
afterEach(async () => {
  await killIfRunning(server);
  server = undefined;
  await database?.dispose();
  database = undefined;
  await smtp.close();
  await rm(dir, { recursive: true, force: true });
});

const SPONSOR_ADDRESS = '198.51.100.20';
const ATTACKER_ADDRESS = '203.0.113.66';

interface SecurityLine {
  readonly securityEvent: string;
  readonly client: string;
  readonly route: string;
  readonly outcome: string;
}

/** The server's database: its own PGlite, or a schema of its own on the PostgreSQL server of DATABASE_URL. */
async function databaseEnv(engine: 'pglite' | 'postgres'): Promise<Record<string, string>> {
  const postgres = testEngines().find((e) => e.name === 'postgres');
  const url = testDatabaseUrl();
  if (engine === 'pglite' || postgres === undefined || url === undefined) return {};
  database = await postgres.open();
  await runMigrations(database.db);
  return { DATABASE_URL: await databaseUrlFor(database.db, url) };
}

it.each(testEngines().map((engine) => engine.name))(
  'logs each event of a scripted attack once, with no personal data, on %s',
  { timeout: 120_000 },
  async (engine) => {
    server = await startServer({
      ...serverEnv,
      ...(await databaseEnv(engine)),
      SMTP_URL: smtp.url,
      // The test is the proxy: the client address is the last entry of X-Forwarded-For.
      TRUST_PROXY: '1',
      SECURITY_LOG_KEY: 'a key of this test',
      STATUS_RATE_LIMIT: '8',
      EMAIL_SENDER_LIMIT: '2',
      CASEWORKER_CONSOLE: 'true',
      LOCAL_IDP_PORT: '0',
    });
    const base = server.baseUrl;
    const send = (address: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...headers },
        body: JSON.stringify(body),
      });

    // The sponsor applies, and is emailed the status link.
    const applicant = validApplicantPayload(new Date());
    const passportNumber = '804512367';
    const submitted = await send(SPONSOR_ADDRESS, NEW_FROM_CONCESSION_PATH, [
      {
        concessionForm: { ...applicant.concessionForm, formGroupId: newFormGroupId(randomUUID), passportNumber },
        secondaryDetails: applicant.secondaryDetails,
      },
    ]);
    expect(submitted.status).toBe(201);
    const [{ applicantId }] = (await submitted.json()) as [{ applicantId: string }];
    await waitFor(async () => smtp.received.length >= 1, 'the confirmation email');
    const texts = await Promise.all(smtp.received.map(async ({ raw }) => (await simpleParser(raw)).text ?? ''));
    const token = texts.map((text) => /epat=([\w.-]+)/.exec(text)?.[1]).find((found) => found !== undefined)!;
    expect(token).toBeDefined();

    // The attacker: a form from another site; wrong licence numbers until the status calls are
    // refused by the address's limit; a made-up check code.
    const crossSite = await fetch(`${base}/cookies`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'x-forwarded-for': ATTACKER_ADDRESS,
      },
      body: 'cookies=accept',
    });
    expect(crossSite.status).toBe(403);
    const statusCodes: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      const wrong = await send(ATTACKER_ADDRESS, PUBLIC_STATUS_PATH, {
        publicAccessTokenJWT: token,
        sponsorLicenceNumber: 'WRONG0001',
      });
      statusCodes.push(wrong.status);
    }
    // Five wrong numbers lock the link at the attacker's address (403 four times, then 429), then
    // the address's status budget runs out.
    expect(statusCodes).toEqual([403, 403, 403, 403, 429, 429, 429, 429, 429]);
    // The sponsor, at their own address, is not locked out, and is told of the lockout.
    const sponsorStatus = await send(SPONSOR_ADDRESS, PUBLIC_STATUS_PATH, {
      publicAccessTokenJWT: token,
      sponsorLicenceNumber: FIXTURE_SPONSOR['sponsor-reference'],
    });
    expect(sponsorStatus.status).toBe(200);
    await waitFor(async () => smtp.received.length >= 3, 'the lockout notice');
    // Strangers' addresses in a group: three addresses, past the attacker's limit of two.
    const strangers = validRequest(new Date(), 2).map((payload, index) => ({
      concessionForm: { ...payload.concessionForm, formGroupId: newFormGroupId(randomUUID) },
      secondaryDetails: { ...payload.secondaryDetails, workerEmailAddress: `stranger-${index}@example.net` },
    }));
    const groupId = strangers[0]!.concessionForm.formGroupId;
    const spam = await send(
      ATTACKER_ADDRESS,
      NEW_FROM_CONCESSION_PATH,
      strangers.map((one) => ({ ...one, concessionForm: { ...one.concessionForm, formGroupId: groupId } })),
    );
    expect(spam.status).toBe(429);
    const madeUpCode = newCheckCode(randomBytes);
    const check = await send(ATTACKER_ADDRESS, CLEARANCE_CHECK_PATH, {
      checkCode: madeUpCode,
      dateOfBirth: '1990-01-01',
    });
    expect(check.status).toBe(200);
    // A staff sign-in callback that no sign-in started.
    const callback = await fetch(`${base}/caseworker/auth/callback?code=made-up&state=made-up`, {
      headers: { 'x-forwarded-for': ATTACKER_ADDRESS },
    });
    expect(callback.status).toBe(400);

    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line.includes('"securityEvent"'))
      .map((line) => JSON.parse(line) as SecurityLine);
    const counts: Record<string, number> = {};
    for (const line of lines) counts[line.securityEvent] = (counts[line.securityEvent] ?? 0) + 1;
    expect(counts).toEqual({
      'cross-site-refused': 1,
      'licence-number-wrong': 5,
      'licence-lockout-started': 1,
      'rate-limited': 1,
      'email-sender-limited': 1,
      'check-not-valid': 1,
      'sign-in-failed': 1,
    });
    // Every line is the attacker's, named alike in each.
    expect(new Set(lines.map((line) => line.client)).size).toBe(1);
    expect(lines.every((line) => /^[\w-]{16}$/.test(line.client))).toBe(true);

    const log = server.stdout();
    const { secondaryDetails } = applicant;
    for (const secret of [
      secondaryDetails.familyName,
      secondaryDetails.givenNames,
      FIXTURE_SPONSOR['sponsor-email'],
      FIXTURE_SPONSOR['sponsor-name'],
      FIXTURE_SPONSOR['sponsor-reference'],
      'WRONG0001',
      'stranger-0@example.net',
      'stranger-1@example.net',
      madeUpCode,
      '1990-01-01',
      passportNumber,
      token,
      token.slice(0, 20),
      SPONSOR_ADDRESS,
      ATTACKER_ADDRESS,
    ]) {
      expect(log).not.toContain(secret);
    }
    // The operational log follows an application by its reference; the security log names none.
    expect(JSON.stringify(lines)).not.toContain(applicantId);
    // Stopped as a deployment stops it, so no email is cut off half sent.
    server.child.kill('SIGTERM');
    await expectExitCode(server, 0);
  },
);
