// Prometheus metrics (decision 035). Each process (and each app a test builds) has its own
// registry, never prom-client's global one. Every label comes from a fixed set written here or
// from Fastify's route patterns: no value a person typed can become a label.
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';
import { outboxBacklog } from '../db/job-repository.ts';
import { countLockoutsInForce } from '../db/status-access-repository.ts';
import { securityEvents, type SecurityEvent } from '../security/security-log.ts';

/** The emails the service sends, by what they are about. */
export const emailKinds = [
  'confirmation',
  'worker-confirmation',
  'decision',
  'new-status-link',
  'withdrawal',
  'worker-withdrawal',
  'draft-link',
  'lockout-notice',
] as const;
export type EmailKind = (typeof emailKinds)[number];

/** What a decision came to (awaiting-caseworker: passed the checks, MANUAL_REVIEW leaves it to a caseworker). */
export const decisionOutcomes = ['approved', 'rejected', 'withdrawn', 'awaiting-caseworker'] as const;
export type DecisionOutcomeLabel = (typeof decisionOutcomes)[number];

/** The label of a request no route matched: its raw URL could hold anything. */
export const UNMATCHED_ROUTE = 'unmatched';

const httpMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export interface ServiceMetrics {
  readonly registry: Registry;
  /** Counts an email handed to the mail transport, or one whose sending threw. */
  emailSent(kind: EmailKind, outcome: 'sent' | 'failed'): void;
  /** Counts a submission stored (a replay of the same body is not a new one). */
  submissionAccepted(): void;
  decision(outcome: DecisionOutcomeLabel): void;
  /** Counts a licence lockout begun (a client's fifth wrong licence number for a submission within the hour). */
  lockoutStarted(): void;
  /** Counts one line of the security log. */
  securityEvent(event: SecurityEvent): void;
  /** Counts one HTTP answer. */
  httpRequest(route: string, method: string, statusCode: number, seconds: number): void;
}

/**
 * The metrics of one process. With a database, the pool, the outbox and the lockouts in force are
 * read when Prometheus scrapes, not on requests; a failing read leaves the gauge as it was (the
 * database's health has its own probe).
 */
export function createMetrics(options: { readonly database?: Database; readonly now?: () => Date } = {}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const now = options.now ?? (() => new Date());
  const { database } = options;

  const requests = new Counter({
    name: 'cwc_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'cwc_http_server_errors_total',
    help: 'HTTP requests answered with a 5xx status, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'cwc_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const emails = new Counter({
    name: 'cwc_emails_total',
    help: 'Emails sent or failed (each failed attempt), by kind',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const submissions = new Counter({
    name: 'cwc_submissions_accepted_total',
    help: 'Submissions stored (by the API or the pages without JavaScript)',
    registers: [registry],
  });
  const lockouts = new Counter({
    name: 'cwc_licence_lockouts_total',
    help: 'Licence lockouts begun in this process (too many wrong licence numbers from one client for one submission)',
    registers: [registry],
  });
  const decisions = new Counter({
    name: 'cwc_decisions_total',
    help: 'Decisions made in this process, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const security = new Counter({
    name: 'cwc_security_events_total',
    help: 'Lines of the security log written in this process, by event',
    labelNames: ['event'] as const,
    registers: [registry],
  });
  // Zero from the start, so a rate() over them works before the first event.
  for (const kind of emailKinds) for (const outcome of ['sent', 'failed']) emails.labels(kind, outcome).inc(0);
  for (const outcome of decisionOutcomes) decisions.labels(outcome).inc(0);
  submissions.inc(0);
  lockouts.inc(0);
  for (const event of Object.keys(securityEvents)) security.labels(event).inc(0);

  if (database !== undefined) {
    new Gauge({
      name: 'cwc_db_pool_connections_in_use',
      help: 'Database connections checked out of the pool (the embedded PGlite: its one connection)',
      registers: [registry],
      collect() {
        const pool = database.poolStats?.();
        this.set(pool === undefined ? 1 : pool.total - pool.idle);
      },
    });
    new Gauge({
      name: 'cwc_db_pool_waiting',
      help: 'Queries waiting for a pooled database connection (always 0 for the embedded PGlite)',
      registers: [registry],
      collect() {
        this.set(database.poolStats?.().waiting ?? 0);
      },
    });
    // One query for both outbox gauges, shared by the two collects of a scrape.
    let backlog: ReturnType<typeof outboxBacklog> | undefined;
    const readBacklog = () => {
      backlog ??= outboxBacklog(database, now()).finally(() => {
        backlog = undefined;
      });
      return backlog;
    };
    new Gauge({
      name: 'cwc_outbox_jobs_waiting',
      help: 'Outbox jobs due and not yet finished (every process reports the same shared figure)',
      registers: [registry],
      async collect() {
        const result = await readBacklog().catch(() => undefined);
        if (result !== undefined) this.set(result.waiting);
      },
    });
    new Gauge({
      name: 'cwc_outbox_oldest_job_age_seconds',
      help: 'Seconds the oldest due, unfinished outbox job has been due (0 when none)',
      registers: [registry],
      async collect() {
        const result = await readBacklog().catch(() => undefined);
        if (result !== undefined) this.set(result.oldestAgeSeconds);
      },
    });
    new Gauge({
      name: 'cwc_licence_lockouts_in_force',
      help: 'Clients locked out of a submission after too many wrong licence numbers, whose hour is not over (shared figure)',
      registers: [registry],
      async collect() {
        const count = await countLockoutsInForce(database, now()).catch(() => undefined);
        if (count !== undefined) this.set(count);
      },
    });
  }

  const metrics: ServiceMetrics = {
    registry,
    emailSent: (kind, outcome) => emails.labels(kind, outcome).inc(),
    submissionAccepted: () => submissions.inc(),
    decision: (outcome) => decisions.labels(outcome).inc(),
    lockoutStarted: () => lockouts.inc(),
    securityEvent: (event) => security.labels(event).inc(),
    httpRequest(route, method, statusCode, seconds) {
      const statusClass = `${Math.floor(statusCode / 100)}xx`;
      const knownMethod = httpMethods.includes(method) ? method : 'other';
      requests.labels(route, knownMethod, statusClass).inc();
      duration.labels(route, knownMethod, statusClass).observe(seconds);
      if (statusCode >= 500) errors.labels(route, knownMethod).inc();
    },
  };
  return metrics;
}

/**
 * Counts every answer of `app` by its route pattern (`/api/status/:id`, never the URL asked for);
 * a request no route matched is counted as UNMATCHED_ROUTE. Reads Fastify's own timing.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: ServiceMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.is404 ? undefined : request.routeOptions.url;
    metrics.httpRequest(route ?? UNMATCHED_ROUTE, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}
