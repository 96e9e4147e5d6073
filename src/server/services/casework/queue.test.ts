import { describe, expect, it } from 'vitest';
import { findApplication, recordChecksOutcome } from '../../db/application-repository.ts';
import type { Database } from '../../db/database.ts';
import { storeSubmission } from '../../db/submission-repository.ts';
import { decideApplication } from '../decisions/decide-application.ts';
import { daysAfter, sampleSubmission } from '../../test-support/sample-submissions.ts';
import { assignApplication } from './assignment.ts';
import { testEngines, useMigratedTestDatabase } from '../../test-support/test-databases.ts';
import { londonDayStart, readDayRange } from './london-days.ts';
import { DECISION_PROMISE_HOURS, listQueue, MAX_PAGE_SIZE, QUEUE_PAGE_SIZE, waitingOf } from './queue.ts';
import { setApplicationStatus } from './staff-actions.ts';

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
    await setApplicationStatus(at(now), staff, { action: 'approve', reference: decided! });

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
    await setApplicationStatus(at(new Date('2026-06-30T22:30:00Z')), staff, {
      action: 'approve',
      reference: yesterday!,
    });
    await setApplicationStatus(at(new Date('2026-06-30T23:30:00Z')), staff, {
      action: 'reject',
      reference: justToday!,
      reason: 'late',
    });
    await setApplicationStatus(at(new Date('2026-07-01T09:00:00Z')), staff, { action: 'approve', reference: later! });
    await setApplicationStatus(at(new Date('2026-07-01T08:00:00Z')), staff, {
      action: 'approve',
      reference: withdrawnToday!,
    });
    await setApplicationStatus(at(new Date('2026-07-01T09:30:00Z')), staff, {
      action: 'withdraw',
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

    await setApplicationStatus(at(new Date('2026-07-01T09:45:00Z')), staff, {
      action: 'withdraw',
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

/** Stores one application sent at `at`, arriving `arrivalInDays` days after `now`, under `licence`. */
async function storeOne(db: Database, at: Date, arrivalInDays: number, licence = 'LIC123456'): Promise<string> {
  const result = await storeSubmission(
    db,
    sampleSubmission(at, [{ arrivalDate: daysAfter(now, arrivalInDays) }], { sponsorReference: licence }),
    at,
  );
  if (result.outcome !== 'created') throw new Error('not created');
  return result.applicants[0]!.applicantId;
}

describe.each(testEngines())('the triage of the queue in progress on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  const at = (time: Date) => ({ database: test.db, now: () => time });
  const references = (result: Awaited<ReturnType<typeof listQueue>>) =>
    result.outcome === 'ok' ? result.rows.map((row) => row.reference) : result;

  it('orders by arrival, soonest first (the default), or by the time left of the 72 hours', async () => {
    const arrivesLate = await storeOne(test.db, new Date(now.getTime() - 60 * HOUR), 20);
    const arrivesSoon = await storeOne(test.db, new Date(now.getTime() - 2 * HOUR), 5);
    const arrivesMiddle = await storeOne(test.db, new Date(now.getTime() - 30 * HOUR), 8);

    expect(references(await listQueue(at(now), { filter: 'in-progress' }))).toEqual([
      arrivesSoon,
      arrivesMiddle,
      arrivesLate,
    ]);
    expect(references(await listQueue(at(now), { filter: 'in-progress', sort: 'arrival' }))).toEqual([
      arrivesSoon,
      arrivesMiddle,
      arrivesLate,
    ]);
    expect(references(await listQueue(at(now), { filter: 'in-progress', sort: 'time-left' }))).toEqual([
      arrivesLate,
      arrivesMiddle,
      arrivesSoon,
    ]);
    const first = await listQueue(at(now), { filter: 'in-progress' });
    expect(first.outcome === 'ok' && first.rows[0]).toMatchObject({ arrivalDate: daysAfter(now, 5) });
  });

  it('filters by the automated checks’ outcome and by sponsor licence number, counting what it finds', async () => {
    const passed = await storeOne(test.db, new Date(now.getTime() - 3 * HOUR), 10, 'ABC123');
    const notRun = await storeOne(test.db, new Date(now.getTime() - 2 * HOUR), 11, 'XYZ999');
    const failed = await storeOne(test.db, new Date(now.getTime() - HOUR), 12, 'abc123');
    expect(await decideApplication(test.db, passed, { manualReview: true, now })).toEqual({
      kind: 'awaiting-caseworker',
    });
    // Today a failed check rejects at once; one still in progress with a failure recorded is listed as failed.
    await recordChecksOutcome(test.db, failed, 'failed');
    // The checks write their outcome on the application as well as in its history.
    const rejected = await storeOne(test.db, new Date(now.getTime() - HOUR), 1);
    expect(await decideApplication(test.db, rejected, { manualReview: true, now })).toMatchObject({ kind: 'rejected' });
    expect((await findApplication(test.db, rejected))?.status).toBe('rejected');

    const all = await listQueue(at(now), { filter: 'in-progress', checks: 'any' });
    expect(all).toMatchObject({ total: 3 });
    expect(references(await listQueue(at(now), { filter: 'in-progress', checks: 'passed' }))).toEqual([passed]);
    expect(references(await listQueue(at(now), { filter: 'in-progress', checks: 'failed' }))).toEqual([failed]);
    expect(references(await listQueue(at(now), { filter: 'in-progress', checks: 'not-run' }))).toEqual([notRun]);
    // The licence number as the status page compares it: trimmed, in any case, any script's digits.
    const byLicence = await listQueue(at(now), { filter: 'in-progress', licence: ' abc١٢٣ ' });
    expect(byLicence).toMatchObject({ total: 2 });
    expect(references(byLicence)).toEqual([passed, failed]);
    expect(
      references(await listQueue(at(now), { filter: 'in-progress', licence: 'ABC123', checks: 'passed' })),
    ).toEqual([passed]);
    expect(await listQueue(at(now), { filter: 'in-progress', licence: 'NOBODY' })).toMatchObject({
      total: 0,
      rows: [],
      pageCount: 1,
    });
  });

  it('pages 50 at a time, with the total, and says where the pages end', async () => {
    const sentAt = new Date(now.getTime() - 5 * HOUR);
    const result = await storeSubmission(
      test.db,
      sampleSubmission(
        sentAt,
        Array.from({ length: QUEUE_PAGE_SIZE + 1 }, () => ({})),
      ),
      sentAt,
    );
    if (result.outcome !== 'created') throw new Error('not created');
    const first = await listQueue(at(now), { filter: 'in-progress' });
    expect(first).toMatchObject({ outcome: 'ok', total: 51, page: 1, pageSize: 50, pageCount: 2 });
    expect(first.outcome === 'ok' && first.rows).toHaveLength(50);
    const second = await listQueue(at(now), { filter: 'in-progress', page: 2 });
    expect(references(second)).toEqual([result.applicants[50]!.applicantId]);
    // Past the last page: refused, with the last page named.
    expect(await listQueue(at(now), { filter: 'in-progress', page: 3 })).toEqual({
      outcome: 'invalid',
      field: 'page',
      problem: 'range',
      pageCount: 2,
    });
    // An empty queue has one page, empty.
    expect(await listQueue(at(now), { filter: 'withdrawn', page: 1 })).toMatchObject({ total: 0, pageCount: 1 });
    expect(await listQueue(at(now), { filter: 'withdrawn', page: 2 })).toMatchObject({ outcome: 'invalid' });
  });

  it('refuses an unknown order, check outcome, or a licence number no sponsor could have', async () => {
    expect(await listQueue(at(now), { filter: 'in-progress', sort: 'random' })).toEqual({
      outcome: 'invalid',
      field: 'sort',
      problem: 'unknown',
    });
    expect(await listQueue(at(now), { filter: 'in-progress', checks: 'maybe' })).toEqual({
      outcome: 'invalid',
      field: 'checks',
      problem: 'unknown',
    });
    expect(await listQueue(at(now), { filter: 'in-progress', licence: 'L'.repeat(51) })).toEqual({
      outcome: 'invalid',
      field: 'licence',
      problem: 'too-long',
    });
    expect(await listQueue(at(now), { filter: 'in-progress', licence: 'AB\u0000C' })).toEqual({
      outcome: 'invalid',
      field: 'licence',
      problem: 'characters',
    });
    // Blank is no filter.
    expect(await listQueue(at(now), { filter: 'in-progress', licence: '   ' })).toMatchObject({ outcome: 'ok' });
  });

  it('lists the applications assigned to a member of staff, each row naming who holds it', async () => {
    const mine = await storeOne(test.db, new Date(now.getTime() - 3 * HOUR), 10);
    const theirs = await storeOne(test.db, new Date(now.getTime() - 2 * HOUR), 11);
    const nobodys = await storeOne(test.db, new Date(now.getTime() - HOUR), 12);
    const bob = { id: 'subject-2', name: 'Bob' };
    expect(await assignApplication(at(now), staff, { reference: mine, expectedHolder: '' })).toMatchObject({
      outcome: 'done',
    });
    expect(await assignApplication(at(now), bob, { reference: theirs, expectedHolder: '' })).toMatchObject({
      outcome: 'done',
    });

    const assigned = await listQueue(at(now), { filter: 'assigned-to-me', staffId: staff.id });
    expect(assigned).toMatchObject({ outcome: 'ok', total: 1 });
    expect(references(assigned)).toEqual([mine]);
    const all = await listQueue(at(now), { filter: 'in-progress' });
    expect(all.outcome === 'ok' && all.rows.map((row) => [row.reference, row.assignee?.name ?? null])).toEqual([
      [mine, 'Ann'],
      [theirs, 'Bob'],
      [nobodys, null],
    ]);
    // Once decided it leaves the queue, held or not.
    await setApplicationStatus(at(now), bob, { action: 'approve', reference: mine });
    expect(await listQueue(at(now), { filter: 'assigned-to-me', staffId: staff.id })).toMatchObject({ total: 0 });
    // Without a member of staff there is nobody's queue to show.
    expect(await listQueue(at(now), { filter: 'assigned-to-me' })).toMatchObject({ outcome: 'invalid' });
  });
});
