import { describe, expect, it } from 'vitest';
import { findApplication, listStatusChanges, purgePersonalData } from '../../db/application-repository.ts';
import type { Database } from '../../db/database.ts';
import { listJobs } from '../../db/job-repository.ts';
import { listStaffActions } from '../../db/staff-audit-repository.ts';
import { attemptLicence, listLicenceUnlocks } from '../../db/status-access-repository.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { decideApplication } from '../decisions/decide-application.ts';
import { sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { backendPid, waitForLockWaiters } from '../../test-support/lock-waits.ts';
import { resendStatusLink, setApplicationStatus, unlockSubmissionLicence } from './staff-actions.ts';
import { cliStaffMember, type StaffMember } from './staff.ts';

const now = new Date('2026-03-02T10:00:00Z');
const ann: StaffMember = { id: 'oidc-subject-ann', name: 'Ann Caseworker' };
const bob: StaffMember = { id: 'oidc-subject-bob', name: 'Bob Caseworker' };

async function store(db: Database, count = 1, workerEmail?: string): Promise<{ ids: string[]; submissionId: string }> {
  const result = await storeSubmission(
    db,
    sampleSubmission(
      now,
      Array.from({ length: count }, () => (workerEmail === undefined ? {} : { workerEmail })),
    ),
    now,
  );
  if (result.outcome !== 'created') throw new Error('not created');
  return { ids: result.applicants.map((a) => a.applicantId), submissionId: result.submissionId };
}

const auditLines = async (db: Database) => (await listStaffActions(db, {}, { limit: 100, offset: 0 })).lines;

describe.each(testEngines())('staff actions on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const deps = () => ({ database: test.db, now: () => now });

  it('approves with one status change, one audit line pointing at it and one decision email job', async () => {
    const { ids, submissionId } = await store(test.db);
    const id = ids[0]!;
    const result = await setApplicationStatus(deps(), ann, {
      action: 'approve',
      reference: id.toLowerCase(),
      expectedStatus: 'in-progress',
    });
    expect(result).toEqual({
      outcome: 'done',
      reference: id,
      from: 'in-progress',
      to: 'approved',
      reason: undefined,
      emailed: 'sponsor',
      at: now,
      auditLineId: expect.any(Number),
    });
    const changes = await listStatusChanges(test.db, id);
    expect(changes.at(-1)).toMatchObject({ actor: 'staff:oidc-subject-ann', toStatus: 'approved' });
    const lines = await auditLines(test.db);
    expect(lines).toEqual([
      expect.objectContaining({
        staffId: ann.id,
        staffName: ann.name,
        action: 'approve',
        applicantId: id,
        submissionId,
        statusChangeId: changes.at(-1)?.id,
        reason: null,
        note: null,
      }),
    ]);
    expect((await listJobs(test.db, { kind: 'send-decisions' })).map((j) => j.payload)).toEqual([{ submissionId }]);
  });

  it('rejects with a reason and a note, the note in the audit log only', async () => {
    const { ids } = await store(test.db);
    const id = ids[0]!;
    const result = await setApplicationStatus(deps(), ann, {
      action: 'reject',
      reference: id,
      expectedStatus: 'in-progress',
      reason: 'credibility',
      note: '  Checked with the Border Force desk  ',
    });
    expect(result).toMatchObject({ outcome: 'done', to: 'rejected', reason: 'credibility' });
    expect(await findApplication(test.db, id)).toMatchObject({ status: 'rejected', decisionReason: 'credibility' });
    expect((await listStatusChanges(test.db, id)).at(-1)).toMatchObject({ reason: 'credibility' });
    expect((await auditLines(test.db))[0]).toMatchObject({
      action: 'reject',
      reason: 'credibility',
      note: 'Checked with the Border Force desk',
    });
  });

  it('withdraws with a reason, scheduling the withdrawal email, and says the worker is emailed too', async () => {
    const { ids } = await store(test.db, 1, 'worker@example.org');
    const id = ids[0]!;
    const result = await setApplicationStatus(deps(), bob, {
      action: 'withdraw',
      reference: id,
      expectedStatus: 'in-progress',
      reason: 'The sponsor called: the tour is cancelled',
    });
    expect(result).toMatchObject({
      outcome: 'done',
      from: 'in-progress',
      to: 'withdrawn',
      emailed: 'sponsor-and-worker',
    });
    expect((await listJobs(test.db, { kind: 'send-withdrawal' })).map((j) => j.payload)).toEqual([{ applicantId: id }]);
    expect((await auditLines(test.db))[0]).toMatchObject({
      staffId: bob.id,
      action: 'withdraw',
      note: 'The sponsor called: the tour is cancelled',
    });
  });

  it('refuses what is missing or wrong, changing nothing', async () => {
    const { ids } = await store(test.db);
    const id = ids[0]!;
    const refusals = [
      await setApplicationStatus(deps(), ann, { action: 'reject', reference: id, reason: undefined }),
      await setApplicationStatus(deps(), ann, { action: 'reject', reference: id, reason: 'vibes' }),
      await setApplicationStatus(deps(), ann, {
        action: 'reject',
        reference: id,
        reason: 'late',
        note: 'x'.repeat(1001),
      }),
      await setApplicationStatus(deps(), ann, { action: 'withdraw', reference: id, reason: '   ' }),
      await setApplicationStatus(deps(), ann, { action: 'withdraw', reference: id, reason: 'bad \u0007 bell' }),
      await setApplicationStatus(deps(), ann, { action: 'approve', reference: '' }),
      await setApplicationStatus(deps(), ann, { action: 'approve', reference: 'CWC-7K3M9\u202E' }),
    ];
    expect(refusals).toEqual([
      { outcome: 'invalid', field: 'reason', problem: 'required' },
      { outcome: 'invalid', field: 'reason', problem: 'unknown' },
      { outcome: 'invalid', field: 'note', problem: 'too-long' },
      { outcome: 'invalid', field: 'reason', problem: 'required' },
      { outcome: 'invalid', field: 'reason', problem: 'characters' },
      { outcome: 'invalid', field: 'reference', problem: 'required' },
      { outcome: 'invalid', field: 'reference', problem: 'characters' },
    ]);
    expect(await findApplication(test.db, id)).toMatchObject({ status: 'in-progress' });
    expect(await auditLines(test.db)).toEqual([]);
  });

  it('refuses a note holding personal data: an email address, the passport number, the worker’s name', async () => {
    const { ids } = await store(test.db);
    const id = ids[0]!;
    for (const note of [
      'Ask someone@example.org',
      'passport p0000 0000 again',
      'Spoke to Family0 today',
      'given0 called',
    ]) {
      expect(
        await setApplicationStatus(deps(), ann, { action: 'withdraw', reference: id, reason: note }),
        note,
      ).toEqual({
        outcome: 'invalid',
        field: 'reason',
        problem: 'personal-data',
      });
    }
    expect(
      await setApplicationStatus(deps(), ann, {
        action: 'reject',
        reference: id,
        reason: 'late',
        note: 'mail me: a@b.co',
      }),
    ).toEqual({
      outcome: 'invalid',
      field: 'note',
      problem: 'personal-data',
    });
    expect(await findApplication(test.db, id)).toMatchObject({ status: 'in-progress' });
    expect(await auditLines(test.db)).toEqual([]);
  });

  it('names a member of staff without a name by their id, and cuts a long name to the column', async () => {
    const { ids } = await store(test.db, 2);
    await setApplicationStatus(deps(), { id: 'subject-x', name: '  ' }, { action: 'approve', reference: ids[0]! });
    await setApplicationStatus(
      deps(),
      { id: 'subject-y', name: `  ${'N'.repeat(300)}` },
      { action: 'approve', reference: ids[1]! },
    );
    expect((await auditLines(test.db)).map((line) => [line.staffId, line.staffName])).toEqual([
      ['subject-y', 'N'.repeat(200)],
      ['subject-x', 'subject-x'],
    ]);
  });

  it('lets the CLI withdraw without a reason', async () => {
    const { ids } = await store(test.db);
    const result = await setApplicationStatus(deps(), cliStaffMember('ann'), {
      action: 'withdraw',
      reference: ids[0]!,
    });
    expect(result).toMatchObject({ outcome: 'done', to: 'withdrawn' });
    expect((await listStatusChanges(test.db, ids[0]!)).at(-1)?.actor).toBe('caseworker:ann');
    expect((await auditLines(test.db))[0]).toMatchObject({ staffId: 'cli:ann', staffName: 'ann', note: null });
  });

  it('answers an unknown reference and a transition the rules refuse with their own outcomes', async () => {
    expect(await setApplicationStatus(deps(), ann, { action: 'approve', reference: 'no-such-id' })).toEqual({
      outcome: 'not-found',
      reference: 'no-such-id',
    });
    const { ids } = await store(test.db);
    const id = ids[0]!;
    await setApplicationStatus(deps(), ann, { action: 'withdraw', reference: id, reason: 'Cancelled' });
    expect(
      await setApplicationStatus(deps(), ann, { action: 'approve', reference: id, expectedStatus: 'withdrawn' }),
    ).toEqual({
      outcome: 'not-allowed',
      reference: id,
      status: 'withdrawn',
      problem: 'not-allowed',
      message: `Application ${id} is withdrawn and cannot be approved: a withdrawn application cannot be changed`,
    });
    expect(
      await setApplicationStatus(deps(), ann, { action: 'withdraw', reference: id, reason: 'again' }),
    ).toMatchObject({
      outcome: 'not-allowed',
      problem: 'unchanged',
    });
    expect(await auditLines(test.db)).toHaveLength(1);
  });

  it('refuses an action on a status the member of staff no longer sees, saying who changed it and when', async () => {
    const { ids } = await store(test.db);
    const id = ids[0]!;
    const earlier = new Date(now.getTime() - 60_000);
    await setApplicationStatus({ database: test.db, now: () => earlier }, ann, {
      action: 'approve',
      reference: id,
      expectedStatus: 'in-progress',
    });
    const late = await setApplicationStatus(deps(), bob, {
      action: 'reject',
      reference: id,
      expectedStatus: 'in-progress',
      reason: 'late',
    });
    expect(late).toEqual({
      outcome: 'changed-meanwhile',
      reference: id,
      status: 'approved',
      by: { kind: 'staff', id: ann.id, name: ann.name },
      at: earlier,
    });
    // The automated checks deciding first are named as such.
    const { ids: others } = await store(test.db);
    const other = others[0]!;
    await decideApplication(test.db, other, { manualReview: false, now: earlier });
    expect(
      await setApplicationStatus(deps(), bob, { action: 'approve', reference: other, expectedStatus: 'in-progress' }),
    ).toMatchObject({
      outcome: 'changed-meanwhile',
      status: 'approved',
      by: { kind: 'service', actor: 'automated' },
    });
    expect((await auditLines(test.db)).map((line) => line.staffId)).toEqual([ann.id]);
  });

  it('unlocks the submission’s licence, audited with what it cleared', async () => {
    const { ids, submissionId } = await store(test.db, 2);
    for (let i = 0; i < 5; i += 1) await attemptLicence(test.db, submissionId, '203.0.113.7', () => false, now);
    const result = await unlockSubmissionLicence(deps(), ann, { reference: ids[1]! });
    expect(result).toEqual({
      outcome: 'done',
      reference: ids[1],
      submissionId,
      lockoutBeganAt: now,
      failuresCleared: 5,
      auditLineId: expect.any(Number),
    });
    expect(await listLicenceUnlocks(test.db, submissionId)).toMatchObject([{ actor: 'staff:oidc-subject-ann' }]);
    expect((await auditLines(test.db))[0]).toMatchObject({
      action: 'unlock',
      applicantId: ids[1],
      submissionId,
      details: { lockoutBeganAt: now.toISOString(), failuresCleared: 5 },
    });
    expect(await unlockSubmissionLicence(deps(), ann, { reference: 'nope' })).toEqual({
      outcome: 'not-found',
      reference: 'nope',
    });
  });

  it('resends the status link to the stored sponsor address through the status-link job, once in ten minutes', async () => {
    const { ids, submissionId } = await store(test.db);
    const id = ids[0]!;
    expect(await resendStatusLink(deps(), ann, { reference: id })).toEqual({
      outcome: 'done',
      reference: id,
      submissionId,
      auditLineId: expect.any(Number),
    });
    expect((await listJobs(test.db, { kind: 'send-status-link' })).map((j) => j.payload)).toEqual([{ submissionId }]);
    expect(await resendStatusLink(deps(), bob, { reference: id })).toMatchObject({
      outcome: 'not-allowed',
      problem: 'sent-recently',
    });
    expect((await auditLines(test.db)).map((line) => [line.action, line.staffId])).toEqual([
      ['resend-status-link', ann.id],
    ]);

    await setApplicationStatus(deps(), ann, { action: 'approve', reference: id });
    await purgePersonalData(test.db, { today: '2027-06-01', retentionDays: 30, now });
    expect(await resendStatusLink(deps(), ann, { reference: id })).toMatchObject({
      outcome: 'not-allowed',
      problem: 'personal-data-deleted',
    });
  });

  if (engine.name === 'postgres') {
    it('lets exactly one of two members of staff approving at the same moment win', async () => {
      const { ids, submissionId } = await store(test.db);
      const id = ids[0]!;
      const other = await test.openAnother();
      // Many rounds would need many applications; one round on two pools with the first
      // holding its lock while the second asks for it is the race that matters.
      const results = await Promise.all([
        setApplicationStatus({ database: test.db, now: () => now }, ann, {
          action: 'approve',
          reference: id,
          expectedStatus: 'in-progress',
        }),
        setApplicationStatus({ database: other, now: () => now }, bob, {
          action: 'approve',
          reference: id,
          expectedStatus: 'in-progress',
        }),
      ]);
      const winners = results.filter((r) => r.outcome === 'done');
      const losers = results.filter((r) => r.outcome === 'changed-meanwhile');
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      const winner = results[0]?.outcome === 'done' ? ann : bob;
      expect(losers[0]).toEqual({
        outcome: 'changed-meanwhile',
        reference: id,
        status: 'approved',
        by: { kind: 'staff', id: winner.id, name: winner.name },
        at: now,
      });
      expect(await auditLines(test.db)).toHaveLength(1);
      expect((await auditLines(test.db))[0]?.staffId).toBe(winner.id);
      expect((await listJobs(test.db, { kind: 'send-decisions' })).map((j) => j.payload)).toEqual([{ submissionId }]);
      expect((await listStatusChanges(test.db, id)).filter((c) => c.toStatus === 'approved')).toHaveLength(1);
    });

    it('unlocks without deadlocking a decision that holds the application and then asks for the submission', async () => {
      const { ids, submissionId } = await store(test.db);
      const id = ids[0]!;
      const other = await test.openAnother();
      let goOn: () => void = () => undefined;
      const goneOn = new Promise<void>((resolve) => (goOn = resolve));
      let holding: (pid: number) => void = () => undefined;
      const holder = new Promise<number>((resolve) => (holding = resolve));
      // A decision's order of row locks: the application's, then the submission's (decision 014).
      const deciding = test.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM applications WHERE applicant_id = $1 FOR UPDATE', [id]);
        holding(await backendPid(tx));
        await goneOn;
        await tx.query('SELECT 1 FROM submissions WHERE id = $1 FOR NO KEY UPDATE', [submissionId]);
      });
      const decidingPid = await holder;
      const unlocking = unlockSubmissionLicence({ database: other, now: () => now }, ann, { reference: id });
      // The unlock is queued behind the decision's row lock before the decision asks for the submission.
      await waitForLockWaiters(test.db, decidingPid, 1);
      goOn();
      await expect(deciding).resolves.toBeUndefined();
      await expect(unlocking).resolves.toMatchObject({ outcome: 'done' });
    });

    it('serialises two members of staff on one application even when both wait on the row', async () => {
      const { ids } = await store(test.db);
      const id = ids[0]!;
      const other = await test.openAnother();
      // Hold the row so both actions queue behind it, then let go: they run one after the other.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding: (pid: number) => void = () => undefined;
      const holder = new Promise<number>((resolve) => (holding = resolve));
      const held = test.db.transaction(async (tx) => {
        await tx.query('SELECT 1 FROM applications WHERE applicant_id = $1 FOR UPDATE', [id]);
        holding(await backendPid(tx));
        await released;
      });
      const holderPid = await holder;
      const approving = setApplicationStatus({ database: other, now: () => now }, ann, {
        action: 'approve',
        reference: id,
        expectedStatus: 'in-progress',
      });
      const third = await test.openAnother();
      const rejecting = setApplicationStatus({ database: third, now: () => now }, bob, {
        action: 'reject',
        reference: id,
        expectedStatus: 'in-progress',
        reason: 'routing',
      });
      // Both wait on the row (the second behind the first) before it is let go.
      await waitForLockWaiters(test.db, holderPid, 2);
      release();
      await held;
      const outcomes = (await Promise.all([approving, rejecting])).map((r) => r.outcome).sort();
      expect(outcomes).toEqual(['changed-meanwhile', 'done']);
      expect(await auditLines(test.db)).toHaveLength(1);
      expect((await listJobs(test.db, { kind: 'send-decisions' })).length).toBe(1);
    });
  }
});
