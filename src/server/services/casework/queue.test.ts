import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { sampleSubmission } from '../../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { londonDayStart, readDayRange } from './london-days.ts';
import { DECISION_PROMISE_HOURS, listQueue, MAX_PAGE_SIZE, waitingOf } from './queue.ts';
import { approveApplication, rejectApplication, withdrawApplication } from './staff-actions.ts';

const HOUR = 3_600_000;
// A summer day: London is an hour ahead of UTC, so its day began at 23:00 UTC the day before.
const now = new Date('2026-07-01T10:00:00Z');
const staff = { id: 'subject-1', name: 'Ann' };

describe('London days', () => {
  it('begin at UTC midnight in winter and an hour before in summer, whatever the day of the clock change', () => {
    expect(londonDayStart({ year: 2026, month: 1, day: 15 })).toEqual(new Date('2026-01-15T00:00:00Z'));
    expect(londonDayStart({ year: 2026, month: 7, day: 1 })).toEqual(new Date('2026-06-30T23:00:00Z'));
    // Clocks go forward at 01:00 UTC on 29 March 2026 and back at 01:00 UTC on 25 October.
    expect(londonDayStart({ year: 2026, month: 3, day: 29 })).toEqual(new Date('2026-03-29T00:00:00Z'));
    expect(londonDayStart({ year: 2026, month: 3, day: 30 })).toEqual(new Date('2026-03-29T23:00:00Z'));
    expect(londonDayStart({ year: 2026, month: 10, day: 25 })).toEqual(new Date('2026-10-24T23:00:00Z'));
    expect(londonDayStart({ year: 2026, month: 10, day: 26 })).toEqual(new Date('2026-10-26T00:00:00Z'));
  });

  it('read a range of typed days, refusing what is not one, backwards, or too long', () => {
    expect(readDayRange('2026-03-29', '2026-03-29')).toMatchObject({
      range: { start: new Date('2026-03-29T00:00:00Z'), end: new Date('2026-03-29T23:00:00Z') },
    });
    expect(readDayRange('2026-02-30', '2026-03-01')).toEqual({ problem: 'format', field: 'from' });
    expect(readDayRange('2026-03-01', 'tomorrow')).toEqual({ problem: 'format', field: 'to' });
    expect(readDayRange('2026-03-02', '2026-03-01')).toEqual({ problem: 'range', field: 'to' });
    expect(readDayRange('2026-01-01', '2026-12-31', 365)).toHaveProperty('range');
    expect(readDayRange('2026-01-01', '2027-01-01', 365)).toEqual({ problem: 'range', field: 'to' });
  });
});

describe('the wait against the 72 hours', () => {
  it('counts whole hours waited and left, then overdue', () => {
    const submitted = new Date('2026-07-01T00:00:00Z');
    expect(waitingOf(submitted, new Date(submitted.getTime() + 10.5 * HOUR))).toEqual({
      hoursWaited: 10,
      dueAt: new Date(submitted.getTime() + DECISION_PROMISE_HOURS * HOUR),
      state: 'within',
      hoursLeft: 61,
    });
    expect(waitingOf(submitted, new Date(submitted.getTime() + 72 * HOUR))).toMatchObject({
      hoursWaited: 72,
      state: 'overdue',
      overdueByHours: 0,
    });
    expect(waitingOf(submitted, new Date(submitted.getTime() + 80 * HOUR + 1))).toMatchObject({
      state: 'overdue',
      overdueByHours: 8,
    });
  });
});

async function storeAt(db: Database, at: Date, count = 1): Promise<string[]> {
  const result = await storeSubmission(
    db,
    sampleSubmission(
      at,
      Array.from({ length: count }, () => ({})),
    ),
    at,
  );
  if (result.outcome !== 'created') throw new Error('not created');
  return result.applicants.map((a) => a.applicantId);
}

describe.each(testEngines())('the queues on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const at = (time: Date) => ({ database: test.db, now: () => time });

  it('lists applications in progress oldest first, with their wait, a page at a time', async () => {
    const [oldest] = await storeAt(test.db, new Date(now.getTime() - 80 * HOUR));
    const [middle] = await storeAt(test.db, new Date(now.getTime() - 30 * HOUR));
    const [newest, decided] = await storeAt(test.db, new Date(now.getTime() - HOUR), 2);
    await approveApplication(at(now), staff, { reference: decided! });

    const first = await listQueue(at(now), { filter: 'in-progress', pageSize: 2 });
    expect(first).toMatchObject({ outcome: 'ok', total: 3, page: 1, pageSize: 2, pageCount: 2 });
    if (first.outcome !== 'ok') throw new Error('not ok');
    expect(first.rows.map((r) => r.reference)).toEqual([oldest, middle]);
    expect(first.rows[0]).toMatchObject({
      workerName: 'Family0, Given0',
      status: 'in-progress',
      sponsorLicenceNumber: 'LIC123456',
      waiting: { hoursWaited: 80, state: 'overdue', overdueByHours: 8 },
    });
    expect(first.rows[1]?.waiting).toMatchObject({ hoursWaited: 30, state: 'within', hoursLeft: 42 });
    const second = await listQueue(at(now), { filter: 'in-progress', page: 2, pageSize: 2 });
    expect(second.outcome === 'ok' && second.rows.map((r) => r.reference)).toEqual([newest]);
  });

  it('lists what was decided on today’s London day, newest first, and what was withdrawn', async () => {
    const ids = await storeAt(test.db, new Date(now.getTime() - 48 * HOUR), 5);
    const [yesterday, justToday, later, withdrawnToday, pending] = ids;
    // 22:30 UTC on 30 June is still 30 June in London; 23:30 UTC is already 1 July.
    await approveApplication(at(new Date('2026-06-30T22:30:00Z')), staff, { reference: yesterday! });
    await rejectApplication(at(new Date('2026-06-30T23:30:00Z')), staff, { reference: justToday!, reason: 'late' });
    await approveApplication(at(new Date('2026-07-01T09:00:00Z')), staff, { reference: later! });
    await approveApplication(at(new Date('2026-07-01T08:00:00Z')), staff, { reference: withdrawnToday! });
    await withdrawApplication(at(new Date('2026-07-01T09:30:00Z')), staff, {
      reference: withdrawnToday!,
      reason: 'Cancelled',
    });

    const decided = await listQueue(at(now), { filter: 'decided-today' });
    expect(decided).toMatchObject({ outcome: 'ok', total: 2 });
    if (decided.outcome !== 'ok') throw new Error('not ok');
    expect(decided.rows.map((r) => [r.reference, r.status, r.rejectionReason])).toEqual([
      [later, 'approved', null],
      [justToday, 'rejected', 'late'],
    ]);
    expect(decided.rows[0]).toMatchObject({ statusSince: new Date('2026-07-01T09:00:00Z'), waiting: undefined });

    await withdrawApplication(at(new Date('2026-07-01T09:45:00Z')), staff, {
      reference: pending!,
      reason: 'Cancelled',
    });
    const withdrawn = await listQueue(at(now), { filter: 'withdrawn' });
    expect(withdrawn.outcome === 'ok' && withdrawn.rows.map((r) => r.reference)).toEqual([pending, withdrawnToday]);
    expect(withdrawn.outcome === 'ok' && withdrawn.total).toBe(2);
  });

  it('refuses an unknown filter or page', async () => {
    expect(await listQueue(at(now), { filter: 'everything' })).toEqual({
      outcome: 'invalid',
      field: 'filter',
      problem: 'unknown',
    });
    expect(await listQueue(at(now), { filter: 'withdrawn', page: 0 })).toMatchObject({ outcome: 'invalid' });
    expect(await listQueue(at(now), { filter: 'withdrawn', pageSize: 1.5 })).toMatchObject({ outcome: 'invalid' });
    expect(await listQueue(at(now), { filter: 'withdrawn', pageSize: 1000 })).toMatchObject({
      pageSize: MAX_PAGE_SIZE,
    });
  });
});
