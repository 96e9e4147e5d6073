// The job worker on its own (`npm run worker`): configure, migrate, run jobs, and stop cleanly when
// asked. Any number can run beside the servers (started with RUN_WORKER=false); rows are claimed
// with SKIP LOCKED and a lease, so no two run the same job.
import { openServiceDatabase } from './app.ts';
import type { Config } from './config.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { RunningWorker } from './jobs/outbox-worker.ts';
import { startServiceWorker } from './jobs/start-service-worker.ts';
import { createLogger } from './logger.ts';

// The job in hand gets this long to finish; an email send times out well within it.
const shutdownTimeoutMs = 20_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  if (config.databaseUrl === undefined) {
    // PGlite keeps no lock on its files: a second process on DATA_DIR would corrupt the database.
    process.stderr.write(
      'The embedded database (DATABASE_URL not set) can only be used by one process, and the server runs the jobs itself.\n' +
        'Set DATABASE_URL to run workers separately (and RUN_WORKER=false on the servers).\n',
    );
    process.exit(1);
  }

  const logger = createLogger(config);
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'Uncaught exception');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'Unhandled promise rejection');
    process.exit(1);
  });

  let database: Database;
  let worker: RunningWorker;
  try {
    database = await openServiceDatabase(config, logger);
    worker = await startServiceWorker(config, database, logger);
  } catch (error) {
    logger.fatal({ err: error }, 'Start-up failed');
    process.exit(1);
  }

  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals): void => {
    if (stoppingSince !== undefined) {
      // A wrapper (tsx, npm) passes Ctrl+C on as well: a copy arriving at once is ignored.
      if (Date.now() - stoppingSince < 1_000) return;
      logger.warn({ signal }, 'Second signal: exiting without waiting');
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info({ signal }, 'Shutting down: finishing the job in hand');
    setTimeout(() => {
      // The unfinished job is retried by another worker when its lease runs out.
      logger.error({ timeoutMs: shutdownTimeoutMs }, 'Shutdown took too long; exiting');
      process.exit(1);
    }, shutdownTimeoutMs).unref();
    worker
      .stop()
      .then(() => database.close())
      .then(() => {
        logger.info('Stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

await main();
