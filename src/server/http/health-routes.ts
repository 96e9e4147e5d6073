import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.ts';
import { isDatabaseWritable } from '../db/health-repository.ts';

// A database that neither answers nor fails (a network partition) must still fail the probe
// before the load balancer's own timeout. Ready means the database takes writes: one that only
// reads (a full disk, a read-only standby) would fail every submission.
const readinessTimeoutMs = 3_000;

export function registerHealthRoutes(app: FastifyInstance, database: Database): void {
  // Probes arrive every few seconds from every load balancer: log them only when they go wrong.
  const logLevel = 'warn';

  app.get('/health/live', { logLevel }, () => ({ status: 'ok' }));

  app.get('/health/ready', { logLevel }, async (_request, reply) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), readinessTimeoutMs);
    });
    const ready = await Promise.race([isDatabaseWritable(database), timeout]);
    clearTimeout(timer);
    if (!ready) return reply.code(503).send({ status: 'unavailable' });
    return { status: 'ok' };
  });
}
