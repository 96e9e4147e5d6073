// A certificate of sponsorship number already given in another application in progress or
// approved (decision 017): the database compares numbers as the pages do, finds only the
// applications the warning is about, through an index; the call says "in use" and nothing more,
// refuses what the pages would never send and spends the address's budget of forms; and the
// pages rendered without JavaScript are given the same answer.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import { COS_REFERENCES_IN_USE_PATH } from '#shared/api/cos-references-in-use.ts';
import { comparableCosReference } from '#shared/journey/same-cos-reference.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import {
  findCosReferencesInUse,
  listApplicationsOfSubmission,
  purgePersonalData,
  updateApplicationStatus,
} from '../db/application-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { renderedFrom, writeFakeWebBuild } from './test-support/fake-web-build.ts';
import { answerSingleApplication, formBrowser } from './test-support/form-browser.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { countRows, testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';

const NOW = new Date('2026-11-24T10:00:00Z');
const ADDRESS = '203.0.113.9';

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
beforeAll(async () => {
  build = await writeFakeWebBuild();
});
afterAll(async () => {
  await build.remove();
});

// Every kind of white space JavaScript's \s knows, letters in both cases (a–z and beyond), digits
// and signs: what a pasted number can hold.
const CHARACTERS = [
  ...'aAzZcCqQ09-/.',
  ...'\t\n\v\f\r \u00A0\u1680\u2000\u2005\u200A\u2028\u2029\u202F\u205F\u3000\uFEFF',
  ...'éÉßıİǅﬀΣς\u200B\u200E',
];

describe.each(testEngines())('COS numbers in use, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let app: FastifyInstance;

  const start = (formRateLimit = 1000) =>
    buildApp(
      { ...loadConfig({ NODE_ENV: 'test' }), webRoot: build.webRoot, formRateLimit },
      { database: test.db, now: () => NOW, logger: capturingLogger().logger },
    );
  beforeEach(async () => {
    app = await start();
  });
  afterEach(() => app.close());

  /** Stores one submission of applicants with these COS numbers; returns its group id and applicant ids. */
  async function store(numbers: readonly string[]) {
    const submission = sampleSubmission(
      NOW,
      numbers.map((cosReference) => ({ cosReference })),
    );
    const stored = await storeSubmission(test.db, submission, NOW);
    if (stored.outcome === 'conflict') throw new Error('conflict');
    const applications = await listApplicationsOfSubmission(test.db, stored.submissionId);
    return { formGroupId: submission.formGroupId, ids: applications.map((a) => a.applicantId) };
  }

  it('compares numbers in the database exactly as the pages do', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.constantFrom(...CHARACTERS), { maxLength: 20 }).map((c) => c.join('')),
          {
            minLength: 1,
            maxLength: 50,
          },
        ),
        async (values) => {
          const { rows } = await test.db.query<{ value: string; compared: string }>(
            'SELECT value, comparable_cos_reference(value) AS compared FROM unnest($1::text[]) AS value',
            [values],
          );
          for (const row of rows) expect(row.compared).toBe(comparableCosReference(row.value));
        },
      ),
      { numRuns: 20 },
    );
  });

  it('finds the numbers of applications in progress or approved only, not those of the submission being sent again', async () => {
    const first = await store(['c2g8 k51', 'APPROVED1', 'REJECTED1', 'WITHDRAWN1']);
    const [, approved, rejected, withdrawn] = first.ids;
    await updateApplicationStatus(test.db, approved!, 'approved', null, NOW);
    await updateApplicationStatus(test.db, rejected!, 'rejected', 'credibility', NOW);
    await updateApplicationStatus(test.db, withdrawn!, 'withdrawn', null, NOW);
    const asked = ['C2G8K51', 'APPROVED1', 'REJECTED1', 'WITHDRAWN1', 'NEVERGIVEN'];

    expect(await findCosReferencesInUse(test.db, asked, undefined)).toEqual(['APPROVED1', 'C2G8K51']);
    // The submission a send is trying again is left out; another one with the same number is not.
    expect(await findCosReferencesInUse(test.db, asked, first.formGroupId)).toEqual([]);
    const second = await store(['C2G8K51']);
    expect(await findCosReferencesInUse(test.db, asked, first.formGroupId)).toEqual(['C2G8K51']);
    expect(await findCosReferencesInUse(test.db, asked, second.formGroupId)).toEqual(['APPROVED1', 'C2G8K51']);
    expect(await findCosReferencesInUse(test.db, [], undefined)).toEqual([]);

    // An approval whose personal data is deleted holds no number any more.
    await purgePersonalData(test.db, { today: '2099-01-01', retentionDays: 0, now: NOW });
    expect(await findCosReferencesInUse(test.db, asked, undefined)).toEqual(['C2G8K51']);
  });

  it('looks numbers up through an index of the applications in progress or approved', async () => {
    await store(['C2G8K51']);
    const plan = await test.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const { rows } = await tx.query<Record<string, string>>(
        `EXPLAIN SELECT 1 FROM applications a
          WHERE a.status IN ('in-progress', 'approved') AND comparable_cos_reference(a.cos_reference) = ANY($1::text[])`,
        [['C2G8K51']],
      );
      return rows.map((row) => Object.values(row).join('')).join('\n');
    });
    expect(plan).toContain('applications_cos_in_use');
  });

  const call = (payload: unknown) =>
    app.inject({ method: 'POST', url: COS_REFERENCES_IN_USE_PATH, payload: payload as object, remoteAddress: ADDRESS });

  it('answers which of the numbers given are in use, as compared, and nothing more', async () => {
    const { formGroupId } = await store(['C2G8K51', 'OTHER2']);
    const response = await call({ cosReferences: [' c2g8 k51', 'NEVERGIVEN', 'c2g8k51'] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ inUse: ['C2G8K51'] });
    expect((await call({ cosReferences: ['C2G8K51'], formGroupId })).json()).toEqual({ inUse: [] });
    expect((await call({ cosReferences: [] })).json()).toEqual({ inUse: [] });
  });

  it('refuses what the pages never send, storing nothing', async () => {
    const before = await countRows(test.db);
    for (const payload of [
      {},
      { cosReferences: 'C2G8K51' },
      { cosReferences: [1] },
      { cosReferences: Array.from({ length: 12 }, (_, i) => `N${i}`) },
      { cosReferences: ['x'.repeat(51)] },
      { cosReferences: ['C2G8K51'], formGroupId: 'not-a-group' },
      { cosReferences: ['C2G8K51'], sponsor: 'LIC123456' },
    ]) {
      const response = await call(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'InvalidRequest' });
    }
    const text = await app.inject({
      method: 'POST',
      url: COS_REFERENCES_IN_USE_PATH,
      headers: { 'content-type': 'text/plain' },
      payload: 'C2G8K51',
      remoteAddress: ADDRESS,
    });
    expect(text.statusCode).toBe(415);
    expect(await countRows(test.db)).toEqual(before);
  });

  it('spends the address’s budget of forms, shared with the pages’ forms', async () => {
    await app.close();
    app = await start(5);
    // Five a minute, one of them spent by a page's form.
    const user = formBrowser(() => app);
    await user.post('/your-contact-details', { 'sponsor-email': 'bookings@example.org' }, {});
    const answers = [];
    for (let i = 0; i < 5; i += 1)
      answers.push(
        (
          await app.inject({
            method: 'POST',
            url: COS_REFERENCES_IN_USE_PATH,
            payload: { cosReferences: ['C2G8K51'] },
            remoteAddress: '127.0.0.1',
          })
        ).statusCode,
      );
    expect(answers).toEqual([200, 200, 200, 200, 429]);
    // Another address has its own.
    expect((await call({ cosReferences: ['C2G8K51'] })).statusCode).toBe(200);
  });

  it('gives check your answers and the group overview rendered without JavaScript the same answer', async () => {
    const answers = validApplicantAnswers(NOW);
    const user = formBrowser(() => app);
    await answerSingleApplication(user, answers);
    const factsOf = async (url: string) => renderedFrom((await user.get(url)).body).facts;
    const number = comparableCosReference(answers['cos-reference']);

    expect(await factsOf('/check-your-answers')).toEqual({ cosReferencesInUse: { asked: [number], inUse: [] } });
    await store([` ${answers['cos-reference']!.toLowerCase()} `]);
    expect(await factsOf('/check-your-answers')).toEqual({
      cosReferencesInUse: { asked: [number], inUse: [number] },
    });
    // A page that shows no such warning looks nothing up.
    expect(await factsOf('/work-dates')).toBeUndefined();
  });
});
