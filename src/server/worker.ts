// The job worker on its own (`npm run worker`): configure, migrate, run jobs, and stop cleanly when
// asked. Any number can run beside the servers (started with RUN_WORKER=false); rows are claimed
// with SKIP LOCKED and a lease, so no two run the same job.
import { openServiceDatabase } from './app.ts';
import type { Database } from './db/database.ts';
import type { RunningWorker } from './jobs/outbox-worker.ts';
import { startServiceWorker } from './jobs/start-service-worker.ts';
import { createLogger } from './logger.ts';
import type { MetricsServer } from './metrics/metrics-server.ts';
import { startConfiguredMetrics } from './metrics/metrics-server.ts';
import { exitOnUncaughtErrors, loadConfigOrExit, logStartupFailure, stopOnSignals } from './process-lifecycle.ts';

// The job in hand gets this long to finish; an email send times out well within it. The
// unfinished job is retried by another worker when its lease runs out.
const shutdownTimeoutMs = 20_000;

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.databaseUrl === undefined) {
    // The embedded database belongs to one process, and the server runs the jobs itself.
    process.stderr.write(
      'The embedded database (DATABASE_URL not set) can only be used by one process, and the server runs the jobs itself.\n' +
        'Set DATABASE_URL to run workers separately (and RUN_WORKER=false on the servers).\n',
    );
    process.exit(1);
  }

  const logger = createLogger(config);
  exitOnUncaughtErrors(logger);

  let database: Database;
  let worker: RunningWorker;
  let metricsServer: MetricsServer | undefined;
  try {
    database = await openServiceDatabase(config, logger);
    // METRICS_PORT: the emails and decisions are counted here, where the jobs run.
    const started = await startConfiguredMetrics(config, database, logger);
    metricsServer = started?.server;
    worker = await startServiceWorker(config, database, logger, { metrics: started?.metrics });
  } catch (error) {
    logStartupFailure(logger, error, config);
    process.exit(1);
  }

  stopOnSignals(logger, {
    message: 'Shutting down: finishing the job in hand',
    timeoutMs: shutdownTimeoutMs,
    stop: async () => {
      await Promise.all([worker.stop(), metricsServer?.close()]);
      await database.close();
    },
  });
}

await main();
