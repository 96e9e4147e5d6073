import { beforeEach, describe, expect, it } from 'vitest';
import { issuedPdf } from '../../test-support/sample-documents.ts';
import { loadConfig } from '../../config.ts';
import { purgePersonalData } from '../../db/application-repository.ts';
import { listSubmissionApplicationViews } from '../applications/application-view.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { changeApplicationStatus } from '../decisions/change-status.ts';
import { pdfQrCodes } from '../../test-support/pdf-qr-codes.ts';
import { daysAfter, sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { TEST_DOCUMENT_PRIVATE_KEY, newTestKeyPems } from '../../test-support/test-keys.ts';
import { createDocumentTokens, type DocumentTokens } from '../../tokens/document-tokens.ts';
import { checkClearance, readDocumentToken, type ClearanceCheckRequest } from './check-clearance.ts';
import { createDocumentService, type DocumentService } from './document-service.ts';

const START = new Date('2026-03-02T10:00:00Z');
const config = loadConfig({ NODE_ENV: 'test' });

describe.each(testEngines())('checking a pre-clearance document on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let clock: Date;
  let tokens: DocumentTokens;
  let documents: DocumentService;
  let applicantId: string;
  let checkCode: string;
  let token: string;

  const check = (request: ClearanceCheckRequest) =>
    checkClearance({ database: test.db, documents, now: () => clock }, request);
  const byCode = (dateOfBirth = '1990-01-31', code = checkCode) =>
    check({ kind: 'code', checkCode: code, dateOfBirth });

  beforeEach(async () => {
    clock = START;
    tokens = await createDocumentTokens({ ...config, documentPrivateKey: TEST_DOCUMENT_PRIVATE_KEY });
    documents = createDocumentService({ database: test.db, now: () => clock, tokens: () => Promise.resolve(tokens) });
    const stored = await storeSubmission(
      test.db,
      sampleSubmission(START, [{ leaveDate: daysAfter(START, 40) }]),
      START,
    );
    if (stored.outcome !== 'created') throw new Error('not created');
    applicantId = stored.applicants[0]!.applicantId;
    await changeApplicationStatus(test.db, applicantId, { to: 'approved', actor: 'test', now: START });
    const pdf = issuedPdf(await documents.issue(await listSubmissionApplicationViews(test.db, stored.submissionId)));
    const link = new URL((await pdfQrCodes(pdf))[0]!);
    token = link.searchParams.get('t')!;
    checkCode = /\b([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z])\b/.exec(pdf.toString('latin1'))![1]!;
  });

  it('says valid for the code with the date of birth, and for the QR code’s token, with the live details', async () => {
    const valid = {
      outcome: 'valid',
      applicationReference: applicantId,
      checkCode,
      familyName: 'Family0',
      givenNames: 'Given0',
      leaveDate: daysAfter(START, 40),
      sponsorName: 'Example Theatre Ltd',
      documentIssuedAt: START,
      checkedAt: START,
      // What lets an officer match the worker in front of them (the public answer masks the passport number).
      dateOfBirth: '1990-01-31',
      nationality: sampleSubmission(START).applicants[0]!.secondaryDetails.nationality,
      passportNumber: 'P00000000',
    };
    expect(await byCode()).toMatchObject(valid);
    // Typed as people type it.
    expect(await byCode('1990-01-31', ` ${checkCode.toLowerCase().replace(/-/g, '')} `)).toMatchObject(valid);
    expect(await check({ kind: 'token', token })).toMatchObject(valid);
  });

  it('says only "not valid" for a wrong date of birth, a made-up code, a tampered or foreign token', async () => {
    const notValid = { outcome: 'not-valid', checkedAt: START };
    expect(await byCode('1990-01-30')).toEqual(notValid);
    expect(await byCode('1990-01-31', 'AAAA-AAAA-A')).toEqual(notValid);
    expect(await byCode('1990-01-31', 'not a code')).toEqual(notValid);
    const [header, claims, signature] = token.split('.');
    const tampered = Buffer.from(claims!, 'base64url').toString().replace('Family0', 'Family9');
    expect(
      await check({ kind: 'token', token: `${header}.${Buffer.from(tampered).toString('base64url')}.${signature}` }),
    ).toEqual(notValid);
    const foreign = await createDocumentTokens({ ...config, documentPrivateKey: newTestKeyPems().privateKeyPem });
    const forged = await foreign.sign({
      applicationReference: applicantId,
      checkCode,
      familyName: 'Family0',
      givenNames: 'Given0',
      dateOfBirth: '1990-01-31',
      arrivalDate: daysAfter(START, 10),
      firstWorkDate: daysAfter(START, 11),
      lastWorkDate: daysAfter(START, 20),
      leaveDate: daysAfter(START, 40),
      issuedAt: START,
    });
    expect(await check({ kind: 'token', token: forged })).toEqual(notValid);
    expect(await check({ kind: 'token', token: 'x'.repeat(5000) })).toEqual(notValid);
  });

  it('tells a token signed here but spent from one made up, for the limits of the public check', async () => {
    const deps = { database: test.db, documents, now: () => clock };
    expect(await readDocumentToken(deps, token, START)).toMatchObject({ verified: true, claims: { checkCode } });
    const [header, claims, signature] = token.split('.');
    // Its first character changed: the last ones may carry padding bits, or already be the ones
    // put in (the signature is new each run), and leave it as signed.
    const altered = `${header}.${claims}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    expect(await readDocumentToken(deps, altered, START)).toEqual({ verified: false, signed: false });
    expect(await readDocumentToken(deps, 'not a token', START)).toEqual({ verified: false, signed: false });
    // Two days after the leave date the token has expired: spent, but not guessed.
    const spent = new Date(`${daysAfter(START, 43)}T12:00:00Z`);
    expect(await readDocumentToken(deps, token, spent)).toEqual({ verified: false, signed: true });
  });

  it('says withdrawn, with when, once a caseworker withdraws the approval', async () => {
    clock = new Date('2026-03-04T15:30:00Z');
    await changeApplicationStatus(test.db, applicantId, { to: 'withdrawn', actor: 'test', now: clock });
    const withdrawn = {
      outcome: 'withdrawn',
      applicationReference: applicantId,
      checkCode,
      withdrawnAt: clock,
      checkedAt: clock,
    };
    expect(await byCode()).toEqual(withdrawn);
    expect(await check({ kind: 'token', token })).toEqual(withdrawn);
    // A wrong date of birth still reveals nothing.
    expect(await byCode('1990-01-30')).toEqual({ outcome: 'not-valid', checkedAt: clock });
  });

  it('says not valid after the leave date, and once the details are deleted', async () => {
    clock = new Date(`${daysAfter(START, 40)}T22:00:00Z`);
    expect((await byCode()).outcome).toBe('valid');
    clock = new Date(`${daysAfter(START, 41)}T12:00:00Z`);
    expect((await byCode()).outcome).toBe('not-valid');
    expect((await check({ kind: 'staff', checkCode })).outcome).toBe('not-valid');
    await purgePersonalData(test.db, { today: daysAfter(START, 400), retentionDays: 1, now: clock });
    expect((await check({ kind: 'staff', checkCode })).outcome).toBe('not-valid');
  });
});
