import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLEARANCE_CHECK_PATH } from '#shared/api/clearance-check.ts';
import { newCheckCode } from '#shared/domain/check-code.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { listApplicationsOfSubmission } from '../db/application-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { changeApplicationStatus } from '../services/decisions/change-status.ts';
import { createDocumentService } from '../services/documents/document-service.ts';
import { renderedFrom, writeFakeWebBuild } from '../test-support/fake-web-build.ts';
import { formBrowser } from '../test-support/form-browser.ts';
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
    const pdf = (await documents.issue(await listApplicationsOfSubmission(test.db, stored.submissionId))).toString(
      'latin1',
    );
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
    });
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

  it('locks an address out for the hour after ten checks that found nothing, and a code after five', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await call({ checkCode: MADE_UP_CODE, dateOfBirth: DATE_OF_BIRTH })).json().outcome).toBe('not-valid');
    }
    const locked = await call({ checkCode, dateOfBirth: DATE_OF_BIRTH });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: 'ChecksLockedError' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(3500);
    // Another address is not locked; an hour later this one is not either.
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, '198.51.100.1')).json().outcome).toBe('valid');
    clock = new Date(START.getTime() + 60 * 60_000 + 1000);
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH })).json().outcome).toBe('valid');

    // Five wrong dates of birth for one code, from five addresses: the right one then finds
    // nothing for the hour.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await call({ checkCode, dateOfBirth: `1980-01-0${attempt + 1}` }, `192.0.2.${attempt + 1}`);
    }
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, '192.0.2.99')).json().outcome).toBe('not-valid');
    clock = new Date(clock.getTime() + 60 * 60_000 + 1000);
    expect((await call({ checkCode, dateOfBirth: DATE_OF_BIRTH }, '192.0.2.99')).json().outcome).toBe('valid');
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
      result: { outcome: 'withdrawn', withdrawnAt: START.toISOString(), checkedAt: START.toISOString() },
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
    });
    // A form from another site is refused before anything is checked.
    const forged = await browser.post('/check-a-clearance', fields, { origin: 'https://attacker.example' });
    expect(forged.statusCode).toBe(403);
    expect(await recorded()).toHaveLength(2);
  });
});
