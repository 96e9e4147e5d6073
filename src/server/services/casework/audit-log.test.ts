import { describe, expect, it } from 'vitest';
import { storeSubmission } from '../../db/submission-repository.ts';
import { sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { listAuditLog, MAX_AUDIT_PAGE_SIZE, type AuditLogResult } from './audit-log.ts';
import { setApplicationStatus } from './staff-actions.ts';

const ann = { id: 'subject-ann', name: 'Ann' };
const bob = { id: 'subject-bob', name: 'Bob' };
// 23:30 UTC on 30 June is 1 July in London.
const times = ['2026-06-30T22:30:00Z', '2026-06-30T23:30:00Z', '2026-07-01T12:00:00Z', '2026-07-02T09:00:00Z'].map(
  (t) => new Date(t),
);

const actions = (result: AuditLogResult) =>
  result.outcome === 'ok' ? result.lines.map((l) => [l.action, l.staffId, l.occurredAt.toISOString()]) : result;

describe.each(testEngines())('the audit log on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const list = (request: Parameters<typeof listAuditLog>[1]) => listAuditLog({ database: test.db }, request);

  async function fill(): Promise<string[]> {
    const stored = await storeSubmission(test.db, sampleSubmission(times[0]!, [{}, {}, {}, {}]), times[0]!);
    if (stored.outcome !== 'created') throw new Error('not created');
    const ids = stored.applicants.map((a) => a.applicantId);
    const at = (i: number) => ({ database: test.db, now: () => times[i]! });
    await setApplicationStatus(at(0), ann, { action: 'approve', reference: ids[0]! });
    await setApplicationStatus(at(1), bob, { action: 'reject', reference: ids[1]!, reason: 'late' });
    await setApplicationStatus(at(2), ann, { action: 'withdraw', reference: ids[2]!, reason: 'Cancelled' });
    await setApplicationStatus(at(3), bob, { action: 'approve', reference: ids[3]! });
    return ids;
  }

  it('lists every line newest first, filtered by staff, action, application and London days, a page at a time', async () => {
    const ids = await fill();
    expect(actions(await list({}))).toEqual([
      ['approve', bob.id, '2026-07-02T09:00:00.000Z'],
      ['withdraw', ann.id, '2026-07-01T12:00:00.000Z'],
      ['reject', bob.id, '2026-06-30T23:30:00.000Z'],
      ['approve', ann.id, '2026-06-30T22:30:00.000Z'],
    ]);
    expect(actions(await list({ staffId: ann.id }))).toEqual([
      ['withdraw', ann.id, '2026-07-01T12:00:00.000Z'],
      ['approve', ann.id, '2026-06-30T22:30:00.000Z'],
    ]);
    expect(actions(await list({ action: 'approve', staffId: bob.id }))).toEqual([
      ['approve', bob.id, '2026-07-02T09:00:00.000Z'],
    ]);
    expect(actions(await list({ reference: ids[1]!.toLowerCase() }))).toEqual([
      ['reject', bob.id, '2026-06-30T23:30:00.000Z'],
    ]);
    expect(actions(await list({ from: '2026-07-01', to: '2026-07-01' }))).toEqual([
      ['withdraw', ann.id, '2026-07-01T12:00:00.000Z'],
      ['reject', bob.id, '2026-06-30T23:30:00.000Z'],
    ]);
    expect(actions(await list({ from: '2026-07-02' }))).toEqual([['approve', bob.id, '2026-07-02T09:00:00.000Z']]);
    expect(actions(await list({ to: '2026-06-30' }))).toEqual([['approve', ann.id, '2026-06-30T22:30:00.000Z']]);

    const page = await list({ page: 2, pageSize: 3 });
    expect(page).toMatchObject({ outcome: 'ok', total: 4, page: 2, pageSize: 3, pageCount: 2 });
    expect(actions(page)).toEqual([['approve', ann.id, '2026-06-30T22:30:00.000Z']]);
    expect(await list({ action: 'withdraw' })).toMatchObject({
      lines: [{ note: 'Cancelled', applicantId: ids[2], statusChangeId: expect.any(Number) }],
    });
  });

  it('refuses an unknown action, a day that is not one and a backwards range', async () => {
    expect(await list({ action: 'delete' })).toEqual({ outcome: 'invalid', field: 'action', problem: 'unknown' });
    expect(await list({ from: '2026-13-01' })).toEqual({ outcome: 'invalid', field: 'from', problem: 'format' });
    expect(await list({ to: 'yesterday' })).toEqual({ outcome: 'invalid', field: 'to', problem: 'format' });
    expect(await list({ from: '2026-07-02', to: '2026-07-01' })).toEqual({
      outcome: 'invalid',
      field: 'to',
      problem: 'range',
    });
    expect(await list({ page: -1 })).toEqual({ outcome: 'invalid', field: 'page', problem: 'range' });
    expect(await list({ pageSize: 10_000 })).toMatchObject({ outcome: 'ok', pageSize: MAX_AUDIT_PAGE_SIZE });
  });
});
