// The metrics of a real server process (decision 035): after a submission, its emails and a status
// call, `/metrics` on METRICS_PORT holds every metric with sensible figures and nothing a person
// typed or was given (names, emails, passport numbers, references, tokens). Without METRICS_PORT
// nothing listens.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH, newFormGroupId } from '#shared/api/new-from-concession.ts';
import { PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import { FIXTURE_SPONSOR, validApplicantPayload } from '../../../tests/fixtures/applicants.ts';
import type { Running, RunningServer } from '../test-support/child-process.ts';
import {
  databaseUrlFor,
  startTsx,
  testDatabaseUrl,
  freePort,
  killIfRunning,
  logMessages,
  makeServerDirectory,
  startServer,
  waitFor,
  expectExitCode,
} from '../test-support/child-process.ts';
import type { SmtpReceiver } from '../test-support/smtp-receiver.ts';
import { startSmtpReceiver } from '../test-support/smtp-receiver.ts';
import { enqueueJob } from '../db/job-repository.ts';
import { runMigrations } from '../db/migrations.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { sampleSubmission } from '../test-support/sample-submissions.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { startConfiguredMetrics, startMetricsServer } from './metrics-server.ts';
import { createMetrics, UNMATCHED_ROUTE } from './metrics.ts';

let dir: string;
let serverEnv: Record<string, string>;
let smtp: SmtpReceiver;
let server: RunningServer | undefined;

beforeEach(async () => {
  ({ dir, env: serverEnv } = await makeServerDirectory());
  smtp = await startSmtpReceiver();
});
afterEach(async () => {
  await killIfRunning(server);
  server = undefined;
  await smtp.close();
  await rm(dir, { recursive: true, force: true });
});

/** The value of the sample `name{labels}` (labels as written, in order), or undefined. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const prefix = labels === '' ? `${name} ` : `${name}{${labels}} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(prefix.length));
}

it(
  'shows every metric after a journey, with no personal data anywhere in the output',
  { timeout: 120_000 },
  async () => {
    const metricsPort = await freePort();
    server = await startServer({ ...serverEnv, SMTP_URL: smtp.url, METRICS_PORT: String(metricsPort) });
    const scrape = async () => {
      const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
      return response.text();
    };

    const now = new Date();
    const applicant = validApplicantPayload(now);
    const body = [
      {
        concessionForm: {
          ...applicant.concessionForm,
          formGroupId: newFormGroupId(randomUUID),
          passportNumber: '804512367',
        },
        secondaryDetails: { ...applicant.secondaryDetails, workerEmailAddress: 'metrics-worker@example.com' },
      },
    ];
    const response = await fetch(`${server.baseUrl}${NEW_FROM_CONCESSION_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    const [{ applicantId }] = (await response.json()) as [{ applicantId: string }];

    // The sponsor's confirmation, the worker's, and the decision.
    await waitFor(async () => smtp.received.length >= 3, 'three emails');
    const texts = await Promise.all(smtp.received.map(async ({ raw }) => (await simpleParser(raw)).text ?? ''));
    const token = texts.map((t) => /epat=([\w.-]+)/.exec(t)?.[1]).find((t) => t !== undefined);
    expect(token).toBeDefined();
    const status = await fetch(`${server.baseUrl}${PUBLIC_STATUS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicAccessTokenJWT: token, sponsorLicenceNumber: FIXTURE_SPONSOR['sponsor-reference'] }),
    });
    expect(status.status).toBe(200);
    // Five wrong licence numbers lock the submission for an hour.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await fetch(`${server.baseUrl}${PUBLIC_STATUS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publicAccessTokenJWT: token, sponsorLicenceNumber: 'WRONG0001' }),
      });
      expect(wrong.status).toBeGreaterThanOrEqual(400);
    }
    // A raw URL no route matches, which must not become a label.
    expect((await fetch(`${server.baseUrl}/api/public/${applicantId}`)).status).toBe(404);

    // The decision email's job may finish just after its email arrived.
    let text = '';
    await waitFor(async () => {
      text = await scrape();
      return sample(text, 'cwc_emails_total', 'kind="decision",outcome="sent"') === 1;
    }, 'the decision email to be counted');

    const route = (pattern: string, method: string, statusClass: string) =>
      sample(text, 'cwc_http_requests_total', `route="${pattern}",method="${method}",status_class="${statusClass}"`);
    expect(route(NEW_FROM_CONCESSION_PATH, 'POST', '2xx')).toBe(1);
    expect(route(PUBLIC_STATUS_PATH, 'POST', '2xx')).toBe(1);
    expect(route(PUBLIC_STATUS_PATH, 'POST', '4xx')).toBe(5);
    expect(route(UNMATCHED_ROUTE, 'GET', '4xx')).toBe(1);
    expect(route('/health/ready', 'GET', '2xx')).toBeGreaterThanOrEqual(1);
    expect(
      sample(
        text,
        'cwc_http_request_duration_seconds_count',
        `route="${NEW_FROM_CONCESSION_PATH}",method="POST",status_class="2xx"`,
      ),
    ).toBe(1);
    expect(text).toContain('# TYPE cwc_http_server_errors_total counter');
    expect(sample(text, 'cwc_submissions_accepted_total')).toBe(1);
    expect(sample(text, 'cwc_decisions_total', 'outcome="approved"')).toBe(1);
    expect(sample(text, 'cwc_decisions_total', 'outcome="rejected"')).toBe(0);
    expect(sample(text, 'cwc_decisions_total', 'outcome="withdrawn"')).toBe(0);
    expect(sample(text, 'cwc_emails_total', 'kind="confirmation",outcome="sent"')).toBe(1);
    expect(sample(text, 'cwc_emails_total', 'kind="worker-confirmation",outcome="sent"')).toBe(1);
    expect(sample(text, 'cwc_emails_total', 'kind="confirmation",outcome="failed"')).toBe(0);
    // PGlite: its one connection, nobody waiting.
    expect(sample(text, 'cwc_db_pool_connections_in_use')).toBe(1);
    expect(sample(text, 'cwc_db_pool_waiting')).toBe(0);
    expect(sample(text, 'cwc_outbox_jobs_waiting')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'cwc_outbox_oldest_job_age_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'cwc_licence_lockouts_in_force')).toBe(1);
    expect(sample(text, 'cwc_licence_lockouts_total')).toBe(1);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');

    const { concessionForm, secondaryDetails } = body[0]!;
    for (const secret of [
      secondaryDetails.familyName,
      secondaryDetails.givenNames,
      FIXTURE_SPONSOR['sponsor-email'],
      FIXTURE_SPONSOR['sponsor-name'],
      FIXTURE_SPONSOR['sponsor-reference'],
      'metrics-worker@example.com',
      'WRONG0001',
      '@example',
      concessionForm.passportNumber,
      concessionForm.formGroupId,
      concessionForm.certificateOfSponsorshipReferenceNumber,
      applicantId,
      token!,
      token!.slice(0, 20),
    ]) {
      expect(text).not.toContain(secret);
    }

    // Only /metrics is served there.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(405);
    // The metrics listener closes with the server: a clean exit on SIGTERM, with scrapers connected.
    await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { keepalive: true });
    server.child.kill('SIGTERM');
    await expectExitCode(server, 0);
  },
);

it('listens for metrics nowhere without METRICS_PORT', { timeout: 120_000 }, async () => {
  server = await startServer(serverEnv);
  expect(logMessages(server).some((message) => message.startsWith('Metrics listening'))).toBe(false);
  expect(await startConfiguredMetrics({ metricsHost: '127.0.0.1', metricsPort: undefined }, {} as never, console)).toBe(
    undefined,
  );
});

describe('the metrics of one process', () => {
  it('count by fixed labels in a registry of their own', async () => {
    const one = createMetrics();
    const two = createMetrics();
    one.httpRequest('/api/public/publicStatus', 'POST', 503, 0.2);
    one.httpRequest('/x', 'BREW', 200, 0.01);
    const text = await one.registry.metrics();
    expect(sample(text, 'cwc_http_server_errors_total', 'route="/api/public/publicStatus",method="POST"')).toBe(1);
    // An unknown method is not written as sent.
    expect(sample(text, 'cwc_http_requests_total', 'route="/x",method="other",status_class="2xx"')).toBe(1);
    expect(await two.registry.metrics()).not.toContain('publicStatus');
    const listener = await startMetricsServer(one.registry, { host: '127.0.0.1', port: 0 });
    try {
      expect(await (await fetch(`http://127.0.0.1:${listener.port}/metrics`)).text()).toContain('cwc_');
    } finally {
      await listener.close();
    }
  });
});

describe.each(testEngines())('the gauges read from the database ($name)', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('show the outbox backlog, its oldest job and the lockouts in force', async () => {
    const at = new Date('2026-05-01T12:00:00Z');
    const { db } = test;
    await enqueueJob(db, { kind: 'decide', runAfter: new Date(at.getTime() - 90_000) });
    await enqueueJob(db, { kind: 'decide', runAfter: new Date(at.getTime() - 10_000) });
    // Not due yet: not waiting.
    await enqueueJob(db, { kind: 'decide', runAfter: new Date(at.getTime() + 60_000) });
    const metrics = createMetrics({ database: db, now: () => at });
    const text = await metrics.registry.metrics();
    expect(sample(text, 'cwc_outbox_jobs_waiting')).toBe(2);
    expect(sample(text, 'cwc_outbox_oldest_job_age_seconds')).toBe(90);
    expect(sample(text, 'cwc_licence_lockouts_in_force')).toBe(0);
    expect(sample(text, 'cwc_db_pool_waiting')).toBe(0);
    expect(sample(text, 'cwc_db_pool_connections_in_use')).toBeGreaterThanOrEqual(engine.name === 'pglite' ? 1 : 0);
  });
});

const postgresUrl = testDatabaseUrl();
const postgres = testEngines().find((e) => e.name === 'postgres');

describe.skipIf(postgresUrl === undefined || postgres === undefined)('the worker process', () => {
  it('serves the emails and decisions it made on METRICS_PORT', { timeout: 120_000 }, async () => {
    if (postgres === undefined || postgresUrl === undefined) return;
    const test = await postgres.open();
    let worker: Running | undefined;
    try {
      await runMigrations(test.db);
      const now = new Date();
      const stored = await storeSubmission(test.db, sampleSubmission(now, [{}]), now);
      if (stored.outcome !== 'created') throw new Error('not created');
      const metricsPort = await freePort();
      worker = startTsx('src/server/worker.ts', [], {
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: await databaseUrlFor(test.db, postgresUrl),
        PUBLIC_BASE_URL: 'https://cwc.example.gov.uk',
        SMTP_URL: smtp.url,
        METRICS_PORT: String(metricsPort),
      });
      let text = '';
      await waitFor(async () => {
        text = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
          (r) => r.text(),
          () => '',
        );
        return sample(text, 'cwc_emails_total', 'kind="decision",outcome="sent"') === 1;
      }, 'the worker to count its decision email');
      expect(sample(text, 'cwc_emails_total', 'kind="confirmation",outcome="sent"')).toBe(1);
      expect(sample(text, 'cwc_decisions_total', 'outcome="approved"')).toBe(1);
      expect(sample(text, 'cwc_db_pool_waiting')).toBe(0);
      expect(sample(text, 'cwc_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'cwc_outbox_jobs_waiting')).toBeGreaterThanOrEqual(0);
      // The worker serves no HTTP routes of the service.
      expect(text).not.toContain('cwc_http_requests_total{');
      worker.child.kill('SIGTERM');
      await expectExitCode(worker, 0);
    } finally {
      await killIfRunning(worker);
      await test.dispose();
    }
  });
});
