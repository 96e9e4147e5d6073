import type { FastifyInstance } from 'fastify';
import { issuedPdf } from '../test-support/sample-documents.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLEARANCE_CHECK_PATH } from '#shared/api/clearance-check.ts';
import { newCheckCode } from '#shared/domain/check-code.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { listSubmissionApplicationViews } from '../services/applications/application-view.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import { createDocumentService } from '../services/documents/document-service.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { formBrowser } from './test-support/form-browser.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { TEST_DOCUMENT_PRIVATE_KEY } from '../test-support/test-keys.ts';
import { createDocumentTokens, type DocumentTokens } from '../tokens/document-tokens.ts';

const START = new Date('2026-03-02T10:00:00Z');
const DATE_OF_BIRTH = '1990-01-31';
/** A code written as the service writes them, that no document has. */
const MADE_UP_CODE = newCheckCode(() => new Uint8Array(8).fill(7));

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

describe.each(testEngines())('checking a document, with and without JavaScript, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let clock: Date;
  let app: FastifyInstance;
  let tokens: DocumentTokens;
  let logLines: string[];
  let applicantId: string;
  let checkCode: string;
  let link: string;
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    documentPrivateKey: TEST_DOCUMENT_PRIVATE_KEY,
    checkRateLimit: 1000,
  };

  beforeEach(async () => {
    clock = START;
    tokens = await createDocumentTokens(config);
    const stored = await storeSubmission(test.db, sampleSubmission(START), START);
    if (stored.outcome !== 'created') throw new Error('not created');
    applicantId = stored.applicants[0]!.applicantId;
    await changeApplicationStatus(test.db, applicantId, { to: 'approved', actor: 'test', now: START });
    const documents = createDocumentService({ database: test.db, now: () => clock, tokens: async () => tokens });
    const pdf = issuedPdf(
      await documents.issue(await listSubmissionApplicationViews(test.db, stored.submissionId)),
    ).toString('latin1');
    link = /\/URI \((https?:[^)]+)\)/.exec(pdf)![1]!;
    checkCode = /\b([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z])\b/.exec(pdf)![1]!;
    const { logger, lines } = capturingLogger();
    logLines = lines;
    app = await buildApp(
      { ...config, webRoot: build.webRoot },
      { database: test.db, logger, now: () => clock, documentTokens: tokens },
    );
  });
  afterEach(() => app.close());

  const call = (payload: object, address = '203.0.113.7') =>
    app.inject({ method: 'POST', url: CLEARANCE_CHECK_PATH, payload, remoteAddress: address });
  const recorded = async () =>
    (
      await test.db.query<{ way: string; checkCode: string | null; outcome: string }>(
        'SELECT way, check_code AS "checkCode", outcome FROM clearance_checks ORDER BY id',
      )
    ).rows;
  const pathOfLink = () => link.replace(/^https?:\/\/[^/]+/, '');

  it('answers the call for the code and date of birth, and for the QR code’s token, recording each check', async () => {
    const typed = await call({ checkCode: checkCode.toLowerCase(), dateOfBirth: DATE_OF_BIRTH });
    expect(typed.statusCode).toBe(200);
    expect(typed.headers['cache-control']).toBe('no-store');
    expect(typed.json()).toMatchObject({
      outcome: 'valid',
      applicationReference: applicantId,
      checkCode,
      familyName: 'Family0',
      givenNames: 'Given0',
      sponsorName: 'Example Theatre Ltd',
      documentIssuedAt: START.toISOString(),
      checkedAt: START.toISOString(),
      // What lets an officer match the person in front of them: never the whole passport number.
      dateOfBirth: DATE_OF_BIRTH,
      nationality: sampleSubmission(START).applicants[0]!.secondaryDetails.nationality,
      passportNumber: '••••••000',
    });
    expect(typed.body).not.toContain('P00000000');
    const scanned = await call({ token: new URL(link).searchParams.get('t') });
    expect(scanned.json()).toMatchObject({ outcome: 'valid', checkCode });
    expect(await recorded()).toEqual([
      { way: 'code', checkCode, outcome: 'valid' },
      { way: 'token', checkCode, outcome: 'valid' },
    ]);
    // Names, dates of birth and tokens never reach a log line.
    expect(logLines.join('\n')).not.toMatch(/Family0|1990-01-31|eyJ/);
  });

  it('answers only "not valid" to a wrong date of birth, a made-up code and a tampered token, storing each attempt', async () => {
    const token = new URL(link).searchParams.get('t')!;
    const [header, claims, signature] = token.split('.');
    const tampered = `${header}.${Buffer.from(
      Buffer.from(claims!, 'base64url').toString().replace('Given0', 'Given9'),
    ).toString('base64url')}.${signature}`;
    for (const payload of [
      { checkCode, dateOfBirth: '1990-01-30' },
      { checkCode: MADE_UP_CODE, dateOfBirth: DATE_OF_BIRTH },
      { token: tampered },
    ]) {
      const response = await call(payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ outcome: 'not-valid', checkedAt: START.toISOString() });
    }
    expect(await recorded()).toEqual([
      { way: 'code', checkCode, outcome: 'not-valid' },
      { way: 'code', checkCode: MADE_UP_CODE, outcome: 'not-valid' },
      { way: 'token', checkCode: null, outcome: 'not-valid' },
    ]);
  });

  it('refuses a question the page would not ask, looking nothing up', async () => {
    const response = await call({ checkCode: 'K3M9-QF2X-B', dateOfBirth: '2999-01-01' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'InvalidRequest',
      details: [
        { field: 'check-code', rule: 'validCode' },
        { field: 'date-of-birth', rule: 'beforeToday' },
      ],
    });
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH, extra: 1 })).statusCode).toBe(400);
    expect(await recorded()).toEqual([]);
  });

  /** A code written as the service writes them that no document has, one per `n`. */
  const madeUpCode = (n: number) => newCheckCode(() => new Uint8Array(8).fill(n));
  const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * 60_000);
  const securityEvents = () =>
    logLines
      .map((line) => JSON.parse(line) as { securityEvent?: string; outcome?: string })
      .filter((line) => line.securityEvent !== undefined)
      .map((line) => `${line.securityEvent} ${line.outcome}`);
  /** Expects the locked answer, never "not valid": a 429 saying when to try again. */
  const expectLockedUntil = async (response: Awaited<ReturnType<typeof call>>, until: Date) => {
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ error: 'ChecksLockedError', retryAt: until.toISOString() });
    expect(response.json().message).toMatch(/try again at/);
    expect(Number(response.headers['retry-after'])).toBe(Math.ceil((until.getTime() - clock.getTime()) / 1000));
  };

  it('a genuine document stays valid after an attacker’s five wrong dates of birth: to another address at once, to the same address once its lock is over', async () => {
    const attacker = '203.0.113.66';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      clock = minutesAfter(START, attempt === 5 ? 1 : 0);
      const wrong = await call({ checkCode, dateOfBirth: `1980-01-0${attempt}` }, attacker);
      expect(wrong.json()).toMatchObject({ outcome: 'not-valid' });
    }
    // An officer at another address is told the truth.
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, '198.51.100.1')).json()).toMatchObject({
      outcome: 'valid',
      checkCode,
    });
    // At the attacker's address the code is locked for an hour from its fifth failure: the answer
    // is "try again at", never "not valid", and retries do not keep the lock going.
    const lockEnds = minutesAfter(START, 61);
    for (const minutes of [2, 30, 60]) {
      clock = minutesAfter(START, minutes);
      await expectLockedUntil(await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, attacker), lockEnds);
    }
    clock = lockEnds;
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, attacker)).json()).toMatchObject({
      outcome: 'valid',
    });
    expect(securityEvents().filter((event) => event.startsWith('check-'))).toEqual([
      ...Array<string>(5).fill('check-not-valid typed'),
      'check-limited locked',
      'check-limited locked',
      'check-limited locked',
    ]);
  });

  it('slows an address’s typed checks that keep finding nothing, then stops them for an hour; a QR code that verifies is never refused', async () => {
    const address = '203.0.113.9';
    const token = new URL(link).searchParams.get('t')!;
    // Four failures cost nothing; after each further one the next typed check waits 1, 2, 4, 8,
    // 15 and 15 minutes (rounded up to the whole minute), and the tenth stops typed checks for an hour.
    const waits = [1, 2, 4, 8, 15, 15];
    let n = 0;
    const fail = async () => {
      n += 1;
      expect((await call({ checkCode: madeUpCode(n), dateOfBirth: DATE_OF_BIRTH }, address)).json().outcome).toBe(
        'not-valid',
      );
    };
    for (let i = 0; i < 4; i += 1) await fail();
    for (const wait of waits) {
      const until = minutesAfter(clock, wait);
      await expectLockedUntil(await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, address), until);
      // The right code is refused too (no answer at all), and a QR code that verifies is answered.
      expect((await call({ token }, address)).json()).toMatchObject({ outcome: 'valid', checkCode });
      clock = minutesAfter(until, -0.5);
      await expectLockedUntil(await call({ checkCode: madeUpCode(99), dateOfBirth: DATE_OF_BIRTH }, address), until);
      clock = until;
      await fail();
    }
    expect(n).toBe(10);
    const stopEnds = minutesAfter(clock, 60);
    await expectLockedUntil(await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, address), stopEnds);
    // Stopped: typed checks wait the hour, QR codes that verify are answered, from this address and any other.
    expect((await call({ token }, address)).json()).toMatchObject({ outcome: 'valid' });
    expect((await call({ token }, '198.51.100.1')).json()).toMatchObject({ outcome: 'valid' });
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, '198.51.100.1')).json().outcome).toBe('valid');
    clock = minutesAfter(stopEnds, -1);
    await expectLockedUntil(await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, address), stopEnds);
    clock = stopEnds;
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, address)).json().outcome).toBe('valid');

    const events = securityEvents().filter((event) => event.startsWith('check-'));
    expect(events.filter((event) => event === 'check-not-valid typed')).toHaveLength(10);
    expect(events.filter((event) => event === 'check-limited slowed')).toHaveLength(12);
    expect(events.filter((event) => event === 'check-limited locked')).toHaveLength(2);
  });

  it('an IPv6 address counts by its /64; a token that does not verify counts as a failure of the address', async () => {
    const [header, claims, signature] = new URL(link).searchParams.get('t')!.split('.');
    const forged = `${header}.${claims}.${signature!.slice(0, -4)}AAAA`;
    for (let i = 1; i <= 4; i += 1) {
      const response = await call({ token: `${forged}${i}` }, `2001:db8:1:2::${i}`);
      expect(response.json().outcome).toBe('not-valid');
    }
    // The fifth from the same /64 waits a minute, typed or a token that does not verify.
    await expectLockedUntil(
      await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, '2001:db8:1:2:ffff::1'),
      minutesAfter(START, 1),
    );
    await expectLockedUntil(await call({ token: forged }, '2001:db8:1:2::9'), minutesAfter(START, 1));
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, '2001:db8:1:3::1')).json().outcome).toBe('valid');
    expect(securityEvents().filter((event) => event.startsWith('check-'))).toEqual([
      ...Array<string>(4).fill('check-not-valid token'),
      'check-limited slowed',
      'check-limited slowed',
    ]);
  });

  it('lets through no more failures than the limits allow when an address sends many checks at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => call({ checkCode: madeUpCode(i + 1), dateOfBirth: DATE_OF_BIRTH })),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(4).fill(200), ...Array<number>(8).fill(429)]);
  });

  it('without JavaScript: a check refused by a limit shows the locked page with the time, never "not valid"', async () => {
    const browser = formBrowser(() => app);
    await browser.get('/check-a-clearance');
    const fields = (code: string, day: string) => ({
      'check-code': code,
      'date-of-birth-day': day,
      'date-of-birth-month': '1',
      'date-of-birth-year': '1990',
    });
    for (let day = 1; day <= 4; day += 1) {
      const wrong = await browser.post('/check-a-clearance', fields(checkCode, String(day)));
      expect(renderedFrom(wrong.body).outcome?.check).toMatchObject({
        kind: 'result',
        result: { outcome: 'not-valid' },
      });
    }
    const slowed = await browser.post('/check-a-clearance', fields(checkCode, '31'));
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('60');
    expect(renderedFrom(slowed.body).outcome?.check).toEqual({
      kind: 'locked',
      until: minutesAfter(START, 1).toISOString(),
    });
    clock = minutesAfter(START, 1);
    const valid = await browser.post('/check-a-clearance', fields(checkCode, '31'));
    expect(renderedFrom(valid.body).outcome?.check).toMatchObject({ kind: 'result', result: { outcome: 'valid' } });
  });

  it('without JavaScript: the QR code’s link shows the answer as the page is rendered; HEAD checks nothing', async () => {
    const browser = formBrowser(() => app);
    const page = await browser.get(pathOfLink(), { 'sec-fetch-dest': 'document' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(renderedFrom(page.body).outcome?.check).toMatchObject({
      kind: 'result',
      result: { outcome: 'valid', checkCode },
    });
    expect((await browser.head(pathOfLink())).statusCode).toBe(200);
    expect(renderedFrom((await browser.get(pathOfLink(), { 'sec-fetch-dest': 'image' })).body).outcome?.check).toBe(
      undefined,
    );
    expect(await recorded()).toHaveLength(1);

    await changeApplicationStatus(test.db, applicantId, { to: 'withdrawn', actor: 'test', now: START });
    const withdrawn = await browser.get(pathOfLink());
    expect(renderedFrom(withdrawn.body).outcome?.check).toEqual({
      kind: 'result',
      result: {
        outcome: 'withdrawn',
        applicationReference: applicantId,
        withdrawnAt: START.toISOString(),
        checkedAt: START.toISOString(),
      },
    });
  });

  it('reads a date of birth written with Arabic-Indic or full-width digits, by the call and by the form (decision 031)', async () => {
    const arabic = (text: string) => text.replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
    const called = await call({ checkCode, dateOfBirth: arabic(DATE_OF_BIRTH) });
    expect(called.json()).toMatchObject({ outcome: 'valid', checkCode });
    const browser = formBrowser(() => app);
    await browser.get('/check-a-clearance');
    const posted = await browser.post('/check-a-clearance', {
      'check-code': checkCode,
      'date-of-birth-day': '٣١',
      'date-of-birth-month': '١',
      'date-of-birth-year': '１９９０',
    });
    expect(renderedFrom(posted.body).outcome?.check).toMatchObject({ kind: 'result', result: { outcome: 'valid' } });
  });

  it('without JavaScript: the form shows its errors, then the answer, and a wrong date of birth finds nothing', async () => {
    const browser = formBrowser(() => app);
    await browser.get('/check-a-clearance');
    const empty = await browser.post('/check-a-clearance', { 'check-code': '' });
    expect(empty.statusCode).toBe(422);
    expect(renderedFrom(empty.body).outcome?.check).toEqual({
      kind: 'ask',
      answers: { 'check-code': '', 'date-of-birth': { day: '', month: '', year: '' } },
      errors: { 'check-code': 'required', 'date-of-birth': 'required' },
    });
    const fields = {
      'check-code': ` ${checkCode.replace(/-/g, ' ')} `,
      'date-of-birth-day': '31',
      'date-of-birth-month': '1',
      'date-of-birth-year': '1990',
    };
    const valid = await browser.post('/check-a-clearance', fields);
    expect(valid.statusCode).toBe(200);
    expect(renderedFrom(valid.body).outcome?.check).toMatchObject({ kind: 'result', result: { outcome: 'valid' } });
    const wrong = await browser.post('/check-a-clearance', { ...fields, 'date-of-birth-day': '30' });
    expect(wrong.statusCode).toBe(404);
    expect(renderedFrom(wrong.body).outcome?.check).toEqual({
      kind: 'result',
      result: { outcome: 'not-valid', checkedAt: START.toISOString() },
      // The code typed, as the service writes it: "Check another document" keeps it.
      checkCode,
    });
    // That link opens the question with the code filled in, checking nothing.
    const again = await browser.get(`/check-a-clearance?code=${checkCode}`);
    expect(again.statusCode).toBe(200);
    expect(renderedFrom(again.body).outcome?.check).toEqual({
      kind: 'ask',
      answers: { 'check-code': checkCode, 'date-of-birth': { day: '', month: '', year: '' } },
      errors: {},
    });
    // A form from another site is refused before anything is checked.
    const forged = await browser.post('/check-a-clearance', fields, { origin: 'https://attacker.example' });
    expect(forged.statusCode).toBe(403);
    expect(await recorded()).toHaveLength(2);
  });
});
