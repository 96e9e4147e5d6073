// The promise of the submission route: an application answered 2xx is never lost, and none is
// stored twice, even when the server process dies at any moment (SIGKILL: no shutdown code runs).
// Several clients stream submissions at a real server process; it is killed mid-stream and
// started again on the same data; the clients send again what got no answer, as the browser's
// "try again" does. Then every request is stored exactly once and every job has run.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH, newFormGroupId, type ApplicantPayload } from '#shared/api/new-from-concession.ts';
import { validRequest } from '../../tests/fixtures/applicants.ts';
import { loadConfig } from './config.ts';
import { listApplications } from './db/application-repository.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/database.ts';
import { listJobs } from './db/job-repository.ts';
import { runMigrations } from './db/migrations.ts';
import type { TestDatabase } from './test-support/test-databases.ts';
import { testEngines } from './test-support/test-databases.ts';
import type { RunningServer } from './test-support/child-process.ts';
import {
  databaseUrlFor,
  killIfRunning,
  makeServerDirectory,
  outboxFiles,
  startServer,
  testDatabaseUrl,
  waitFor,
  expectExitCode,
} from './test-support/child-process.ts';
import { runAllDueJobs } from './test-support/run-jobs.ts';
import { capturingLogger } from './test-support/sample-submissions.ts';

const CLIENTS = 4;
// Killed once this many submissions have been answered, while the clients keep sending.
const ANSWERED_BEFORE_KILL = 12;

interface Sent {
  readonly body: ApplicantPayload[];
  /** The applicant ids of the 2xx answer; undefined while no answer came. */
  applicantIds?: string[];
}

function newRequest(serial: number): ApplicantPayload[] {
  const formGroupId = newFormGroupId(randomUUID);
  return validRequest(new Date(), 1 + (serial % 3)).map((a) => ({
    ...a,
    concessionForm: { ...a.concessionForm, formGroupId },
  }));
}

async function submit(server: RunningServer, sent: Sent): Promise<number> {
  const response = await fetch(`${server.baseUrl}${NEW_FROM_CONCESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sent.body),
  });
  if (response.status === 200 || response.status === 201) {
    sent.applicantIds = ((await response.json()) as Array<{ applicantId: string }>).map((item) => item.applicantId);
  }
  return response.status;
}

/** The engines this test runs on: the database as the server sees it, and how to look at it afterwards. */
interface Target {
  readonly name: string;
  readonly env: Record<string, string>;
  /** Opens the data the server used, once the server has stopped. */
  open(): Promise<Database>;
  close(db: Database): Promise<void>;
  dispose(): Promise<void>;
}

const postgresUrl = testDatabaseUrl();
const postgres = testEngines().find((engine) => engine.name === 'postgres');

const targets: Array<{ name: string; make: (dir: string) => Promise<Target> }> = [
  {
    name: 'pglite',
    make: (dir) =>
      Promise.resolve({
        name: 'pglite',
        env: {},
        open: () => openDatabase({ engine: 'pglite', dataDir: join(dir, 'data', 'pglite') }),
        close: (db) => db.close(),
        dispose: () => Promise.resolve(),
      }),
  },
];
if (postgres !== undefined && postgresUrl !== undefined) {
  targets.push({
    name: 'postgres',
    make: async () => {
      const test: TestDatabase = await postgres.open();
      await runMigrations(test.db);
      return {
        name: 'postgres',
        env: { DATABASE_URL: await databaseUrlFor(test.db, postgresUrl) },
        open: () => Promise.resolve(test.db),
        close: () => Promise.resolve(),
        dispose: () => test.dispose(),
      };
    },
  });
}

describe.each(targets)('a server killed with SIGKILL during a stream of submissions, on $name', ({ make }) => {
  let dir: string;
  let serverEnv: Record<string, string>;
  let target: Target;
  let server: RunningServer | undefined;

  beforeEach(async () => {
    ({ dir, env: serverEnv } = await makeServerDirectory());
    target = await make(dir);
  });
  afterEach(async () => {
    await killIfRunning(server);
    await target.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const env = () => ({
    ...serverEnv,
    PUBLIC_BASE_URL: 'https://cwc.example.gov.uk',
    SUBMISSION_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    ...target.env,
  });

  const emailCount = async () => (await outboxFiles(join(dir, 'data'))).length;

  it('keeps every answered submission exactly once, and runs every job', { timeout: 180_000 }, async () => {
    const sent: Sent[] = [];
    const first = await startServer(env());
    server = first;

    // Each client sends one submission after another until the connection fails.
    let serial = 0;
    const clients = Array.from({ length: CLIENTS }, async () => {
      for (;;) {
        const request: Sent = { body: newRequest(serial++) };
        sent.push(request);
        try {
          expect([200, 201]).toContain(await submit(first, request));
        } catch (error) {
          if (error instanceof TypeError) return; // fetch failed: the server is gone
          throw error;
        }
      }
    });
    await waitFor(
      async () => sent.filter((s) => s.applicantIds !== undefined).length >= ANSWERED_BEFORE_KILL,
      'submissions to be answered',
    );
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(clients);
    const answeredBeforeKill = sent.filter((s) => s.applicantIds !== undefined).map((s) => [...(s.applicantIds ?? [])]);
    const unanswered = sent.filter((s) => s.applicantIds === undefined);
    expect(unanswered.length).toBeGreaterThan(0);

    // Started again on the same data: what got no answer is sent again, and one answered request too.
    const second = await startServer(env());
    server = second;
    for (const request of unanswered) expect([200, 201]).toContain(await submit(second, request));
    const repeated = sent.find((s) => answeredBeforeKill.length > 0 && s.applicantIds !== undefined);
    if (repeated !== undefined) {
      const before = repeated.applicantIds;
      expect(await submit(second, repeated)).toBe(200);
      expect(repeated.applicantIds).toEqual(before);
    }
    // Let the restarted worker send what it can, then stop it the ordinary way.
    let last = -1;
    await waitFor(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        const count = await emailCount();
        const settled = count === last && count > 0;
        last = count;
        return settled;
      },
      'the emails to settle',
      120_000,
    );
    second.child.kill('SIGTERM');
    await expectExitCode(second, 0);

    const db = await target.open();
    try {
      // Jobs the killed process had claimed wait for their lease to run out: run them as if it had.
      const config = loadConfig({ NODE_ENV: 'test', ...env() });
      await runAllDueJobs(db, config, capturingLogger().logger, new Date(Date.now() + 60 * 60_000));

      const applications = await listApplications(db);
      const byGroup = new Map<string, string[]>();
      for (const application of applications)
        byGroup.set(application.formGroupId, [
          ...(byGroup.get(application.formGroupId) ?? []),
          application.applicantId,
        ]);
      // Every request stored once, with the very ids it was answered with, and nothing else stored.
      expect(byGroup.size).toBe(sent.length);
      for (const request of sent)
        expect(byGroup.get(request.body[0]!.concessionForm.formGroupId)).toEqual(request.applicantIds);
      expect(applications).toHaveLength(sent.reduce((n, s) => n + s.body.length, 0));
      expect(applications.every((a) => a.status === 'approved')).toBe(true);

      const jobs = await listJobs(db, { limit: 10_000 });
      expect(jobs.filter((j) => j.completedAt === null)).toEqual([]);
      expect(jobs.filter((j) => j.kind === 'send-confirmation')).toHaveLength(sent.length);
      expect(jobs.filter((j) => j.kind === 'decide')).toHaveLength(applications.length);
      // Per submission a confirmation and an email with its decisions (decision 014), and per
      // applicant a worker confirmation: at least once each.
      expect(await emailCount()).toBeGreaterThanOrEqual(2 * sent.length + applications.length);
    } finally {
      await target.close(db);
    }
  });
});
