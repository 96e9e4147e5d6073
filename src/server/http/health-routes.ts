import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { databaseTakesWrites } from '../services/readiness.ts';

// A database that neither answers nor fails (a network partition) must still fail the probe
// before the load balancer's own timeout. Ready means the database takes writes: one that only
// reads (a full disk, a read-only standby) would fail every submission.
const readinessTimeoutMs = 3_000;
/**
 * The probe is public, so its cost must not grow with its callers: the database is asked at most
 * once in this time, and every call meanwhile gets that answer (a load balancer probes every few
 * seconds, so it still sees each change within a second).
 */
const probeIntervalMs = 1_000;

export function registerHealthRoutes(app: FastifyInstance, database: Database, now: () => Date): void {
  // Probes arrive every few seconds from every load balancer: log them only when they go wrong.
  const logLevel = 'warn';
  const isReady = cachedProbe(() => databaseTakesWrites(database, readinessTimeoutMs), now, probeIntervalMs);

  app.get('/health/live', { logLevel }, () => ({ status: 'ok' }));

  app.get('/health/ready', { logLevel }, async (_request, reply) => {
    if (!(await isReady())) return reply.code(503).send({ status: 'unavailable' });
    return { status: 'ok' };
  });
}

/**
 * `probe`'s answer, asked again only when the last was asked `intervalMs` ago or more: calls
 * meanwhile, and while it runs, share it.
 */
function cachedProbe(probe: () => Promise<boolean>, now: () => Date, intervalMs: number): () => Promise<boolean> {
  let last: { readonly at: number; readonly answer: Promise<boolean> } | undefined;
  return () => {
    const at = now().getTime();
    if (last === undefined || at - last.at >= intervalMs) last = { at, answer: probe() };
    return last.answer;
  };
}
