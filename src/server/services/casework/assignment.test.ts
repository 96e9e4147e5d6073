import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { listStaffActions } from '../../db/staff-audit-repository.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { assignApplication, readAssignment, unassignApplication } from './assignment.ts';
import { setApplicationStatus } from './staff-actions.ts';
import type { StaffMember } from './staff.ts';

const now = new Date('2026-03-02T10:00:00Z');
const later = new Date('2026-03-02T11:00:00Z');
const ann: StaffMember = { id: 'oidc-subject-ann', name: 'Ann Caseworker' };
const bob: StaffMember = { id: 'oidc-subject-bob', name: 'Bob Caseworker' };

async function store(db: Database): Promise<string> {
  const result = await storeSubmission(db, sampleSubmission(now), now);
  if (result.outcome !== 'created') throw new Error('not created');
  return result.applicants[0]!.applicantId;
}

const auditLines = async (db: Database) => (await listStaffActions(db, {}, { limit: 100, offset: 0 })).lines.reverse();

describe.each(testEngines())('assigning applications on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const at = (time: Date) => ({ database: test.db, now: () => time });

  it('assigns to the member of staff and unassigns, each audited, and reads who holds it', async () => {
    const id = await store(test.db);
    expect(await readAssignment(at(now), { reference: id })).toEqual({ outcome: 'ok', reference: id, holder: null });

    expect(await assignApplication(at(now), ann, { reference: id.toLowerCase(), expectedHolder: '' })).toEqual({
      outcome: 'done',
      reference: id,
      holder: { id: ann.id, name: ann.name, since: now },
    });
    expect(await readAssignment(at(now), { reference: id })).toEqual({
      outcome: 'ok',
      reference: id,
      holder: { id: ann.id, name: ann.name, since: now },
    });
    expect(await unassignApplication(at(later), ann, { reference: id, expectedHolder: ann.id })).toEqual({
      outcome: 'done',
      reference: id,
      holder: null,
    });
    expect(await readAssignment(at(later), { reference: id })).toMatchObject({ holder: null });

    const lines = await auditLines(test.db);
    expect(lines.map((l) => [l.action, l.staffId, l.staffName, l.applicantId, l.details])).toEqual([
      ['assign', ann.id, ann.name, id, null],
      ['unassign', ann.id, ann.name, id, { holderId: ann.id }],
    ]);
  });

  it('lets a colleague act on an assigned application, take it over or unassign it, and refuses what the page did not show', async () => {
    const id = await store(test.db);
    await assignApplication(at(now), ann, { reference: id, expectedHolder: '' });

    // Bob's page showed Ann holding it: he takes it over, and the audit line says from whom.
    expect(await assignApplication(at(later), bob, { reference: id, expectedHolder: ann.id })).toMatchObject({
      outcome: 'done',
      holder: { id: bob.id, name: bob.name, since: later },
    });
    // Ann's page still shows her holding it: her unassign changes nothing, and says who holds it now.
    expect(await unassignApplication(at(later), ann, { reference: id, expectedHolder: ann.id })).toEqual({
      outcome: 'held-meanwhile',
      reference: id,
      holder: { id: bob.id, name: bob.name, since: later },
    });
    // Nor does an assign from a page that showed nobody holding it.
    expect(await assignApplication(at(later), ann, { reference: id, expectedHolder: '' })).toMatchObject({
      outcome: 'held-meanwhile',
      holder: { id: bob.id },
    });
    // Assigning to the one who holds it already changes nothing.
    expect(await assignApplication(at(later), bob, { reference: id, expectedHolder: bob.id })).toMatchObject({
      outcome: 'not-allowed',
      problem: 'unchanged',
    });
    // Ann may still decide it.
    expect(
      await setApplicationStatus(at(later), ann, { action: 'approve', reference: id, expectedStatus: 'in-progress' }),
    ).toMatchObject({
      outcome: 'done',
    });
    // A decided application is no longer taken on; it may still be let go.
    expect(await assignApplication(at(later), ann, { reference: id, expectedHolder: bob.id })).toMatchObject({
      outcome: 'not-allowed',
      problem: 'not-in-progress',
    });
    expect(await unassignApplication(at(later), ann, { reference: id, expectedHolder: bob.id })).toMatchObject({
      outcome: 'done',
    });

    const lines = (await auditLines(test.db)).filter((l) => l.action !== 'approve');
    expect(lines.map((l) => [l.action, l.staffId, l.details])).toEqual([
      ['assign', ann.id, null],
      ['assign', bob.id, { previousHolderId: ann.id }],
      ['unassign', ann.id, { holderId: bob.id }],
    ]);
  });

  it('refuses an unknown application or a reference that is none', async () => {
    expect(await assignApplication(at(now), ann, { reference: 'CWC-7K3M9-QF2XA-A', expectedHolder: '' })).toEqual({
      outcome: 'not-found',
      reference: 'CWC-7K3M9-QF2XA-A',
    });
    expect(await unassignApplication(at(now), ann, { reference: ' ', expectedHolder: '' })).toMatchObject({
      outcome: 'invalid',
      field: 'reference',
    });
    const id = await store(test.db);
    expect(await unassignApplication(at(now), ann, { reference: id, expectedHolder: '' })).toMatchObject({
      outcome: 'not-allowed',
      problem: 'unchanged',
    });
    expect(await auditLines(test.db)).toEqual([]);
  });

  it('gives the application to one of two staff assigning at the same moment, and tells the other', async () => {
    const id = await store(test.db);
    const other = await test.openAnother();
    const results = await Promise.all([
      assignApplication(at(now), ann, { reference: id, expectedHolder: '' }),
      assignApplication({ database: other, now: () => now }, bob, { reference: id, expectedHolder: '' }),
    ]);
    expect(results.map((r) => r.outcome).sort()).toEqual(['done', 'held-meanwhile']);
    expect(await auditLines(test.db)).toHaveLength(1);
  });
});
