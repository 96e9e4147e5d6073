import { beforeEach, describe, expect, it } from 'vitest';
import { newApplicationReference } from '#shared/domain/application-reference.ts';
import { DIGIT_SETS } from '#shared/text/ascii-digits.ts';
import { purgePersonalData, updateApplicationStatus } from '../db/application-repository.ts';
import { listJobs } from '../db/job-repository.ts';
import { openWithLicence, readLicenceState } from '../db/status-access-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { capturingLogger, sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { NEW_LINK_EMAIL_WINDOW_MS } from './new-status-link.ts';
import { sameLicenceNumber } from './status-access.ts';
import { recoverStatusLink, type StatusLinkRecoveryRequest } from './status-link-recovery.ts';

const START = new Date('2026-03-02T10:00:00Z');
const DAY_MS = 86_400_000;
const RETENTION_DAYS = 180;
const LICENCE = 'LIC123456';
const SPONSOR_EMAIL = 'sponsor@example.org';
// Fixed references with digits in both groups, so each can be typed with Arabic-Indic digits too.
const REFERENCES = [
  newApplicationReference(() => new Uint8Array([7, 20, 3, 19, 9, 23, 15, 2, 29, 10])),
  newApplicationReference(() => new Uint8Array([1, 12, 4, 25, 8, 30, 6, 27, 5, 18])),
];
/** A well-formed reference (its check character holds) that no application has. */
const UNKNOWN_REFERENCE = newApplicationReference(() => new Uint8Array([2, 2, 2, 2, 2, 3, 3, 3, 3, 3]));

describe.each(testEngines())('a new status link by application reference on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let clock: Date;
  let log: ReturnType<typeof capturingLogger>;
  let submissionId: string;

  beforeEach(async () => {
    clock = START;
    log = capturingLogger();
    const references = [...REFERENCES];
    const stored = await storeSubmission(test.db, sampleSubmission(START, [{}, {}]), START, () => references.shift()!);
    if (stored.outcome !== 'created') throw new Error('not created');
    submissionId = stored.submissionId;
  });

  const recover = (request: StatusLinkRecoveryRequest) =>
    recoverStatusLink(
      { config: { retentionDays: RETENTION_DAYS }, database: test.db, now: () => clock, securityLog: { record() {} } },
      request,
      { address: '203.0.113.7', route: '/get-status-link' },
      log.logger,
    );
  const linkJobs = async () => (await listJobs(test.db, { kind: 'send-status-link' })).map((job) => job.payload);
  /** The outcome each request logged, in order, as operators read it. */
  const loggedOutcomes = () =>
    log.lines
      .map((line) => JSON.parse(line) as { msg: string; level: number; submissionId?: string; outcome?: string })
      .filter((line) => line.msg === 'New status link asked for by application reference')
      .map(({ level, submissionId: id, outcome }) => ({ level, submissionId: id, outcome }));

  it('enqueues one send-status-link job for the submission on a match, and none for a second request within the window', async () => {
    expect(await recover({ reference: REFERENCES[1]!, licenceNumber: ` ${LICENCE.toLowerCase()} ` })).toEqual({
      outcome: 'requested',
    });
    expect(await linkJobs()).toEqual([{ submissionId }]);

    // The other application's reference names the same submission: still inside the window.
    clock = new Date(START.getTime() + NEW_LINK_EMAIL_WINDOW_MS - 1);
    expect(await recover({ reference: REFERENCES[0]!, licenceNumber: LICENCE })).toEqual({ outcome: 'requested' });
    expect(await linkJobs()).toEqual([{ submissionId }]);

    clock = new Date(START.getTime() + NEW_LINK_EMAIL_WINDOW_MS);
    expect(await recover({ reference: REFERENCES[0]!, licenceNumber: LICENCE })).toEqual({ outcome: 'requested' });
    expect(await linkJobs()).toHaveLength(2);
    expect(loggedOutcomes()).toEqual([
      { level: 30, submissionId, outcome: 'sent' },
      { level: 30, submissionId, outcome: 'sentRecently' },
      { level: 30, submissionId, outcome: 'sent' },
    ]);
  });

  it('answers a wrong licence number, an unknown reference and a purged submission as a match, and enqueues nothing', async () => {
    const answers = [
      await recover({ reference: REFERENCES[0]!, licenceNumber: 'LIC123457' }),
      await recover({ reference: UNKNOWN_REFERENCE, licenceNumber: LICENCE }),
    ];
    // The personal data of the decided applications is deleted (retention): there is no address.
    for (const reference of REFERENCES) await updateApplicationStatus(test.db, reference, 'approved', null, START);
    await purgePersonalData(test.db, { today: '2027-06-01', retentionDays: 30, now: START });
    answers.push(await recover({ reference: REFERENCES[0]!, licenceNumber: LICENCE }));

    for (const answer of answers) expect(answer).toEqual({ outcome: 'requested' });
    expect(await linkJobs()).toEqual([]);
    expect(loggedOutcomes()).toEqual([
      { level: 30, submissionId, outcome: 'licenceMismatch' },
      { level: 30, outcome: 'unknownReference' },
      { level: 30, submissionId, outcome: 'personalDataDeleted' },
    ]);
  });

  it('sends nothing for a submission older than the retention period, as for an old link', async () => {
    clock = new Date(START.getTime() + (RETENTION_DAYS - 1) * DAY_MS);
    await recover({ reference: REFERENCES[0]!, licenceNumber: LICENCE });
    expect(await linkJobs()).toEqual([{ submissionId }]);

    clock = new Date(START.getTime() + (RETENTION_DAYS + 1) * DAY_MS);
    expect(await recover({ reference: REFERENCES[0]!, licenceNumber: LICENCE })).toEqual({ outcome: 'requested' });
    expect(await linkJobs()).toEqual([{ submissionId }]);
    expect(loggedOutcomes().map((line) => line.outcome)).toEqual(['sent', 'tooOld']);
  });

  it('counts wrong licence numbers against nothing: ten of them leave the status page open to the real sponsor', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      clock = new Date(START.getTime() + attempt * 1000);
      expect(await recover({ reference: REFERENCES[0]!, licenceNumber: `WRONG${attempt}` })).toEqual({
        outcome: 'requested',
      });
    }
    expect(await readLicenceState(test.db, submissionId, clock)).toEqual({
      lockedSince: undefined,
      lockouts: 0,
      failedAttempts: 0,
    });
    const opened = await openWithLicence(
      test.db,
      submissionId,
      '203.0.113.7',
      (stored) => sameLicenceNumber(stored, LICENCE),
      clock,
    );
    expect(opened.outcome).toBe('ok');
    expect(opened.outcome === 'ok' && opened.submission.applications.map((a) => a.applicantId)).toEqual(REFERENCES);
  });

  it('finds a reference typed in lower case with spaces, without its prefix, or with Arabic-Indic digits', async () => {
    const reference = REFERENCES[1]!;
    const compact = reference.replace(/-/g, '');
    const typings = [
      ` ${reference.toLowerCase().replace(/-/g, ' ')} `,
      compact.slice(3),
      reference.replace(/\d/g, (digit) => DIGIT_SETS.arabicIndic[Number(digit)]!),
    ];
    expect(typings[2]).toMatch(/[\u0660-\u0669]/);
    for (const [index, typed] of typings.entries()) {
      // Each in a window of its own, so each match enqueues one more job.
      clock = new Date(START.getTime() + index * NEW_LINK_EMAIL_WINDOW_MS);
      expect(await recover({ reference: typed, licenceNumber: LICENCE }), typed).toEqual({ outcome: 'requested' });
    }
    expect(await linkJobs()).toEqual(typings.map(() => ({ submissionId })));
  });

  it('answers invalid, with the shared rules, only for answers the page refuses, and looks nothing up', async () => {
    const mistyped = `${REFERENCES[0]!.slice(0, -1)}${REFERENCES[0]!.endsWith('0') ? '1' : '0'}`;
    expect(await recover({ reference: ' ', licenceNumber: '' })).toEqual({
      outcome: 'invalid',
      errors: { 'application-reference': 'required', 'sponsor-licence-number': 'required' },
    });
    expect(await recover({ reference: mistyped, licenceNumber: LICENCE })).toEqual({
      outcome: 'invalid',
      errors: { 'application-reference': 'format' },
    });
    expect(await recover({ reference: REFERENCES[0]!, licenceNumber: '  ' })).toEqual({
      outcome: 'invalid',
      errors: { 'sponsor-licence-number': 'required' },
    });
    expect(await linkJobs()).toEqual([]);
    expect(loggedOutcomes()).toEqual([]);
  });

  it('logs no reference, licence number or sponsor email, typed or stored', async () => {
    const typedReference = REFERENCES[0]!.toLowerCase().replace(/-/g, ' ');
    await recover({ reference: typedReference, licenceNumber: LICENCE });
    await recover({ reference: REFERENCES[1]!, licenceNumber: 'WRONG-NUMBER-42' });
    await recover({ reference: UNKNOWN_REFERENCE, licenceNumber: LICENCE });
    await recover({ reference: 'not a reference', licenceNumber: LICENCE });
    expect(loggedOutcomes()).toHaveLength(3);

    const logged = log.lines.join('\n').toUpperCase();
    const secrets = [
      LICENCE,
      'WRONG-NUMBER-42',
      SPONSOR_EMAIL,
      typedReference,
      UNKNOWN_REFERENCE,
      'NOT A REFERENCE',
      // Each reference, whole and as its compact characters without the prefix.
      ...[...REFERENCES, UNKNOWN_REFERENCE].flatMap((reference) => [reference, reference.replace(/-/g, '').slice(3)]),
    ];
    for (const secret of secrets) expect(logged, secret).not.toContain(secret.toUpperCase());
  });
});
