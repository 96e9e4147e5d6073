// PostgreSQL going away while submissions stream in (a failover, a network cut) must not take
// the server process with it: it answers 503 ServiceUnavailable meanwhile, serves again within
// seconds of the database's return without a restart, and every submission it answered 2xx is
// stored exactly once. A TCP proxy of the test's own stands between the server and PostgreSQL
// and is stopped and started again; the shared PostgreSQL server itself is never touched.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH, newFormGroupId, type ApplicantPayload } from '#shared/api/new-from-concession.ts';
import { validRequest } from '../../tests/fixtures/applicants.ts';
import { listApplications } from './db/application-repository.ts';
import type { TestDatabase } from './test-support/test-databases.ts';
import { testEngines } from './test-support/test-databases.ts';
import type { RunningServer } from './test-support/child-process.ts';
import {
  databaseUrlFor,
  killIfRunning,
  logMessages,
  makeServerDirectory,
  startServer,
  testDatabaseUrl,
  waitFor,
  expectExitCode,
} from './test-support/child-process.ts';
import type { TcpProxy } from './test-support/tcp-proxy.ts';
import { startTcpProxy } from './test-support/tcp-proxy.ts';

const CLIENTS = 4;
// The database is cut once this many submissions have been answered, while clients keep sending.
const ANSWERED_BEFORE_CUT = 10;
// How long the database stays away.
const OUTAGE_MS = 4_000;
// The service must take submissions again this soon after the database is back.
const RECOVERY_MS = 10_000;

interface Sent {
  readonly body: ApplicantPayload[];
  /** The applicant ids of the 2xx answer; undefined while none came. */
  applicantIds?: string[];
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly retryAfter: string | null;
}

function newRequest(serial: number): ApplicantPayload[] {
  const formGroupId = newFormGroupId(randomUUID);
  return validRequest(new Date(), 1 + (serial % 3)).map((a) => ({
    ...a,
    concessionForm: { ...a.concessionForm, formGroupId },
  }));
}

async function submit(server: RunningServer, sent: Sent): Promise<Answer> {
  const response = await fetch(`${server.baseUrl}${NEW_FROM_CONCESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(sent.body),
  });
  const body: unknown = await response.json();
  if (response.status === 200 || response.status === 201) {
    sent.applicantIds = (body as Array<{ applicantId: string }>).map((item) => item.applicantId);
  }
  return { status: response.status, body, retryAfter: response.headers.get('retry-after') };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const baseUrl = testDatabaseUrl();
const postgres = testEngines().find((engine) => engine.name === 'postgres');

describe.skipIf(baseUrl === undefined || postgres === undefined)(
  'the server when PostgreSQL goes away under load',
  () => {
    let dir: string;
    let serverEnv: Record<string, string>;
    let test: TestDatabase;
    let proxy: TcpProxy;
    let server: RunningServer | undefined;

    beforeEach(async () => {
      ({ dir, env: serverEnv } = await makeServerDirectory());
      test = await postgres!.open();
      const target = new URL(baseUrl!);
      proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    });
    afterEach(async () => {
      await killIfRunning(server);
      await proxy.stop();
      await test.dispose();
      await rm(dir, { recursive: true, force: true });
    });

    it(
      'stays up, answers 503 while it is away and keeps every answered submission exactly once',
      { timeout: 120_000 },
      async () => {
        // The server gets its own schema, through the proxy; the test looks at the rows directly.
        const url = new URL(await databaseUrlFor(test.db, baseUrl!));
        url.hostname = '127.0.0.1';
        url.port = String(proxy.port);
        server = await startServer({
          ...serverEnv,
          DATABASE_URL: url.href,
          PUBLIC_BASE_URL: 'https://cwc.example.gov.uk',
          SUBMISSION_RATE_LIMIT: '100000',
          LOG_LEVEL: 'warn',
        });
        const running = server;

        const sent: Sent[] = [];
        const answers: Answer[] = [];
        let stopping = false;
        let serial = 0;
        const failures: unknown[] = [];
        // Each client sends one new submission after another, as sponsors would, until told to stop
        // or a request gets no answer at all (the process gone).
        const clients = Array.from({ length: CLIENTS }, async () => {
          while (!stopping) {
            const request: Sent = { body: newRequest(serial++) };
            sent.push(request);
            try {
              const answer = await submit(running, request);
              answers.push(answer);
              if (answer.status === 503) await pause(100);
            } catch (error) {
              failures.push(error);
              return;
            }
          }
        });
        const answered = () => {
          if (running.child.exitCode !== null)
            throw new Error(`The server exited:\n${running.stdout()}${running.stderr()}`);
          return sent.filter((s) => s.applicantIds !== undefined).length;
        };

        await waitFor(async () => answered() >= ANSWERED_BEFORE_CUT, 'submissions to be answered');
        await proxy.stop();
        const cutAt = answers.length;
        await waitFor(
          async () => answered() >= 0 && answers.slice(cutAt).some((a) => a.status === 503),
          'a 503 during the outage',
          OUTAGE_MS * 3,
        );
        // The probe asks the database at most once a second (its answer cached meanwhile), and
        // gives up on one that does not answer after 3 seconds.
        const readiness = () => fetch(`${running.baseUrl}/health/ready`).then((r) => r.status);
        await waitFor(async () => (await readiness()) === 503, 'not ready during the outage', 10_000);
        await pause(OUTAGE_MS);
        expect(running.child.exitCode).toBeNull();

        await proxy.start();
        const backAt = Date.now();
        const answeredBeforeReturn = answered();
        await waitFor(
          async () => answered() > answeredBeforeReturn,
          'a submission answered after the database came back',
          RECOVERY_MS,
        );
        expect(Date.now() - backAt).toBeLessThan(RECOVERY_MS);
        stopping = true;
        await Promise.all(clients);
        expect(failures).toEqual([]);

        // The browser's "Try again": what was not answered 2xx is sent again, with the same formGroupId.
        for (const request of sent.filter((s) => s.applicantIds === undefined)) {
          expect([200, 201]).toContain((await submit(running, request)).status);
        }
        await waitFor(async () => (await readiness()) === 200, 'ready again', 10_000);
        expect(running.child.exitCode).toBeNull();
        expect(logMessages(running)).not.toContain('Uncaught exception');

        // Only 2xx and the promised 503, in the shape of every other error, with a Retry-After.
        const outage = answers.filter((a) => a.status === 503);
        expect(outage.length).toBeGreaterThan(0);
        expect(answers.filter((a) => ![200, 201, 503].includes(a.status))).toEqual([]);
        for (const answer of outage) {
          expect(answer.body).toEqual({ error: 'ServiceUnavailable', message: expect.any(String) });
          expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        }

        // Every request stored once, with the very ids it was answered with, and nothing else.
        const rows = await listApplications(test.db);
        const byGroup = new Map<string, string[]>();
        for (const a of rows) byGroup.set(a.formGroupId, [...(byGroup.get(a.formGroupId) ?? []), a.applicantId]);
        expect(byGroup.size).toBe(sent.length);
        for (const request of sent)
          expect(byGroup.get(request.body[0]!.concessionForm.formGroupId)).toEqual(request.applicantIds);
        expect(rows).toHaveLength(sent.reduce((n, s) => n + s.body.length, 0));

        running.child.kill('SIGTERM');
        await expectExitCode(running, 0);
      },
    );
  },
);
