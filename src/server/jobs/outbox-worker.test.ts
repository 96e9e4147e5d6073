import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { claimJobs, completeJob, enqueueJob, listJobs } from '../db/job-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import type { JobHandler } from './job-handler.ts';
import { PermanentJobError } from './job-handler.ts';
import { runDueJobs, startWorker } from './outbox-worker.ts';
import { waitFor } from '../test-support/child-process.ts';
import { capturingLogger } from '../test-support/sample-submissions.ts';

const t0 = new Date('2026-03-02T10:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

async function job(db: Database, id: number) {
  const found = (await listJobs(db)).find((j) => j.id === id);
  if (found === undefined) throw new Error(`no job ${id}`);
  return found;
}

describe.each(testEngines())('the outbox worker on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('runs each of 200 jobs exactly once with two workers on the same database', { timeout: 60_000 }, async () => {
    const { db } = test;
    await db.transaction(async (tx) => {
      for (let n = 0; n < 200; n += 1) await enqueueJob(tx, { kind: 'count', payload: { n } });
    });
    const runs = new Map<number, number>();
    const byWorker = new Map<string, number>();
    const handlerFor =
      (workerId: string): JobHandler =>
      async (payload) => {
        const n = (payload as { n: number }).n;
        runs.set(n, (runs.get(n) ?? 0) + 1);
        byWorker.set(workerId, (byWorker.get(workerId) ?? 0) + 1);
        // Give the other worker room to try the same rows meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
      };
    const { logger } = capturingLogger();
    const other = await test.openAnother();
    const workers = [
      startWorker({ db, handlers: { count: handlerFor('a') }, logger, workerId: 'a', pollIntervalMs: 5, batchSize: 1 }),
      startWorker({
        db: other,
        handlers: { count: handlerFor('b') },
        logger,
        workerId: 'b',
        pollIntervalMs: 5,
        batchSize: 4,
      }),
    ];
    try {
      await waitFor(async () => (await listJobs(db)).every((j) => j.completedAt !== null), 'every job to complete');
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
    expect([...runs.keys()].sort((x, y) => x - y)).toEqual(Array.from({ length: 200 }, (_, n) => n));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const jobs = await listJobs(db);
    expect(jobs.every((j) => j.attempts === 1 && j.failedAt === null && j.lockedBy === null)).toBe(true);
    // With separate connections the two really ran side by side.
    if (engine.name === 'postgres') expect([...byWorker.keys()].sort()).toEqual(['a', 'b']);
  });

  it('retries a failing job after growing delays, then fails it for good and says so', async () => {
    const { db } = test;
    const { logger, lines } = capturingLogger();
    const id = (await enqueueJob(db, { kind: 'flaky', runAfter: t0, maxAttempts: 4 })) ?? 0;
    let clock = t0;
    let calls = 0;
    const options = {
      db,
      logger,
      workerId: 'w',
      handlers: {
        flaky: async () => {
          calls += 1;
          throw new Error('Mailbox sponsor@example.org refused, see https://example.org/x?token=secret');
        },
      },
      now: () => clock,
      random: () => 0,
      backoff: { baseMs: 1_000, maxMs: 3_000 },
    };

    // With no jitter (random 0) the delays are half of 1 s, 2 s, then 3 s (the cap).
    const expectedDelays = [500, 1_000, 1_500];
    let runAfter = t0.getTime();
    for (const [attempt, delay] of expectedDelays.entries()) {
      clock = new Date(runAfter);
      expect(await runDueJobs(options)).toBe(1);
      const after = await job(db, id);
      expect(after).toMatchObject({ attempts: attempt + 1, failedAt: null, completedAt: null, lockedBy: null });
      expect(after.runAfter.getTime()).toBe(runAfter + delay);
      expect(after.lastError).toBe('Error: Mailbox [email] refused, see https://example.org/x?[…]');
      // Not due a millisecond early.
      clock = new Date(runAfter + delay - 1);
      expect(await runDueJobs(options)).toBe(0);
      runAfter += delay;
    }
    clock = new Date(runAfter);
    expect(await runDueJobs(options)).toBe(1);
    const failed = await job(db, id);
    expect(failed.failedAt).toEqual(clock);
    expect(failed.attempts).toBe(4);
    clock = at(86_400_000);
    expect(await runDueJobs(options)).toBe(0);
    expect(calls).toBe(4);

    const logged = lines.map((l) => JSON.parse(l) as { level: number; msg: string; jobId?: number });
    expect(logged.filter((l) => l.msg === 'Job failed; it will be retried')).toHaveLength(3);
    expect(logged.filter((l) => l.level === 50)).toMatchObject([{ msg: 'Job failed for good', jobId: id }]);
    expect(lines.join('\n')).not.toMatch(/sponsor@example\.org|secret/);
  });

  it('completes a job that succeeds on a later attempt', async () => {
    const { db } = test;
    const { logger } = capturingLogger();
    const id = (await enqueueJob(db, { kind: 'once-failing', runAfter: t0 })) ?? 0;
    let clock = t0;
    let calls = 0;
    const options = {
      db,
      logger,
      handlers: {
        'once-failing': async () => {
          calls += 1;
          if (calls === 1) throw new Error('temporary');
        },
      },
      now: () => clock,
      random: () => 0.999,
    };
    await runDueJobs(options);
    clock = at(60_000);
    await runDueJobs(options);
    expect(await job(db, id)).toMatchObject({
      attempts: 2,
      completedAt: clock,
      failedAt: null,
      lastError: 'Error: temporary',
    });
  });

  it('fails at once, without retrying, a job no retry can fix', async () => {
    const { db } = test;
    const { logger } = capturingLogger();
    const bad = (await enqueueJob(db, { kind: 'bad', runAfter: t0 })) ?? 0;
    const unknown = (await enqueueJob(db, { kind: 'no-such-kind', runAfter: t0 })) ?? 0;
    const refused = (await enqueueJob(db, { kind: 'refused', runAfter: t0 })) ?? 0;
    const handlers = {
      bad: async () => {
        throw new PermanentJobError('The job payload has no applicantId');
      },
      // As an EmailSendError says of an address the mail service rejects.
      refused: async () => {
        throw Object.assign(new Error('SMTP failed to send an email: 550'), { retryable: false });
      },
    };
    expect(await runDueJobs({ db, logger, handlers, now: () => t0, batchSize: 10 })).toBe(3);
    for (const id of [bad, unknown, refused]) expect((await job(db, id)).failedAt).toEqual(t0);
    expect((await job(db, unknown)).lastError).toBe('PermanentJobError: No handler for job kind no-such-kind');
  });

  it('runs a job again when its worker died holding it, once the lease has run out', async () => {
    const { db } = test;
    const { logger } = capturingLogger();
    const id = (await enqueueJob(db, { kind: 'work', runAfter: t0 })) ?? 0;
    // Worker "a" claims the job and dies before finishing it.
    expect(await claimJobs(db, 'a', 5, t0, 60_000)).toMatchObject([{ id, attempts: 1 }]);
    let runs = 0;
    const options = { db, logger, workerId: 'b', handlers: { work: async () => void (runs += 1) }, leaseMs: 60_000 };
    expect(await runDueJobs({ ...options, now: () => at(59_999) })).toBe(0);
    expect(await runDueJobs({ ...options, now: () => at(60_000) })).toBe(1);
    expect(runs).toBe(1);
    expect(await job(db, id)).toMatchObject({ attempts: 2, completedAt: at(60_000) });
    // Had "a" only been slow, its late report changes nothing.
    expect(await completeJob(db, id, 'a', at(70_000))).toBe(false);
    expect((await job(db, id)).completedAt).toEqual(at(60_000));
  });

  it('fails a job whose worker died during its last attempt, and reports it', async () => {
    const { db } = test;
    const { logger, lines } = capturingLogger();
    const id = (await enqueueJob(db, { kind: 'deadly', runAfter: t0, maxAttempts: 1 })) ?? 0;
    await claimJobs(db, 'a', 1, t0, 1_000);
    expect(await runDueJobs({ db, logger, handlers: {}, now: () => at(1_000) })).toBe(0);
    expect(await job(db, id)).toMatchObject({ failedAt: at(1_000), lockedBy: null });
    expect(lines.map((l) => JSON.parse(l) as { msg: string; jobId: number })).toMatchObject([
      { msg: 'Job failed: its worker stopped during the last attempt', jobId: id },
    ]);
  });

  it('on stop, finishes the job in hand and hands back the claimed jobs it had not started', async () => {
    const { db } = test;
    const { logger } = capturingLogger();
    // One after the other: sent at once over a pool's connections, they could be numbered in
    // another order, and the worker starts the lowest number first.
    const ids: Array<number | undefined> = [];
    for (let n = 0; n < 3; n += 1) ids.push(await enqueueJob(db, { kind: 'slow', runAfter: t0 }));
    let release: () => void = () => undefined;
    let started = 0;
    const handlers = {
      slow: () => {
        started += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
    };
    const worker = startWorker({ db, logger, handlers, batchSize: 3, pollIntervalMs: 5 });
    await waitFor(async () => started === 1, 'the first job to start');
    let stopped = false;
    const stopping = worker.stop().then(() => (stopped = true));
    // Asked to stop, the worker still holds the job in hand (read after the stop request reached it).
    expect((await job(db, ids[0] ?? 0)).completedAt).toBeNull();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(started).toBe(1);
    const jobs = await Promise.all(ids.map((id) => job(db, id ?? 0)));
    expect(jobs.map((j) => [j.completedAt !== null, j.attempts, j.lockedBy])).toEqual([
      [true, 1, null],
      [false, 0, null],
      [false, 0, null],
    ]);
  });

  it('enqueues a daily job once a London day, and an hourly one once an hour, however many workers run', async () => {
    const { db } = test;
    const { logger } = capturingLogger();
    let clock = new Date('2026-06-30T22:30:00Z'); // 23:30 in London (BST)
    const runs: string[] = [];
    const hourlyRuns: string[] = [];
    // Each worker reads the clock every round: counting the reads shows that it went round again.
    let reads: number[] = [];
    const start = (db: Database) => {
      const index = reads.push(0) - 1;
      const counted = reads;
      return startWorker({
        db,
        logger,
        handlers: {
          daily: async () => void runs.push(clock.toISOString()),
          hourly: async () => void hourlyRuns.push(clock.toISOString()),
        },
        dailyJobs: ['daily'],
        hourlyJobs: ['hourly'],
        pollIntervalMs: 5,
        now: () => {
          counted[index] = (counted[index] ?? 0) + 1;
          return clock;
        },
      });
    };
    // Waits until every running worker has gone several rounds more: each has then tried to add
    // the day's job again, rather than the test waiting a fixed time for a run that must not come.
    const moreRounds = async () => {
      const before = [...reads];
      await waitFor(
        async () => reads.every((count, i) => count >= (before[i] ?? 0) + 10),
        'every worker to go round again',
      );
    };
    const other = await test.openAnother();
    let workers = [start(db), start(other), start(db)];
    await waitFor(async () => runs.length === 1, 'the first daily run');
    await moreRounds();
    await Promise.all(workers.map((w) => w.stop()));
    // Restarted workers on the same day add nothing; the next London day (00:30 BST) adds one.
    reads = [];
    workers = [start(db), start(other)];
    await moreRounds();
    clock = new Date('2026-06-30T23:30:00Z');
    await waitFor(async () => runs.length === 2, "the next day's run");
    await moreRounds();
    await Promise.all(workers.map((w) => w.stop()));
    expect(runs).toHaveLength(2);
    expect((await listJobs(db, { kind: 'daily' })).map((j) => j.uniqueKey).sort()).toEqual([
      'daily:2026-06-30',
      'daily:2026-07-01',
    ]);
    // The hour changed with the day: one run each hour.
    expect(hourlyRuns).toHaveLength(2);
    expect((await listJobs(db, { kind: 'hourly' })).map((j) => j.uniqueKey).sort()).toEqual([
      'hourly:2026-06-30T22',
      'hourly:2026-06-30T23',
    ]);
  });
});
