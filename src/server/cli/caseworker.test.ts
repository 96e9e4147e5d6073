// The command as a caseworker runs it: a separate process reading DATA_DIR or DATABASE_URL.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findApplication, listStatusChanges } from '../db/application-repository.ts';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/database.ts';
import { listJobs } from '../db/job-repository.ts';
import { isPassportLostOrStolen } from '../db/lost-stolen-passport-repository.ts';
import { runMigrations } from '../db/migrations.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import type { TestDatabase } from '../test-support/test-databases.ts';
import { testEngines } from '../test-support/test-databases.ts';
import { databaseUrlFor, runTsx, testDatabaseUrl } from '../test-support/child-process.ts';
import { sampleSubmission } from '../test-support/sample-submissions.ts';

const cli = 'src/server/cli/caseworker.ts';

interface Target {
  readonly env: Record<string, string>;
  /** Runs fn with the database; the embedded one is closed again before any command runs. */
  use<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

async function pgliteTarget(dir: string): Promise<Target> {
  return {
    env: { DATA_DIR: dir },
    async use(fn) {
      // One process at a time on DATA_DIR: the test's own connection is closed before the CLI runs.
      const db = await openDatabase({ engine: 'pglite', dataDir: join(dir, 'pglite') });
      try {
        await runMigrations(db);
        return await fn(db);
      } finally {
        await db.close();
      }
    },
    dispose: async () => undefined,
  };
}

async function postgresTarget(dir: string, url: string): Promise<Target> {
  const engine = testEngines().find((e) => e.name === 'postgres');
  if (engine === undefined) throw new Error('no postgres engine');
  const test: TestDatabase = await engine.open();
  await runMigrations(test.db);
  return {
    env: { DATA_DIR: dir, DATABASE_URL: await databaseUrlFor(test.db, url) },
    use: (fn) => fn(test.db),
    dispose: () => test.dispose(),
  };
}

const url = testDatabaseUrl();
const targets: Array<{ name: string; make: (dir: string) => Promise<Target> }> = [
  { name: 'pglite', make: pgliteTarget },
];
if (url !== undefined) targets.push({ name: 'postgres', make: (dir) => postgresTarget(dir, url) });

describe.each(targets)('the caseworker command on $name', ({ make }) => {
  let dir: string;
  let target: Target;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'caseworker-cli-'));
    target = await make(dir);
  });
  afterEach(async () => {
    await target.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'lists, approves, refuses a repeat, withdraws, imports a list, all as separate runs',
    { timeout: 120_000 },
    async () => {
      const now = new Date();
      const ids = await target.use(async (db) => {
        const result = await storeSubmission(db, sampleSubmission(now, [{}, {}]), now);
        if (result.outcome !== 'created') throw new Error('not created');
        return result.applicants.map((a) => a.applicantId);
      });
      const [first, second] = ids;

      const list = await runTsx(cli, ['list'], target.env);
      expect(list.stderr).toBe('');
      expect(list.code).toBe(0);
      expect(list.stdout).toContain(`${first}`);
      expect(list.stdout).toContain('Family1, Given1');
      expect(list.stdout).toContain('2 applications');

      const approve = await runTsx(cli, ['approve', first ?? ''], target.env);
      expect([approve.code, approve.stdout, approve.stderr]).toEqual([
        0,
        `Application ${first} is now approved, was in-progress. The sponsor will be emailed.\n`,
        '',
      ]);
      const again = await runTsx(cli, ['approve', first ?? ''], target.env);
      expect([again.code, again.stdout, again.stderr]).toEqual([1, '', `Application ${first} is already approved\n`]);

      const reject = await runTsx(cli, ['reject', second ?? ''], target.env);
      expect(reject.code).toBe(1);
      expect(reject.stderr).toMatch(/^reject needs --reason/);

      const withdraw = await runTsx(cli, ['withdraw', first ?? ''], target.env);
      expect([withdraw.code, withdraw.stdout, withdraw.stderr]).toEqual([
        0,
        `Application ${first} is now withdrawn, was approved. The sponsor will be emailed.\n`,
        '',
      ]);

      const unknown = await runTsx(cli, ['approve', 'no-such-id'], target.env);
      expect([unknown.code, unknown.stderr]).toEqual([1, 'No application has the id no-such-id\n']);

      await writeFile(join(dir, 'lost.txt'), 'ab123456\ncd 654 321\n');
      const imported = await runTsx(cli, ['import-lost-stolen', join(dir, 'lost.txt')], target.env);
      expect([imported.code, imported.stdout]).toEqual([
        0,
        'Imported 2 new passport numbers; 0 already on the list.\n',
      ]);

      await target.use(async (db) => {
        expect(await findApplication(db, first ?? '')).toMatchObject({ status: 'withdrawn' });
        expect(await findApplication(db, second ?? '')).toMatchObject({ status: 'in-progress' });
        expect(
          (await listStatusChanges(db, first ?? '')).map((c) => [c.actor.replace(/:.+/, ':'), c.toStatus]),
        ).toEqual([
          ['submission', 'in-progress'],
          ['caseworker:', 'approved'],
          ['caseworker:', 'withdrawn'],
        ]);
        const submissionId = (await findApplication(db, first ?? ''))?.submissionId;
        expect((await listJobs(db, { kind: 'send-decisions' })).map((j) => j.payload)).toEqual([{ submissionId }]);
        expect((await listJobs(db, { kind: 'send-withdrawal' })).map((j) => j.payload)).toEqual([
          { applicantId: first },
        ]);
        expect(await isPassportLostOrStolen(db, 'CD654321')).toBe(true);
      });
    },
  );

  it('answers an unknown command with the usage and exit code 1', { timeout: 60_000 }, async () => {
    const result = await runTsx(cli, ['frobnicate'], target.env);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^Unknown command "frobnicate"\n\nUsage: npm run caseworker -- <command>/);
  });
});
