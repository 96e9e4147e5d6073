import { describe, expect, it } from 'vitest';
import { findApplication, listStatusChanges } from '../../db/application-repository.ts';
import { listJobs } from '../../db/job-repository.ts';
import { addLostStolenPassports } from '../../db/lost-stolen-passport-repository.ts';
import type { NewApplication } from '../../db/submission-repository.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { daysAfter, sampleSubmission } from '../../test-support/sample-submissions.ts';
import { changeApplicationStatus } from './change-status.ts';
import { awaitingCaseworkerNote, decideApplication } from './decide-application.ts';
import { StatusChangeError } from './status-transitions.ts';

const now = new Date('2026-03-02T10:00:00Z');
const later = new Date('2026-03-02T10:05:00Z');

describe.each(testEngines())('decisions on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  async function store(applicant: Partial<NewApplication> = {}): Promise<string> {
    const result = await storeSubmission(test.db, sampleSubmission(now, [applicant]), now);
    if (result.outcome !== 'created') throw new Error('not created');
    return result.applicants[0]?.applicantId ?? '';
  }

  /** The payloads of the decision email jobs: one per submission, naming it (decision 014). */
  async function decisionJobs() {
    return (await listJobs(test.db, { kind: 'send-decisions' })).map((j) => j.payload);
  }

  async function submissionOf(applicantId: string): Promise<{ submissionId: string }> {
    return { submissionId: (await findApplication(test.db, applicantId))?.submissionId ?? '' };
  }

  it('approves an application that passes every check, with its audit line and email job', async () => {
    const id = await store();
    expect(await decideApplication(test.db, id, { manualReview: false, now: later })).toEqual({ kind: 'approved' });
    expect(await findApplication(test.db, id)).toMatchObject({
      status: 'approved',
      decisionReason: null,
      updatedAt: later,
    });
    expect(await listStatusChanges(test.db, id)).toMatchObject([
      { actor: 'submission', toStatus: 'in-progress' },
      { actor: 'automated', fromStatus: 'in-progress', toStatus: 'approved', reason: null, changedAt: later },
    ]);
    expect(await decisionJobs()).toEqual([await submissionOf(id)]);
  });

  it('rejects an application made less than 3 days before arrival as late', async () => {
    const id = await store({ arrivalDate: daysAfter(now, 2), passportNumber: 'LOST1' });
    await addLostStolenPassports(test.db, ['LOST1'], 'test', now);
    expect(await decideApplication(test.db, id, { manualReview: false, now: later })).toEqual({
      kind: 'rejected',
      reason: 'late',
    });
    expect(await findApplication(test.db, id)).toMatchObject({ status: 'rejected', decisionReason: 'late' });
    expect((await listStatusChanges(test.db, id)).at(-1)).toMatchObject({
      actor: 'check:late',
      toStatus: 'rejected',
      reason: 'late',
    });
    expect(await decisionJobs()).toEqual([await submissionOf(id)]);
  });

  it('rejects for routing a stored place of departure the list does not know (the form no longer sends one)', async () => {
    const id = await store({ placeOfDeparture: 'Belfast International Airport' });
    expect(await decideApplication(test.db, id, { manualReview: false, now: later })).toEqual({
      kind: 'rejected',
      reason: 'routing',
    });
    expect((await listStatusChanges(test.db, id)).at(-1)).toMatchObject({ actor: 'check:routing' });
  });

  it('rejects for credibility a passport on the lost or stolen list, whatever its spacing or case', async () => {
    await addLostStolenPassports(test.db, ['XY9876543'], 'test', now);
    const id = await store({ passportNumber: 'xy 987 6543' });
    expect(await decideApplication(test.db, id, { manualReview: false, now: later })).toEqual({
      kind: 'rejected',
      reason: 'credibility',
    });
    expect((await listStatusChanges(test.db, id)).at(-1)).toMatchObject({
      actor: 'check:credibility',
      reason: 'credibility',
    });
  });

  it('uses the routing rule it is given', async () => {
    const id = await store({ placeOfDeparture: 'Somewhere' });
    const outcome = await decideApplication(test.db, id, {
      manualReview: false,
      now: later,
      isPlaceOfDepartureInIreland: () => true,
    });
    expect(outcome).toEqual({ kind: 'approved' });
  });

  it('with manual review, leaves a passing application in progress for a caseworker, noting it waits', async () => {
    const id = await store();
    expect(await decideApplication(test.db, id, { manualReview: true, now: later })).toEqual({
      kind: 'awaiting-caseworker',
    });
    expect(await findApplication(test.db, id)).toMatchObject({ status: 'in-progress' });
    expect((await listStatusChanges(test.db, id)).at(-1)).toMatchObject({
      actor: 'automated',
      fromStatus: 'in-progress',
      toStatus: 'in-progress',
      reason: awaitingCaseworkerNote,
    });
    expect(await decisionJobs()).toEqual([]);
    // A second run (the job retried) adds nothing.
    expect(await decideApplication(test.db, id, { manualReview: true, now: later })).toEqual({
      kind: 'already-decided',
      status: 'in-progress',
    });
    expect(await listStatusChanges(test.db, id)).toHaveLength(2);
  });

  it('with manual review, still rejects an application that fails a check', async () => {
    const id = await store({ arrivalDate: daysAfter(now, 1) });
    expect(await decideApplication(test.db, id, { manualReview: true, now: later })).toEqual({
      kind: 'rejected',
      reason: 'late',
    });
  });

  it('decides once: a second run, or two at the same time, change nothing more', async () => {
    const id = await store();
    const other = await test.openAnother();
    const outcomes = await Promise.all([
      decideApplication(test.db, id, { manualReview: false, now: later }),
      decideApplication(other, id, { manualReview: false, now: later }),
    ]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['already-decided', 'approved']);
    expect(await listStatusChanges(test.db, id)).toHaveLength(2);
    expect(await decisionJobs()).toHaveLength(1);
  });

  it('leaves alone an application a caseworker decided first', async () => {
    const id = await store();
    await changeApplicationStatus(test.db, id, { to: 'withdrawn', actor: 'caseworker:test', now });
    expect(await decideApplication(test.db, id, { manualReview: false, now: later })).toEqual({
      kind: 'already-decided',
      status: 'withdrawn',
    });
  });

  it('says when there is no such application', async () => {
    expect(await decideApplication(test.db, 'missing', { manualReview: false, now })).toEqual({ kind: 'not-found' });
  });

  describe('changes by a caseworker', () => {
    it('approves or rejects an application in progress, audited as theirs, with the email job', async () => {
      const approved = await store();
      const rejected = await store();
      expect(
        await changeApplicationStatus(test.db, approved, { to: 'approved', actor: 'caseworker:ann', now: later }),
      ).toEqual({
        from: 'in-progress',
        to: 'approved',
      });
      await changeApplicationStatus(test.db, rejected, {
        to: 'rejected',
        reason: 'routing',
        actor: 'caseworker:ann',
        now: later,
      });
      expect((await listStatusChanges(test.db, approved)).at(-1)).toMatchObject({
        actor: 'caseworker:ann',
        toStatus: 'approved',
      });
      expect(await findApplication(test.db, rejected)).toMatchObject({ status: 'rejected', decisionReason: 'routing' });
      expect(await decisionJobs()).toEqual(
        expect.arrayContaining([await submissionOf(approved), await submissionOf(rejected)]),
      );
    });

    it('withdraws an approved or rejected application, clearing the reason, with its own email job', async () => {
      const approved = await store();
      const rejected = await store({ arrivalDate: daysAfter(now, 1) });
      await decideApplication(test.db, approved, { manualReview: false, now });
      await decideApplication(test.db, rejected, { manualReview: false, now });
      const jobsBefore = (await decisionJobs()).length;
      for (const id of [approved, rejected]) {
        await changeApplicationStatus(test.db, id, { to: 'withdrawn', actor: 'caseworker:ann', now: later });
        expect(await findApplication(test.db, id)).toMatchObject({ status: 'withdrawn', decisionReason: null });
      }
      // No decision email for a withdrawal: a send-withdrawal job each, committed with it.
      expect(await decisionJobs()).toHaveLength(jobsBefore);
      expect((await listJobs(test.db, { kind: 'send-withdrawal' })).map((j) => [j.payload, j.uniqueKey])).toEqual([
        [{ applicantId: rejected }, `send-withdrawal:${rejected}`],
        [{ applicantId: approved }, `send-withdrawal:${approved}`],
      ]);
    });

    const refusals: Array<
      [string, 'approved' | 'rejected' | 'withdrawn', 'approved' | 'rejected' | 'withdrawn', RegExp]
    > = [
      ['approving an approved application', 'approved', 'approved', /is already approved/],
      [
        'approving a withdrawn application',
        'withdrawn',
        'approved',
        /is withdrawn and cannot be approved: a withdrawn application cannot be changed/,
      ],
      ['rejecting an approved application', 'approved', 'rejected', /is approved and cannot be rejected/],
      ['approving a rejected application', 'rejected', 'approved', /is rejected and cannot be approved/],
      ['withdrawing a withdrawn application', 'withdrawn', 'withdrawn', /is already withdrawn/],
    ];
    it.each(refusals)('refuses %s, changing nothing', async (_name, first, then, message) => {
      const id = await store();
      await changeApplicationStatus(test.db, id, {
        to: first,
        reason: first === 'rejected' ? 'late' : undefined,
        actor: 'caseworker:ann',
        now,
      });
      const before = await listStatusChanges(test.db, id);
      const jobsBefore = await listJobs(test.db);
      const attempt = changeApplicationStatus(test.db, id, {
        to: then,
        reason: then === 'rejected' ? 'late' : undefined,
        actor: 'caseworker:ann',
        now: later,
      });
      await expect(attempt).rejects.toThrow(StatusChangeError);
      await expect(attempt).rejects.toThrow(message);
      expect(await findApplication(test.db, id)).toMatchObject({ status: first });
      expect(await listStatusChanges(test.db, id)).toEqual(before);
      expect(await listJobs(test.db)).toEqual(jobsBefore);
    });

    it('needs a reason to reject, and takes none otherwise', async () => {
      const id = await store();
      await expect(changeApplicationStatus(test.db, id, { to: 'rejected', actor: 'c', now })).rejects.toThrow(
        /needs a reason/,
      );
      await expect(
        changeApplicationStatus(test.db, id, { to: 'approved', reason: 'late', actor: 'c', now }),
      ).rejects.toThrow(/Only a rejection has a reason/);
    });

    it('says when there is no such application', async () => {
      await expect(changeApplicationStatus(test.db, 'nope', { to: 'approved', actor: 'c', now })).rejects.toMatchObject(
        {
          problem: 'not-found',
        },
      );
    });
  });
});
