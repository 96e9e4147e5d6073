import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toIsoDate } from '#shared/dates/calendar.ts';
import { DIGIT_SETS } from '#shared/text/ascii-digits.ts';
import { NEW_FROM_CONCESSION_PATH, newFormGroupId, type ApplicantPayload } from '#shared/api/new-from-concession.ts';
import { isApplicationReference } from '#shared/domain/application-reference.ts';
import {
  invalidApplicantPayloads,
  mixedGroupRequest,
  schemaInvalidRequests,
  validRequest,
} from '../../../tests/fixtures/applicants.ts';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { loadConfig } from '../config.ts';
import { listApplicationsOfSubmission } from '../db/application-repository.ts';
import { countRows, testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { capturingLogger } from '../test-support/sample-submissions.ts';

const NOW = new Date('2026-03-02T10:00:00Z');
const empty = { submissions: 0, applications: 0, status_changes: 0, outbox_jobs: 0 };

/** A valid request of `count` applicants under a group id of its own. */
function freshRequest(count: number): ApplicantPayload[] {
  const formGroupId = newFormGroupId(randomUUID);
  return validRequest(NOW, count).map((a) => ({ ...a, concessionForm: { ...a.concessionForm, formGroupId } }));
}

describe.each(testEngines())('POST /api/public/newFromConcession on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let app: FastifyInstance;
  let logLines: string[];

  async function start(overrides: Partial<Config> = {}): Promise<void> {
    await app?.close();
    const { logger, lines } = capturingLogger();
    logLines = lines;
    const config = {
      ...loadConfig({ NODE_ENV: 'test' }),
      webRoot: '/nonexistent',
      submissionRateLimit: 1000,
      ...overrides,
    };
    app = await buildApp(config, { database: test.db, logger, now: () => NOW });
  }

  beforeEach(() => start());
  afterEach(() => app.close());

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: NEW_FROM_CONCESSION_PATH, payload: payload as object, headers });

  it('stores a group of 10 and answers each applicant with its reference as the applicantId', async () => {
    const body = freshRequest(10);
    const response = await post(body);
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const items = response.json<Array<ApplicantPayload & { applicantId: string }>>();
    expect(items).toHaveLength(10);
    items.forEach((item, index) => {
      const { applicantId, ...sent } = item;
      expect(sent).toEqual(body[index]);
      expect(isApplicationReference(applicantId)).toBe(true);
    });
    expect(new Set(items.map((i) => i.applicantId)).size).toBe(10);

    expect(await countRows(test.db)).toEqual({ submissions: 1, applications: 10, status_changes: 10, outbox_jobs: 11 });
    const { rows } = await test.db.query<{ id: string }>('SELECT id FROM submissions');
    const stored = await listApplicationsOfSubmission(test.db, rows[0]?.id ?? '');
    expect(stored.map((a) => a.applicantId)).toEqual(items.map((i) => i.applicantId));
    expect(stored.map((a) => a.concessionForm)).toEqual(body.map((a) => a.concessionForm));
    expect(stored.map((a) => a.secondaryDetails)).toEqual(body.map((a) => a.secondaryDetails));
  });

  it('reads any date of birth written in Arabic-Indic, Extended Arabic-Indic or full-width digits as in ASCII digits, and stores ASCII (decision 031)', async () => {
    const write = (text: string, digits: string) => text.replace(/[0-9]/g, (d) => digits[Number(d)]!);
    const born = fc.date({
      min: new Date('1920-01-01T00:00:00Z'),
      max: new Date('2025-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    await fc.assert(
      fc.asyncProperty(born, fc.constantFrom(...Object.values(DIGIT_SETS)), async (date, digits) => {
        const [ascii] = freshRequest(1);
        const dateOfBirth = toIsoDate({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
        });
        const expected = { ...ascii!, secondaryDetails: { ...ascii!.secondaryDetails, dateOfBirth } };
        const typed = {
          concessionForm: {
            ...expected.concessionForm,
            passportNumber: write(expected.concessionForm.passportNumber, digits),
            passportIssueDate: write(expected.concessionForm.passportIssueDate, digits),
            dateOfArrivalInUK: write(expected.concessionForm.dateOfArrivalInUK, digits),
          },
          secondaryDetails: {
            ...expected.secondaryDetails,
            dateOfBirth: write(dateOfBirth, digits),
            lteToDate: write(expected.secondaryDetails.lteToDate, digits),
          },
        };
        const response = await post([typed]);
        expect(response.statusCode).toBe(201);
        const [item] = response.json<Array<ApplicantPayload & { applicantId: string }>>();
        const { rows } = await test.db.query<{ id: string }>(
          'SELECT submission_id AS id FROM applications WHERE applicant_id = $1',
          [item!.applicantId],
        );
        const [stored] = await listApplicationsOfSubmission(test.db, rows[0]!.id);
        expect(stored!.secondaryDetails).toEqual(expected.secondaryDetails);
        expect(stored!.concessionForm).toEqual(expected.concessionForm);
      }),
      { numRuns: 12 },
    );
  });

  it('stores a passport number sent with spaces without them', async () => {
    const [applicant] = freshRequest(1);
    const spaced = applicant!.concessionForm.passportNumber.replace(/(.{3})/g, '$1 ');
    const response = await post([
      { ...applicant!, concessionForm: { ...applicant!.concessionForm, passportNumber: spaced } },
    ]);
    expect(response.statusCode).toBe(201);
    const [item] = response.json<Array<ApplicantPayload & { applicantId: string }>>();
    expect(item!.concessionForm.passportNumber).toBe(applicant!.concessionForm.passportNumber);
    const { rows } = await test.db.query<{ id: string }>(
      'SELECT submission_id AS id FROM applications WHERE applicant_id = $1',
      [item!.applicantId],
    );
    const [stored] = await listApplicationsOfSubmission(test.db, rows[0]!.id);
    expect(stored?.concessionForm?.passportNumber).toBe(applicant!.concessionForm.passportNumber);
  });

  it('refuses 11 applicants and stores nothing', async () => {
    const response = await post(freshRequest(11));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'InvalidRequest',
      details: [{ field: '(body)', rule: 'max_length' }],
    });
    expect(await countRows(test.db)).toEqual(empty);
  });

  it('refuses each invalid answer with its field and rule, storing nothing', async () => {
    for (const { name, payload, errors } of invalidApplicantPayloads(NOW)) {
      const response = await post([payload]);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toEqual({
        error: 'ValidationError',
        message: 'One or more answers are not valid',
        details: errors.map((error) => ({ ...error, index: 0 })),
      });
    }
    // The faulty applicant second in a group: the answer names index 1.
    const [bad] = invalidApplicantPayloads(NOW);
    const [first] = freshRequest(1);
    const group = [
      first!,
      {
        ...bad!.payload,
        concessionForm: { ...bad!.payload.concessionForm, formGroupId: first!.concessionForm.formGroupId },
      },
    ];
    expect((await post(group)).json().details).toEqual(bad!.errors.map((error) => ({ ...error, index: 1 })));
    expect(await countRows(test.db)).toEqual(empty);
  });

  it('refuses NUL, other control characters and bidi overrides in any text answer with a ValidationError, storing nothing', async () => {
    const cases: Array<[section: 'concessionForm' | 'secondaryDetails', key: string, field: string, rule: string]> = [
      ['concessionForm', 'sponsorName', 'sponsor-name', 'noControlCharacters'],
      ['concessionForm', 'sponsorshipReferenceNumber', 'sponsor-reference', 'noControlCharacters'],
      ['concessionForm', 'sponsorEmailAddress', 'sponsor-email', 'noControlCharacters'],
      ['concessionForm', 'carrier', 'carrier', 'noControlCharacters'],
      ['concessionForm', 'flightNumber', 'flight-number', 'noControlCharacters'],
      ['concessionForm', 'nameOfUKPortOfArrival', 'port-of-arrival', 'noControlCharacters'],
      ['concessionForm', 'certificateOfSponsorshipReferenceNumber', 'cos-reference', 'noControlCharacters'],
      ['concessionForm', 'passportNumber', 'passport-number', 'characters'],
      ['secondaryDetails', 'familyName', 'family-name', 'noControlCharacters'],
      ['secondaryDetails', 'givenNames', 'given-name', 'noControlCharacters'],
      ['secondaryDetails', 'nationality', 'nationality', 'noControlCharacters'],
      ['secondaryDetails', 'airPortOfDeparture', 'port-of-departure', 'noControlCharacters'],
      ['secondaryDetails', 'workerEmailAddress', 'worker-email', 'noControlCharacters'],
    ];
    for (const character of ['\u0000', '\u001B', '\t', '\n', '\u007F', '\u202E', '\u2066']) {
      for (const [section, key, field, rule] of cases) {
        const [applicant] = freshRequest(1);
        const sent = structuredClone(applicant!) as unknown as Record<typeof section, Record<string, string>>;
        // Inside the value: a character at either end would be trimmed like a space.
        sent[section][key] =
          `${(sent[section][key] ?? 'worker@example.com').slice(0, 2)}${character}${(sent[section][key] ?? 'worker@example.com').slice(2)}`;
        const name = `${key} with U+${character.codePointAt(0)!.toString(16).padStart(4, '0')}`;
        const response = await post([sent]);
        expect(response.statusCode, name).toBe(400);
        expect(response.json(), name).toEqual({
          error: 'ValidationError',
          message: 'One or more answers are not valid',
          details: [{ index: 0, field, rule }],
        });
      }
    }
    // By road the flight answers are not asked, but what is sent is stored: refused all the same.
    const [road] = freshRequest(1);
    const response = await post([
      {
        ...road!,
        concessionForm: {
          ...road!.concessionForm,
          methodOfArrivalIntoUK: 'road',
          carrier: 'A\u0000',
          flightNumber: '',
        },
      },
    ]);
    expect(response.json().details).toContainEqual({ index: 0, field: 'carrier', rule: 'noControlCharacters' });
    expect(await countRows(test.db)).toEqual(empty);
  });

  it('refuses a web address in the sponsor’s name and each worker name with that field’s error, storing nothing (decision 044)', async () => {
    const cases: Array<[section: 'concessionForm' | 'secondaryDetails', key: string, field: string]> = [
      ['concessionForm', 'sponsorName', 'sponsor-name'],
      ['secondaryDetails', 'familyName', 'family-name'],
      ['secondaryDetails', 'givenNames', 'given-name'],
    ];
    for (const address of ['https://evil.example/pay', 'www.evil.example', 'evil.example/pay', 'Pay at pay-now.com']) {
      for (const [section, key, field] of cases) {
        const [applicant] = freshRequest(1);
        const sent = structuredClone(applicant!) as unknown as Record<typeof section, Record<string, string>>;
        sent[section][key] = address;
        const response = await post([sent]);
        expect(response.statusCode, `${key}: ${address}`).toBe(400);
        expect(response.json().details, `${key}: ${address}`).toEqual([{ index: 0, field, rule: 'noWebAddress' }]);
      }
    }
    expect(await countRows(test.db)).toEqual(empty);
    // Real names with dots, apostrophes and hyphens are stored.
    const [real] = freshRequest(1);
    const stored = await post([
      {
        concessionForm: { ...real!.concessionForm, sponsorName: 'St. John’s Theatre Co.,Ltd.' },
        secondaryDetails: { ...real!.secondaryDetails, familyName: 'O’Brien-Smith', givenNames: 'J.R.R.' },
      },
    ]);
    expect(stored.statusCode).toBe(201);
  });

  it('refuses a worker name in a script other than the passport’s Latin letters, storing nothing, and stores accented Latin names', async () => {
    const cases: Array<[key: 'familyName' | 'givenNames', field: string]> = [
      ['familyName', 'family-name'],
      ['givenNames', 'given-name'],
    ];
    for (const name of ['Иванов', 'محمد', '李', 'Ivanов']) {
      for (const [key, field] of cases) {
        const [applicant] = freshRequest(1);
        const response = await post([
          { ...applicant!, secondaryDetails: { ...applicant!.secondaryDetails, [key]: name } },
        ]);
        expect(response.statusCode, `${key}: ${name}`).toBe(400);
        expect(response.json().details, `${key}: ${name}`).toEqual([{ index: 0, field, rule: 'latinLetters' }]);
      }
    }
    expect(await countRows(test.db)).toEqual(empty);
    const [real] = freshRequest(1);
    const stored = await post([
      {
        ...real!,
        secondaryDetails: { ...real!.secondaryDetails, familyName: 'Nguyễn-Øverland', givenNames: 'Élodie Núñez' },
      },
    ]);
    expect(stored.statusCode).toBe(201);
  });

  it('refuses a place of departure that is not on the list, as the page does, and stores the list’s name of one that is', async () => {
    for (const place of ['Paris', 'Belfast', 'Kilkenny Castle']) {
      const [applicant] = freshRequest(1);
      const response = await post([
        { ...applicant!, secondaryDetails: { ...applicant!.secondaryDetails, airPortOfDeparture: place } },
      ]);
      expect(response.statusCode, place).toBe(400);
      expect(response.json().details, place).toEqual([{ field: 'port-of-departure', rule: 'listedPlace', index: 0 }]);
    }
    expect(await countRows(test.db)).toEqual(empty);

    const [applicant] = freshRequest(1);
    const response = await post([
      {
        ...applicant!,
        secondaryDetails: { ...applicant!.secondaryDetails, airPortOfDeparture: ' dublin airport T2 ' },
      },
    ]);
    expect(response.statusCode).toBe(201);
    const { rows } = await test.db.query<{ id: string }>('SELECT id FROM submissions');
    expect((await listApplicationsOfSubmission(test.db, rows[0]?.id ?? '')).map((a) => a.placeOfDeparture)).toEqual([
      'Dublin Airport',
    ]);
  });

  it('refuses a group that mixes group ids', async () => {
    const { body, errors } = mixedGroupRequest(NOW);
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual(errors);
    expect(await countRows(test.db)).toEqual(empty);
  });

  it('refuses bodies of the wrong shape, naming where without echoing values', async () => {
    for (const { name, body } of schemaInvalidRequests(NOW)) {
      const response = await post(body);
      expect(response.statusCode, name).toBe(400);
      const answer = response.json();
      expect(answer.error, name).toBe('InvalidRequest');
      expect(answer.details.length, name).toBeGreaterThan(0);
      expect(response.body, name).not.toContain('123456789');
    }
    const [valid] = freshRequest(1);
    const response = await post([{ ...valid, concessionForm: { ...valid!.concessionForm, isAdmin: true } }]);
    expect(response.json().details).toEqual([{ index: 0, field: 'concessionForm.isAdmin', rule: 'strict_object' }]);
    expect(await countRows(test.db)).toEqual(empty);
  });

  it('answers a retry of the same body with the same answer and stores nothing new', async () => {
    const body = freshRequest(3);
    const first = await post(body);
    const counts = await countRows(test.db);
    // The same answers, serialised with another key order, are the same request.
    const reordered = body.map(({ secondaryDetails, concessionForm }) => ({ secondaryDetails, concessionForm }));
    const again = await post(reordered);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(test.db)).toEqual(counts);
  });

  it('refuses a different body under a form group id already used', async () => {
    const body = freshRequest(2);
    await post(body);
    const changed = [
      body[0]!,
      { ...body[1]!, secondaryDetails: { ...body[1]!.secondaryDetails, givenNames: 'Someone Else' } },
    ];
    const response = await post(changed);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ error: 'Conflict' });
    expect((await countRows(test.db)).applications).toBe(2);
  });

  it('answers JSON errors for a wrong content type, malformed or empty JSON, and an oversized body', async () => {
    const send = (payload: string, contentType: string) =>
      app.inject({ method: 'POST', url: NEW_FROM_CONCESSION_PATH, payload, headers: { 'content-type': contentType } });
    const cases = [
      { response: await send('[]', 'text/plain'), status: 415, error: 'UnsupportedMediaType' },
      { response: await send('[{"concessionForm":', 'application/json'), status: 400, error: 'BadRequest' },
      { response: await send('', 'application/json'), status: 400, error: 'BadRequest' },
      { response: await send('[{"__proto__":{"x":1}}]', 'application/json'), status: 400, error: 'BadRequest' },
      {
        response: await send(JSON.stringify(['x'.repeat(70_000)]), 'application/json'),
        status: 413,
        error: 'PayloadTooLarge',
      },
    ];
    for (const { response, status, error } of cases) {
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ error, message: expect.any(String) });
    }
    expect(await countRows(test.db)).toEqual(empty);
  });

  it('limits submissions per client address, behind a proxy too', async () => {
    await start({ submissionRateLimit: 2, trustProxy: 1 });
    const from = (address: string) => post([], { 'x-forwarded-for': address });
    expect((await from('203.0.113.1')).statusCode).toBe(400);
    expect((await from('203.0.113.1')).statusCode).toBe(400);
    const limited = await from('203.0.113.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      error: 'TooManyRequests',
      message: expect.stringMatching(/^Too many requests/),
    });
    expect((await from('203.0.113.2')).statusCode).toBe(400);
  });

  it('keeps names, emails and passport numbers out of the log', async () => {
    const body = freshRequest(2);
    await post(body);
    await post([{ ...body[0]!, concessionForm: { ...body[0]!.concessionForm, passportNumber: 'AB-12345' } }]);
    const log = logLines.join('\n');
    expect(log).toContain(NEW_FROM_CONCESSION_PATH);
    for (const applicant of body) {
      for (const secret of [
        applicant.concessionForm.passportNumber,
        applicant.secondaryDetails.familyName,
        applicant.concessionForm.sponsorEmailAddress,
      ]) {
        expect(log).not.toContain(secret);
      }
    }
    expect(log).not.toContain('AB-12345');
  });
});
