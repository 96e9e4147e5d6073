import type { FastifyInstance } from 'fastify';
import { SignJWT, base64url, importPKCS8 } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEW_STATUS_LINK_PATH, PDF_MAKER_PATH, PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { answeredOrWaitingOnLock, backendPid } from '../test-support/lock-waits.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { pdfPageTexts } from '../test-support/pdf-text.ts';
import {
  STATUS_LINK_AUDIENCE,
  STATUS_LINK_ISSUER,
  createStatusLinkTokens,
  type StatusLinkTokens,
} from '../tokens/status-link-tokens.ts';
import { TEST_DOCUMENT_PRIVATE_KEY, newTestKeyPems } from '../test-support/test-keys.ts';

const START = new Date('2026-03-02T10:00:00Z');
const { privateKeyPem, publicKeyPem } = newTestKeyPems();

describe.each(testEngines())('the status and download calls on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let clock: Date;
  let tokens: StatusLinkTokens;
  let app: FastifyInstance;
  let logLines: string[];
  let submissionId: string;
  let ids: string[];
  let token: string;

  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    webRoot: '/nonexistent',
    tokenKeys: { privateKeyPem, publicKeyPem },
    documentPrivateKey: TEST_DOCUMENT_PRIVATE_KEY,
    statusRateLimit: 1000,
  };

  async function start(): Promise<void> {
    await app?.close();
    const { logger, lines } = capturingLogger();
    logLines = lines;
    app = await buildApp(config, { database: test.db, logger, now: () => clock, tokens });
  }

  beforeEach(async () => {
    clock = START;
    tokens = await createStatusLinkTokens(config, { now: () => clock });
    const stored = await storeSubmission(
      test.db,
      sampleSubmission(START, [{ passportNumber: 'AB1234567' }, {}, {}]),
      START,
    );
    if (stored.outcome !== 'created') throw new Error('not created');
    submissionId = stored.submissionId;
    ids = stored.applicants.map((a) => a.applicantId);
    await changeApplicationStatus(test.db, ids[0]!, { to: 'approved', actor: 'test', now: START });
    await changeApplicationStatus(test.db, ids[1]!, { to: 'rejected', reason: 'routing', actor: 'test', now: START });
    token = await tokens.sign(submissionId);
    await start();
  });
  afterEach(() => app.close());

  const status = (licence: string, jwt = token) =>
    app.inject({
      method: 'POST',
      url: PUBLIC_STATUS_PATH,
      payload: { publicAccessTokenJWT: jwt, sponsorLicenceNumber: licence },
    });
  const download = (applicantIds: string[], licence = 'LIC123456') =>
    app.inject({
      method: 'POST',
      url: PDF_MAKER_PATH,
      payload: { publicAccessTokenJWT: token, sponsorLicenceNumber: licence, applicantIds },
    });

  it('answers every application of the submission for the right token and licence number', async () => {
    // Trimmed and in any case.
    const response = await status('  lic123456 ');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body).toMatchObject({ sponsorName: 'Example Theatre Ltd', sponsorReference: 'LIC123456' });
    expect(
      body.items.map((item: { applicantId: string; status: string; decisionReason: string | null }) => [
        item.applicantId,
        item.status,
        item.decisionReason,
      ]),
    ).toEqual([
      [ids[0], 'approved', null],
      [ids[1], 'rejected', 'routing'],
      [ids[2], 'in-progress', null],
    ]);
    expect(body.items[0]).toMatchObject({
      cosReference: 'COS0',
      familyName: 'Family0',
      givenNames: 'Given0',
      passportNumber: '••••••567',
      dateOfArrival: '2026-03-12',
      leaveDate: '2026-04-11',
      submittedAt: START.toISOString(),
    });
    expect(response.body).not.toContain('AB1234567');
  });

  it('refuses a wrong licence number with 403 and the attempts left, and locks the submission for an hour at the fifth, across restarts', async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      clock = new Date(START.getTime() + attempt * 60_000);
      const response = await status('WRONG');
      expect(response.statusCode, `attempt ${attempt}`).toBe(403);
      expect(response.json()).toEqual({
        error: 'AuthorisationError',
        message: 'Your sponsor licence number does not match this application',
        remainingAttempts: 5 - attempt,
      });
    }
    // The fifth wrong number is answered with the lockout it starts, and when it ends.
    clock = new Date(START.getTime() + 5 * 60_000 + 30_000);
    const fifth = await status('WRONG');
    expect(fifth.statusCode).toBe(429);
    const lockedUntil = new Date(clock.getTime() + 60 * 60_000).toISOString();
    expect(fifth.json()).toEqual({
      error: 'RateLimitError',
      message: 'Due to too many failed attempts you are locked out for an hour',
      lockedUntil,
    });
    clock = new Date(START.getTime() + 6 * 60_000);
    const sixth = await status('LIC123456');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ error: 'RateLimitError', lockedUntil });
    expect((await download([ids[0]!])).json()).toMatchObject({ error: 'RateLimitError', lockedUntil });

    // Another instance (or this one restarted) sees the same lockout.
    await start();
    expect((await status('LIC123456')).statusCode).toBe(429);
    clock = new Date(START.getTime() + 65 * 60_000);
    expect((await status('LIC123456')).statusCode).toBe(429);
    // An hour after the lockout began, open again; the failures before it no longer count.
    clock = new Date(START.getTime() + 66 * 60_000);
    expect((await status('LIC123456')).statusCode).toBe(200);
    expect((await status('WRONG')).statusCode).toBe(403);
    expect((await status('LIC123456')).statusCode).toBe(200);
  });

  it('refuses the right number on both calls during a lockout, without counting it or moving the lockout', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      clock = new Date(START.getTime() + attempt * 60_000);
      expect((await status('WRONG')).statusCode).toBe(attempt < 5 ? 403 : 429);
    }
    const failures = async () =>
      (await test.db.query<{ n: number }>('SELECT count(*) AS n FROM licence_attempt_failures')).rows[0]?.n;
    const lockedAt = async () =>
      (
        await test.db.query<{ locked_at: Date }>('SELECT locked_at FROM licence_lockouts')
      ).rows[0]?.locked_at.toISOString();
    const lockoutBegan = new Date(START.getTime() + 5 * 60_000);
    expect(await lockedAt()).toBe(lockoutBegan.toISOString());
    for (const minutes of [0, 30, 59.99]) {
      clock = new Date(lockoutBegan.getTime() + minutes * 60_000);
      expect((await status('LIC123456')).statusCode, `${minutes} minutes in`).toBe(429);
      expect((await download([ids[0]!])).statusCode, `${minutes} minutes in`).toBe(429);
    }
    expect(await failures()).toBe(5);
    expect(await lockedAt()).toBe(lockoutBegan.toISOString());
    clock = new Date(lockoutBegan.getTime() + 60 * 60_000);
    expect((await status('LIC123456')).statusCode).toBe(200);
    expect((await download([ids[0]!])).statusCode).toBe(200);
  });

  // One in-memory PGlite is one connection: a transaction there holds up every other query.
  it.runIf(engine.name === 'postgres')(
    'answers the right number without waiting for a lock on the submission, while a wrong number waits to be counted',
    async () => {
      const other = await test.openAnother();
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding: (pid: number) => void = () => {};
      const held = new Promise<number>((resolve) => (holding = resolve));
      // Another instance counting a failure holds the row like this.
      const lock = other.transaction(async (tx) => {
        await tx.query('SELECT id FROM submissions WHERE id = $1 FOR UPDATE', [submissionId]);
        holding(await backendPid(tx));
        await released;
      });
      let wrong: ReturnType<typeof status> | undefined;
      try {
        const holder = await held;
        // Each is answered, or seen waiting on the other instance's lock, whichever comes first.
        const right = await answeredOrWaitingOnLock(test.db, holder, status('LIC123456'));
        expect(right === 'waiting on the lock' ? right : right.answer.statusCode).toBe(200);
        const pdf = await answeredOrWaitingOnLock(test.db, holder, download([ids[0]!]));
        expect(pdf === 'waiting on the lock' ? pdf : pdf.answer.statusCode).toBe(200);
        wrong = status('WRONG');
        expect(await answeredOrWaitingOnLock(test.db, holder, wrong)).toBe('waiting on the lock');
      } finally {
        release();
        await lock;
      }
      expect((await wrong).statusCode).toBe(403);
      const { rows } = await test.db.query<{ n: number }>('SELECT count(*) AS n FROM licence_attempt_failures');
      expect(rows[0]?.n).toBe(1);
    },
  );

  it('does not lock for failures spread over more than an hour', async () => {
    for (let attempt = 0; attempt < 8; attempt += 1) {
      clock = new Date(START.getTime() + attempt * 20 * 60_000);
      expect((await status('WRONG')).statusCode).toBe(403);
    }
    expect((await status('LIC123456')).statusCode).toBe(200);
  });

  it('tells an expired link from a link that is not valid', async () => {
    const expired = await tokens.sign(submissionId);
    clock = new Date(START.getTime() + 91 * 86_400_000);
    const answer = await status('LIC123456', expired);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ error: 'ExpiredTokenError' });
    clock = START;

    const key = await importPKCS8(privateKeyPem, 'ES256');
    const claims = {
      iss: STATUS_LINK_ISSUER,
      aud: STATUS_LINK_AUDIENCE,
      sub: submissionId,
      exp: Math.floor(START.getTime() / 1000) + 3600,
    };
    const [header, payload, signature = ''] = token.split('.');
    const tampered = base64url.decode(signature);
    tampered[5] = (tampered[5] ?? 0) ^ 0xff;
    const invalid = [
      `${header}.${payload}.${base64url.encode(tampered)}`,
      await new SignJWT({ ...claims, aud: 'someone-else' }).setProtectedHeader({ alg: 'ES256' }).sign(key),
      `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${base64url.encode(JSON.stringify(claims))}.`,
      // Signed by us, for a submission that does not exist.
      await tokens.sign('no-such-submission'),
      'not-a-token',
    ];
    for (const jwt of invalid) {
      const response = await status('LIC123456', jwt);
      expect(response.statusCode, jwt).toBe(401);
      expect(response.json()).toMatchObject({ error: 'InvalidTokenError', message: 'Application not found' });
    }
  });

  it('makes PDFs of approved applications only', async () => {
    const response = await download([ids[0]!]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="pre-clearance-${ids[0]}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const [page] = await pdfPageTexts(response.rawPayload);
    expect(page).toContain('Family0');
    expect(page).toContain(ids[0]);

    expect((await download([ids[1]!])).json()).toMatchObject({ error: 'NotApprovedError' });
    expect((await download([ids[2]!])).statusCode).toBe(409);
    expect((await download(['an-id-of-another-submission'])).statusCode).toBe(404);
    expect((await download([])).json()).toMatchObject({ error: 'InvalidRequest' });
    expect((await download([ids[0]!], 'WRONG')).statusCode).toBe(403);
  });

  it('answers JSON errors for bodies of the wrong shape, and keeps tokens out of the log', async () => {
    for (const payload of [
      {},
      { publicAccessTokenJWT: token },
      { publicAccessTokenJWT: token, sponsorLicenceNumber: 5 },
      [],
    ]) {
      const response = await app.inject({ method: 'POST', url: PUBLIC_STATUS_PATH, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'InvalidRequest' });
    }
    expect((await status('')).statusCode).toBe(400);
    await status('LIC123456');
    expect(logLines.join('\n')).toContain(PUBLIC_STATUS_PATH);
    expect(logLines.join('\n')).not.toContain(token.slice(0, 20));
    expect(logLines.join('\n')).not.toContain('LIC123456');
  });

  it('refuses a licence number holding a control or bidi character with a 400, without counting an attempt, and a token holding one as not ours', async () => {
    for (const character of ['\u0000', '\u001B', '\t', '\u202E', '\u2066']) {
      for (const path of [PUBLIC_STATUS_PATH, NEW_STATUS_LINK_PATH]) {
        const response = await app.inject({
          method: 'POST',
          url: path,
          payload: { publicAccessTokenJWT: token, sponsorLicenceNumber: `LIC${character}123456` },
        });
        expect(response.statusCode, path).toBe(400);
        expect(response.json(), path).toMatchObject({
          error: 'InvalidRequest',
          details: [{ field: 'sponsorLicenceNumber', rule: 'check' }],
        });
      }
      const forged = await status('LIC123456', `${token.slice(0, 10)}${character}${token.slice(10)}`);
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toMatchObject({ error: 'InvalidTokenError' });
    }
    // None of them counted: the right number still opens the submission after 15 refusals.
    expect((await status('LIC123456')).statusCode).toBe(200);
    const { rows } = await test.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM licence_attempt_failures',
    );
    expect(rows[0]?.count ?? 0).toBe(0);
  });
});
