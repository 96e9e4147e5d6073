import { describe, expect, it } from 'vitest';
import { findApplication } from '../../db/application-repository.ts';
import { listJobs } from '../../db/job-repository.ts';
import { addLostStolenPassports } from '../../db/lost-stolen-passport-repository.ts';
import { listStaffActions } from '../../db/staff-audit-repository.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { decideApplication } from '../decisions/decide-application.ts';
import { approveGroup, groupOfApplication } from './group-approval.ts';
import { setApplicationStatus } from './staff-actions.ts';

const now = new Date('2026-03-02T10:00:00Z');
const later = new Date('2026-03-02T11:00:00Z');
const ann = { id: 'subject-ann', name: 'Ann' };
const bob = { id: 'subject-bob', name: 'Bob' };

describe.each(testEngines())('a group decided as a group, on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const deps = {
    get database() {
      return test.db;
    },
    now: () => later,
  };

  /** A group of `count`, each through the automated checks with MANUAL_REVIEW on. */
  async function group(count: number): Promise<string[]> {
    const result = await storeSubmission(
      test.db,
      sampleSubmission(
        now,
        Array.from({ length: count }, () => ({})),
      ),
      now,
    );
    if (result.outcome !== 'created') throw new Error('not created');
    const ids = result.applicants.map((a) => a.applicantId);
    for (const id of ids) await decideApplication(test.db, id, { manualReview: true, now });
    return ids;
  }

  it('lists the members with their checks, and which of them may be approved together', async () => {
    const [a, b, c, d] = await group(4);
    await setApplicationStatus(deps, ann, { action: 'reject', reference: c!, reason: 'late' });
    // Passed when sent, but the passport is now recorded as lost: not approved with the others.
    await addLostStolenPassports(test.db, ['P00000003'], 'test', now);
    const found = await groupOfApplication(deps, { reference: b! });
    if (found.outcome !== 'ok') throw new Error(found.outcome);
    expect(found.members.map((m) => [m.reference, m.status, m.passed])).toEqual([
      [a, 'in-progress', true],
      [b, 'in-progress', true],
      [c, 'rejected', false],
      [d, 'in-progress', false],
    ]);
    expect(found.members[0]?.checks.recorded).toMatchObject({ outcome: 'passed', approved: false });
  });

  it('approves the members that passed in one action: an audit line each, one decisions job', async () => {
    const [a, b, c] = await group(3);
    const result = await approveGroup(deps, ann, { reference: a!, members: [a!, b!, c!] });
    expect(result).toMatchObject({ outcome: 'done', approved: [a, b, c] });
    for (const id of [a, b, c]) expect((await findApplication(test.db, id!))?.status).toBe('approved');
    const { lines } = await listStaffActions(test.db, {}, { limit: 10, offset: 0 });
    expect(lines.map((l) => [l.action, l.applicantId, l.staffId]).sort()).toEqual(
      [a, b, c].map((id) => ['approve', id, ann.id]).sort(),
    );
    expect(await listJobs(test.db, { kind: 'send-decisions' })).toHaveLength(1);
  });

  it('approves nothing twice when two staff approve the group at once, nor anything that changed since', async () => {
    const [a, b] = await group(2);
    const results = await Promise.all([
      approveGroup(deps, ann, { reference: a!, members: [a!, b!] }),
      approveGroup(deps, bob, { reference: b!, members: [b!, a!] }),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['changed-meanwhile', 'done']);
    const { lines } = await listStaffActions(test.db, {}, { limit: 10, offset: 0 });
    expect(lines).toHaveLength(2);
    expect(new Set(lines.map((l) => l.staffId)).size).toBe(1);

    // One member rejected after the list was shown: nothing of the list is approved.
    const [x, y] = await group(2);
    await setApplicationStatus(deps, bob, { action: 'reject', reference: y!, reason: 'routing' });
    const stale = await approveGroup(deps, ann, { reference: x!, members: [x!, y!] });
    expect(stale).toMatchObject({ outcome: 'changed-meanwhile', changed: [{ reference: y, status: 'rejected' }] });
    expect((await findApplication(test.db, x!))?.status).toBe('in-progress');
  });

  it('approves nothing twice when one member is approved on its own at the same moment', async () => {
    const [a, b] = await group(2);
    const [together, alone] = await Promise.all([
      approveGroup(deps, ann, { reference: a!, members: [a!, b!] }),
      setApplicationStatus(deps, bob, { action: 'approve', reference: b!, expectedStatus: 'in-progress' }),
    ]);
    // One of the two wins b; the group's approval is all or nothing.
    expect([together.outcome, alone.outcome].sort()).toEqual(['changed-meanwhile', 'done']);
    const { lines } = await listStaffActions(test.db, {}, { limit: 10, offset: 0 });
    expect(lines.filter((line) => line.applicantId === b)).toHaveLength(1);
    expect((await findApplication(test.db, a!))?.status).toBe(together.outcome === 'done' ? 'approved' : 'in-progress');
  });

  it('refuses a member of another group, and an empty list', async () => {
    const [a] = await group(1);
    const [other] = await group(1);
    expect(await approveGroup(deps, ann, { reference: a!, members: [a!, other!] })).toMatchObject({
      outcome: 'invalid',
      field: 'members',
    });
    expect(await approveGroup(deps, ann, { reference: a!, members: [] })).toMatchObject({
      outcome: 'invalid',
      field: 'members',
    });
    expect((await findApplication(test.db, a!))?.status).toBe('in-progress');
  });
});
