// The stand-alone job worker (`npm run worker`) when PostgreSQL goes away while it works: it must
// stay up and take up jobs again once the database is back, without a restart. A TCP proxy of
// the test's own stands between the worker and PostgreSQL and is stopped and started again.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listJobs } from './db/job-repository.ts';
import { runMigrations } from './db/migrations.ts';
import { storeSubmission } from './db/submission-repository.ts';
import type { TestDatabase } from './test-support/test-databases.ts';
import { testEngines } from './test-support/test-databases.ts';
import type { Running } from './test-support/child-process.ts';
import {
  databaseUrlFor,
  killIfRunning,
  logMessages,
  startTsx,
  testDatabaseUrl,
  waitFor,
  expectExitCode,
} from './test-support/child-process.ts';
import { sampleSubmission } from './test-support/sample-submissions.ts';
import type { TcpProxy } from './test-support/tcp-proxy.ts';
import { startTcpProxy } from './test-support/tcp-proxy.ts';

const baseUrl = testDatabaseUrl();
const postgres = testEngines().find((engine) => engine.name === 'postgres');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(baseUrl === undefined || postgres === undefined)('the worker process when PostgreSQL goes away', () => {
  let dir: string;
  let test: TestDatabase;
  let proxy: TcpProxy;
  let worker: Running | undefined;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'worker-loss-'));
    test = await postgres!.open();
    await runMigrations(test.db);
    const target = new URL(baseUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  });
  afterEach(async () => {
    await killIfRunning(worker);
    await proxy.stop();
    await test.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it('stays up through the outage and runs new jobs once the database is back', { timeout: 120_000 }, async () => {
    const url = new URL(await databaseUrlFor(test.db, baseUrl!));
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    worker = startTsx('src/server/worker.ts', [], {
      DATA_DIR: dir,
      DATABASE_URL: url.href,
      PUBLIC_BASE_URL: 'https://cwc.example.gov.uk',
      LOG_LEVEL: 'warn',
    });
    const running = worker;
    const alive = () => {
      if (running.child.exitCode !== null)
        throw new Error(`The worker exited:\n${running.stdout()}${running.stderr()}`);
      return true;
    };
    const completed = async () =>
      (await listJobs(test.db, { limit: 10_000 })).filter((j) => j.completedAt !== null).length;

    // Submissions keep arriving (straight into the database, as the servers would store them), so
    // the worker is busy when the connection is cut. (Its transactions are short: a cut rarely
    // finds one open, which main.database-loss.test.ts makes sure of for the server.)
    let storing = true;
    const store = (async () => {
      while (storing) {
        const now = new Date();
        await storeSubmission(test.db, sampleSubmission(now, [{}, {}]), now);
        await pause(20);
      }
    })();
    try {
      await waitFor(async () => alive() && (await completed()) >= 20, 'the worker to run jobs');
      await proxy.stop();
      // Through the outage: two rounds that found no database, and the worker still up.
      const failedRounds = () =>
        logMessages(running).filter((message) => message === 'Job worker round failed; trying again shortly').length;
      await waitFor(async () => alive() && failedRounds() >= 2, 'the worker to fail two rounds');
      expect(alive()).toBe(true);
      await proxy.start();
      const before = await completed();
      await waitFor(async () => alive() && (await completed()) >= before + 20, 'the worker to run jobs again', 20_000);
    } finally {
      storing = false;
      await store;
    }
    expect(logMessages(running)).not.toContain('Uncaught exception');
    running.child.kill('SIGTERM');
    await expectExitCode(running, 0);
  });
});
