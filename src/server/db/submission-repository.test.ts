import { describe, expect, it } from 'vitest';
import { isApplicationReference, newApplicationReference } from '#shared/domain/application-reference.ts';
import { sampleSubmission } from '../test-support/sample-submissions.ts';
import {
  findApplication,
  listApplicationsOfSubmission,
  listStatusChanges,
  purgePersonalData,
  updateApplicationStatus,
} from './application-repository.ts';
import { listJobs } from './job-repository.ts';
import { findSubmission, findSubmissionOfReference, storeSubmission } from './submission-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';

const now = new Date('2026-03-02T10:00:00Z');

describe.each(testEngines())('storing submissions on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('tries again with new references when a reference is already taken', async () => {
    const taken = newApplicationReference(() => new Uint8Array(10).fill(7));
    const first = await storeSubmission(test.db, sampleSubmission(now, [{}]), now, () => taken);
    if (first.outcome !== 'created') throw new Error('expected created');
    const fresh = ['CWC-00000-00000-0', taken].map(() =>
      newApplicationReference((n) => crypto.getRandomValues(new Uint8Array(n))),
    );
    const offered = [taken, ...fresh];
    const second = await storeSubmission(test.db, sampleSubmission(now, [{}]), now, () => offered.shift()!);
    if (second.outcome !== 'created') throw new Error('expected created');
    expect(second.applicants[0]?.applicantId).toBe(fresh[0]);
    expect(await listApplicationsOfSubmission(test.db, second.submissionId)).toHaveLength(1);
  });

  it('stores the submission, its applications in order, one audit line each and the jobs, together', async () => {
    const input = sampleSubmission(now, [{ passportNumber: 'ab 123-456', workerEmail: ' worker@example.org ' }, {}]);
    const result = await storeSubmission(test.db, input, now);
    if (result.outcome !== 'created') throw new Error(`expected created, got ${result.outcome}`);
    expect(result.applicants.map((a) => a.index)).toEqual([0, 1]);
    for (const { applicantId } of result.applicants) expect(isApplicationReference(applicantId)).toBe(true);
    expect(new Set(result.applicants.map((a) => a.applicantId)).size).toBe(2);

    const submission = await findSubmission(test.db, result.submissionId);
    expect(submission).toMatchObject({
      formGroupId: input.formGroupId,
      sponsorEmail: 'sponsor@example.org',
      sponsorReference: 'LIC123456',
    });
    const applications = await listApplicationsOfSubmission(test.db, result.submissionId);
    expect(applications.map((a) => a.applicantId)).toEqual(result.applicants.map((a) => a.applicantId));
    expect(applications[0]).toMatchObject({
      status: 'in-progress',
      decisionReason: null,
      passportNumber: 'AB123456',
      workerEmail: 'worker@example.org',
      arrivalDate: input.applicants[0]?.arrivalDate,
      createdAt: now,
      // Read through the payload's schema, which takes the spaces out of a passport number.
      concessionForm: { ...input.applicants[0]?.concessionForm, passportNumber: 'ab123-456' },
    });
    expect(applications[1]?.workerEmail).toBeNull();
    const history = await listStatusChanges(test.db, result.applicants[0]?.applicantId ?? '');
    expect(history).toMatchObject([{ actor: 'submission', fromStatus: null, toStatus: 'in-progress' }]);

    const jobs = (await listJobs(test.db)).reverse();
    expect(jobs.map((j) => [j.kind, j.payload])).toEqual([
      ['send-confirmation', { submissionId: result.submissionId }],
      ['decide', { applicantId: result.applicants[0]?.applicantId }],
      ['decide', { applicantId: result.applicants[1]?.applicantId }],
    ]);
  });

  it('records the language the sponsor used, English when none is given (decision 032)', async () => {
    const welsh = await storeSubmission(test.db, { ...sampleSubmission(now), language: 'cy' }, now);
    const plain = await storeSubmission(test.db, sampleSubmission(now), now);
    if (welsh.outcome !== 'created' || plain.outcome !== 'created') throw new Error('not created');
    expect((await findSubmission(test.db, welsh.submissionId))?.language).toBe('cy');
    expect((await findSubmission(test.db, plain.submissionId))?.language).toBe('en');
    expect((await findApplication(test.db, welsh.applicants[0]!.applicantId))?.language).toBe('cy');
    await expect(
      test.db.query(`UPDATE submissions SET language = 'fr' WHERE id = $1`, [welsh.submissionId]),
    ).rejects.toThrow();
  });

  it('answers a replay with the first ids and stores nothing more', async () => {
    const input = sampleSubmission(now, [{}, {}, {}]);
    const first = await storeSubmission(test.db, input, now);
    const again = await storeSubmission(test.db, input, new Date(now.getTime() + 60_000));
    expect(first.outcome).toBe('created');
    expect(again).toEqual({ ...first, outcome: 'replayed' });
    expect(await listJobs(test.db)).toHaveLength(4);
    const { rows } = await test.db.query<{ n: number }>('SELECT count(*) AS n FROM applications');
    expect(rows[0]?.n).toBe(3);
  });

  it('refuses a different request under a form group id already used', async () => {
    const input = sampleSubmission(now);
    await storeSubmission(test.db, input, now);
    expect(await storeSubmission(test.db, { ...input, requestHash: 'something else' }, now)).toEqual({
      outcome: 'conflict',
    });
    expect(await listJobs(test.db)).toHaveLength(2);
  });

  it('stores two identical requests arriving together once, and answers both with the same ids', async () => {
    const other = await test.openAnother();
    // Several rounds: on PostgreSQL the two transactions really overlap, in either order.
    for (let round = 0; round < 5; round += 1) {
      const input = sampleSubmission(now, [{}, {}]);
      const results = await Promise.all([storeSubmission(test.db, input, now), storeSubmission(other, input, now)]);
      expect(results.map((r) => r.outcome).sort()).toEqual(['created', 'replayed']);
      const [a, b] = results;
      if (a?.outcome === 'conflict' || b?.outcome === 'conflict' || a === undefined || b === undefined)
        throw new Error('conflict');
      expect(a.submissionId).toBe(b.submissionId);
      expect(a.applicants).toEqual(b.applicants);
    }
    const { rows } = await test.db.query<{ submissions: number; applications: number; jobs: number }>(
      `SELECT (SELECT count(*) FROM submissions) AS submissions, (SELECT count(*) FROM applications) AS applications,
              (SELECT count(*) FROM outbox_jobs) AS jobs`,
    );
    expect(rows[0]).toEqual({ submissions: 5, applications: 10, jobs: 15 });
  });

  it('stores many different submissions at once without mixing them up', async () => {
    const inputs = Array.from({ length: 10 }, () => sampleSubmission(now, [{}, {}]));
    const others = [test.db, await test.openAnother(), await test.openAnother()];
    const results = await Promise.all(
      inputs.map((input, i) => storeSubmission(others[i % others.length] ?? test.db, input, now)),
    );
    expect(results.every((r) => r.outcome === 'created')).toBe(true);
    const { rows } = await test.db.query<{ n: number }>('SELECT count(*) AS n FROM applications');
    expect(rows[0]?.n).toBe(20);
  });

  it('rolls everything back when one applicant cannot be stored', async () => {
    const input = sampleSubmission(now, [{}, { arrivalDate: 'not a date' }]);
    await expect(storeSubmission(test.db, input, now)).rejects.toThrow();
    const { rows } = await test.db.query<{ submissions: number; jobs: number }>(
      'SELECT (SELECT count(*) FROM submissions) AS submissions, (SELECT count(*) FROM outbox_jobs) AS jobs',
    );
    expect(rows[0]).toEqual({ submissions: 0, jobs: 0 });
    // The key is free again: the same request can be sent once fixed.
    expect(
      (await storeSubmission(test.db, sampleSubmission(now, [{}], { formGroupId: input.formGroupId }), now)).outcome,
    ).toBe('created');
  });

  it('refuses a passport number that is not 3 to 15 letters and digits, before touching the database', async () => {
    await expect(storeSubmission(test.db, sampleSubmission(now, [{ passportNumber: 'AB' }]), now)).rejects.toThrow(
      /Applicant 0/,
    );
    expect(await findApplication(test.db, 'anything')).toBeUndefined();
  });

  it('finds the submission of any of its application references, without its personal data', async () => {
    const stored = await storeSubmission(test.db, sampleSubmission(now, [{}, {}]), now);
    if (stored.outcome !== 'created') throw new Error('expected created');
    for (const { applicantId } of stored.applicants) {
      expect(await findSubmissionOfReference(test.db, applicantId)).toEqual({
        submissionId: stored.submissionId,
        sponsorReference: 'LIC123456',
        hasSponsorEmail: true,
        createdAt: now,
      });
    }
    expect(await findSubmissionOfReference(test.db, 'CWC-00000-00000-0')).toBeUndefined();
    // The submission id is not an application reference.
    expect(await findSubmissionOfReference(test.db, stored.submissionId)).toBeUndefined();
  });

  it('says when the sponsor email address has been deleted (retention), keeping the licence number', async () => {
    const stored = await storeSubmission(test.db, sampleSubmission(now, [{}]), now);
    if (stored.outcome !== 'created') throw new Error('expected created');
    const applicantId = stored.applicants[0]!.applicantId;
    await updateApplicationStatus(test.db, applicantId, 'approved', null, now);
    await purgePersonalData(test.db, { today: '2027-06-01', retentionDays: 30, now });
    expect(await findSubmissionOfReference(test.db, applicantId)).toEqual({
      submissionId: stored.submissionId,
      sponsorReference: 'LIC123456',
      hasSponsorEmail: false,
      createdAt: now,
    });
  });
});
