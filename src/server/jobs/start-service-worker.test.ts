// The worker inside the server process (RUN_WORKER, the default): started with the server,
// stopped before the database closes on SIGTERM.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { runMigrations } from '../db/migrations.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import type { Running } from '../test-support/child-process.ts';
import {
  killIfRunning,
  logMessages,
  makeServerDirectory,
  outboxFiles,
  startServer,
  waitFor,
  expectExitCode,
} from '../test-support/child-process.ts';
import { sampleSubmission } from '../test-support/sample-submissions.ts';

describe('the job worker inside the server', () => {
  let dir: string;
  let serverEnv: Record<string, string>;
  let running: Running | undefined;
  beforeEach(async () => {
    ({ dir, env: serverEnv } = await makeServerDirectory());
    // A submission waiting in the embedded database before the server starts.
    const db = await openDatabase({ engine: 'pglite', dataDir: join(dir, 'data', 'pglite') });
    try {
      await runMigrations(db);
      await storeSubmission(db, sampleSubmission(new Date(), [{}]));
    } finally {
      await db.close();
    }
  });
  afterEach(async () => {
    await killIfRunning(running);
    running = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string> = {}): Promise<Running> {
    running = await startServer({ ...serverEnv, ...env });
    return running;
  }

  const emails = () => outboxFiles(join(dir, 'data'));

  it(
    'runs the jobs, and on SIGTERM stops the worker before the database, exiting 0',
    { timeout: 120_000 },
    async () => {
      const server = await start();
      // The confirmation and the approval.
      await waitFor(async () => (await emails()).length === 2, 'the emails');
      server.child.kill('SIGTERM');
      await expectExitCode(server, 0);
      const logged = logMessages(server);
      expect(logged.indexOf('Job worker stopped')).toBeGreaterThan(-1);
      expect(logged.indexOf('Job worker stopped')).toBeLessThan(logged.indexOf('Stopped'));
    },
  );

  it('leaves the jobs to separate workers when RUN_WORKER=false', { timeout: 120_000 }, async () => {
    // Ready means the worker would have started (main.ts starts it before listening); once the
    // process has exited, nothing can still send an email.
    const server = await start({ RUN_WORKER: 'false' });
    server.child.kill('SIGTERM');
    await expectExitCode(server, 0);
    expect(await emails()).toEqual([]);
    expect(logMessages(server)).not.toContain('Job worker started');
  });
});
