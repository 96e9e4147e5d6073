import { decodeJwt, decodeProtectedHeader } from 'jose';
import { issuedPdf } from '../../test-support/sample-documents.ts';
import { beforeEach, describe, expect, it } from 'vitest';
import { DOCUMENT_KEYS_PATH } from '#shared/api/clearance-check-link.ts';
import { parseCheckCode } from '#shared/domain/check-code.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { listApplicationsOfSubmission } from '../../db/application-repository.ts';
import { findDocumentIssue } from '../../db/document-repository.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { changeApplicationStatus } from '../decisions/change-status.ts';
import { pdfQrCodes } from '../../test-support/pdf-qr-codes.ts';
import { pdfPageTexts } from '../../test-support/pdf-text.ts';
import { capturingLogger, daysAfter, sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { newTestKeyPems } from '../../test-support/test-keys.ts';
import { createDocumentTokens, verifyDocumentToken, type DocumentTokens } from '../../tokens/document-tokens.ts';
import { createDocumentService } from './document-service.ts';
import type { ApplicationRecord } from '../../db/application-repository.ts';
import { applicationView } from '../applications/application-view.ts';

const START = new Date('2026-03-02T10:00:00Z');
const config = { ...loadConfig({ NODE_ENV: 'test' }), publicBaseUrl: 'https://apply.example.gov.uk' };
const tokensWith = (privateKeyPem: string) => createDocumentTokens({ ...config, documentPrivateKey: privateKeyPem });
const tokenOf = (link: string | undefined) => new URL(link ?? 'missing:').searchParams.get('t') ?? '';

describe.each(testEngines())('issuing pre-clearance documents on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let clock: Date;
  let applications: ApplicationRecord[];
  let tokens: DocumentTokens;

  const service = (withTokens = tokens) =>
    createDocumentService({ database: test.db, now: () => clock, tokens: () => Promise.resolve(withTokens) });

  beforeEach(async () => {
    clock = START;
    tokens = await tokensWith(newTestKeyPems().privateKeyPem);
    const stored = await storeSubmission(
      test.db,
      sampleSubmission(START, [{ familyName: 'Żółć', givenNames: 'Łukasz' }, { leaveDate: daysAfter(START, 20) }]),
      START,
    );
    if (stored.outcome !== 'created') throw new Error('not created');
    for (const { applicantId } of stored.applicants)
      await changeApplicationStatus(test.db, applicantId, { to: 'approved', actor: 'test', now: START });
    applications = await listApplicationsOfSubmission(test.db, stored.submissionId);
  });

  it('gives each document its own check code and a QR code whose token verifies with the published keys only', async () => {
    const documents = service();
    const pdf = issuedPdf(await documents.issue(applications.map(applicationView)));
    const links = await pdfQrCodes(pdf);
    expect(links).toHaveLength(2);
    const pages = await pdfPageTexts(pdf);
    const published = await documents.publishedKeys();
    expect(published.keys).toEqual([tokens.signingKey.publicJwk]);
    expect(published.keys[0]).not.toHaveProperty('d');

    const codes = new Set<string>();
    for (const [index, application] of applications.entries()) {
      const link = links[index]!;
      expect(link.startsWith('https://apply.example.gov.uk/check-a-clearance?t=')).toBe(true);
      const claims = await verifyDocumentToken(tokenOf(link), published, clock);
      expect(claims).toMatchObject({
        applicationReference: application.applicantId,
        familyName: application.familyName,
        givenNames: application.givenNames,
        dateOfBirth: '1990-01-31',
        arrivalDate: application.arrivalDate,
        leaveDate: application.leaveDate,
        issuedAt: START,
      });
      expect(decodeProtectedHeader(tokenOf(link))).toMatchObject({ alg: 'ES256', kid: tokens.signingKey.keyId });
      // The code printed on the page is the token's, is a check code, and is recorded for that application.
      expect(parseCheckCode(claims.checkCode)).toBe(claims.checkCode);
      expect(pages[index]).toContain(claims.checkCode);
      expect(await findDocumentIssue(test.db, claims.checkCode)).toEqual({
        checkCode: claims.checkCode,
        applicantId: application.applicantId,
        keyId: tokens.signingKey.keyId,
        issuedAt: START,
      });
      codes.add(claims.checkCode);

      // Any other key, even one of this service's own kind, refuses it; so does an altered token.
      const other = await tokensWith(newTestKeyPems().privateKeyPem);
      await expect(verifyDocumentToken(tokenOf(link), { keys: [other.signingKey.publicJwk] }, clock)).rejects.toThrow(
        /not valid/,
      );
      const [header, payload, signature] = tokenOf(link).split('.');
      const altered = Buffer.from(payload!, 'base64url').toString().replace('1990-01-31', '1991-01-31');
      await expect(
        verifyDocumentToken(`${header}.${Buffer.from(altered).toString('base64url')}.${signature}`, published, clock),
      ).rejects.toThrow(/not valid/);
    }
    // A second download issues new documents, with new codes.
    const again = await pdfQrCodes(issuedPdf(await documents.issue(applications.map(applicationView))));
    for (const link of again) codes.add((await verifyDocumentToken(tokenOf(link), published, clock)).checkCode);
    expect(codes.size).toBe(4);
  });

  it('names a worker whose passport shows only one name by that name alone: no given names claim, no given names line (decision 029)', async () => {
    const stored = await storeSubmission(
      test.db,
      sampleSubmission(START, [{ familyName: 'Suharto', givenNames: '' }]),
      START,
    );
    if (stored.outcome !== 'created') throw new Error('not created');
    const applicantId = stored.applicants[0]!.applicantId;
    await changeApplicationStatus(test.db, applicantId, { to: 'approved', actor: 'test', now: START });
    const [application] = await listApplicationsOfSubmission(test.db, stored.submissionId);
    expect(application?.givenNames).toBe('');
    const documents = service();
    const pdf = issuedPdf(await documents.issue([applicationView(application!)]));
    const [link] = await pdfQrCodes(pdf);
    expect(decodeJwt(tokenOf(link))).toMatchObject({ fn: 'Suharto' });
    expect(decodeJwt(tokenOf(link))).not.toHaveProperty('gn');
    const claims = await verifyDocumentToken(tokenOf(link), await documents.publishedKeys(), clock);
    expect(claims).toMatchObject({ familyName: 'Suharto', givenNames: '' });
    const [page] = await pdfPageTexts(pdf);
    expect(page).toContain('Name Suharto');
    expect(page).not.toContain('Given names');
  });

  it('keeps a retired key published until the last document it signed has expired', async () => {
    const first = tokens;
    issuedPdf(await service(first).issue(applications.slice(1).map(applicationView))); // leaves 20 days after START
    issuedPdf(await service(first).issue(applications.slice(0, 1).map(applicationView))); // leaves 40 days after START
    const second = await tokensWith(newTestKeyPems().privateKeyPem);
    const afterRotation = service(second);
    const kids = async () => (await afterRotation.publishedKeys()).keys.map((key) => key.kid);

    expect(await kids()).toEqual([second.signingKey.keyId, first.signingKey.keyId]);
    clock = new Date(`${daysAfter(START, 40)}T12:00:00Z`);
    expect(await kids()).toEqual([second.signingKey.keyId, first.signingKey.keyId]);
    clock = new Date(`${daysAfter(START, 41)}T12:00:00Z`);
    expect(await kids()).toEqual([second.signingKey.keyId]);
  });

  it('publishes the keys at /.well-known/jwks.json for anyone, cached a while, without the private part', async () => {
    const app = await buildApp(
      { ...config, webRoot: '/nonexistent' },
      { database: test.db, now: () => clock, documentTokens: tokens, logger: capturingLogger().logger },
    );
    try {
      const response = await app.inject({ method: 'GET', url: DOCUMENT_KEYS_PATH });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/jwk-set\+json/);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const jwks = response.json<{ keys: Array<Record<string, unknown>> }>();
      expect(jwks.keys).toEqual([
        {
          kty: 'EC',
          crv: 'P-256',
          x: expect.any(String),
          y: expect.any(String),
          kid: tokens.signingKey.keyId,
          alg: 'ES256',
          use: 'sig',
        },
      ]);
      const pdf = issuedPdf(await service().issue(applications.map(applicationView)));
      const link = (await pdfQrCodes(pdf))[0];
      await expect(verifyDocumentToken(tokenOf(link), jwks, clock)).resolves.toMatchObject({ givenNames: 'Łukasz' });
    } finally {
      await app.close();
    }
  });
});
