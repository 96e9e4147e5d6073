// `npm run worker` as a separate process: it runs jobs, stops cleanly on SIGTERM, and a worker
// killed in the middle of a job loses nothing.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { findApplication } from './db/application-repository.ts';
import { listJobs } from './db/job-repository.ts';
import { runMigrations } from './db/migrations.ts';
import { storeSubmission } from './db/submission-repository.ts';
import type { TestDatabase } from './test-support/test-databases.ts';
import { testEngines } from './test-support/test-databases.ts';
import { createEmailSender } from './email/email-sender.ts';
import { createJobHandlers } from './jobs/job-handlers.ts';
import { runDueJobs } from './jobs/outbox-worker.ts';
import type { Running } from './test-support/child-process.ts';
import {
  databaseUrlFor,
  logMessages,
  runTsx,
  startTsx,
  testDatabaseUrl,
  waitFor,
  expectExitCode,
} from './test-support/child-process.ts';
import { capturingLogger, sampleSubmission } from './test-support/sample-submissions.ts';
import { createStatusLinkTokens } from './tokens/status-link-tokens.ts';

const workerModule = 'src/server/worker.ts';

let dir: string;
let running: Running | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'worker-'));
});
afterEach(async () => {
  if (running !== undefined && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill('SIGKILL');
    await running.exited;
  }
  running = undefined;
  await rm(dir, { recursive: true, force: true });
});

it('refuses to share the embedded database with the server', { timeout: 60_000 }, async () => {
  const result = await runTsx(workerModule, [], { DATA_DIR: dir });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('Set DATABASE_URL to run workers separately');
});

const url = testDatabaseUrl();
const postgres = testEngines().find((e) => e.name === 'postgres');

describe.skipIf(url === undefined || postgres === undefined)('the worker process on postgres', () => {
  let test: TestDatabase;
  let env: Record<string, string>;
  beforeEach(async () => {
    if (postgres === undefined || url === undefined) return;
    test = await postgres.open();
    await runMigrations(test.db);
    env = {
      DATA_DIR: dir,
      DATABASE_URL: await databaseUrlFor(test.db, url),
      PUBLIC_BASE_URL: 'https://cwc.example.gov.uk',
    };
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('runs the jobs, then exits 0 on SIGTERM', { timeout: 120_000 }, async () => {
    const now = new Date();
    const stored = await storeSubmission(test.db, sampleSubmission(now, [{}, {}]), now);
    if (stored.outcome !== 'created') throw new Error('not created');
    running = startTsx(workerModule, [], env);
    // Confirmation, two decisions, one email with both decisions, the day's retention run and the
    // hour's purge of sessions.
    await waitFor(async () => {
      const jobs = await listJobs(test.db);
      return jobs.length === 6 && jobs.every((j) => j.completedAt !== null);
    }, 'the jobs to be done').catch((error: unknown) => {
      throw new Error(`${String(error)}\n${running?.stdout() ?? ''}\n${running?.stderr() ?? ''}`);
    });
    for (const { applicantId } of stored.applicants)
      expect(await findApplication(test.db, applicantId)).toMatchObject({ status: 'approved' });
    expect((await readdir(join(dir, 'outbox'))).filter((f) => f.endsWith('.eml'))).toHaveLength(2);

    running.child.kill('SIGTERM');
    await expectExitCode(running, 0);
    expect(logMessages(running)).toEqual(
      expect.arrayContaining(['Job worker started', 'Job worker stopped', 'Stopped']),
    );
    expect(running.stdout()).not.toMatch(/sponsor@example\.org|Family0|P00000000|epat=/);
  });

  it(
    'loses no job when killed in the middle of one: another worker takes it over after the lease',
    { timeout: 120_000 },
    async () => {
      // A mail server that accepts the connection and never answers: the worker hangs mid-job.
      const sockets = new Set<Socket>();
      const mailServer = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => mailServer.listen(0, '127.0.0.1', resolve));
      const address = mailServer.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      try {
        const now = new Date();
        const stored = await storeSubmission(test.db, sampleSubmission(now, [{}]), now);
        if (stored.outcome !== 'created') throw new Error('not created');
        running = startTsx(workerModule, [], { ...env, SMTP_URL: `smtp://127.0.0.1:${port}` });
        await waitFor(async () => sockets.size > 0, 'the worker to start sending');
        running.child.kill('SIGKILL');
        await running.exited;

        const [held] = await listJobs(test.db, { kind: 'send-confirmation' });
        expect(held).toMatchObject({ attempts: 1, completedAt: null, failedAt: null });
        expect(held?.lockedBy).not.toBeNull();
        const lockedUntil = held?.lockedUntil ?? new Date(0);

        // Another worker, with a mail transport that works, once the dead worker's lease is over.
        const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, PUBLIC_BASE_URL: 'https://cwc.example.gov.uk' });
        const { logger } = capturingLogger();
        const emailSender = createEmailSender(config, logger);
        const handlers = createJobHandlers({
          db: test.db,
          emailSender,
          tokens: await createStatusLinkTokens(config),
          config,
        });
        const options = { db: test.db, handlers, logger, batchSize: 10 };
        // Before the lease is over the confirmation stays with the dead worker; the other jobs run.
        await runDueJobs({ ...options, now: () => new Date(lockedUntil.getTime() - 1_000) });
        expect((await listJobs(test.db, { kind: 'send-confirmation' }))[0]?.completedAt).toBeNull();
        await runDueJobs({ ...options, now: () => lockedUntil });
        await emailSender.close?.();

        const jobs = await listJobs(test.db);
        expect(jobs.every((j) => j.completedAt !== null)).toBe(true);
        expect(jobs.find((j) => j.kind === 'send-confirmation')?.attempts).toBe(2);
        expect((await readdir(join(dir, 'outbox'))).filter((f) => f.endsWith('.eml'))).toHaveLength(2);
      } finally {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => mailServer.close(() => resolve()));
      }
    },
  );
});
