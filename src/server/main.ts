// The server process: configure, migrate, listen, and stop cleanly when asked.
import type { FastifyInstance } from 'fastify';
import { buildApp, openServiceDatabase } from './app.ts';
import type { Config } from './config.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { RunningWorker } from './jobs/outbox-worker.ts';
import { startServiceWorker } from './jobs/start-service-worker.ts';
import { createLogger } from './logger.ts';

// Comfortably inside the 30 s most orchestrators wait between SIGTERM and SIGKILL.
const shutdownTimeoutMs = 10_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // Before a logger exists, and meant for the person starting the service.
    process.stderr.write(`${error.message}\n`);
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

  let app: FastifyInstance;
  let database: Database;
  let worker: RunningWorker | undefined;
  try {
    // Opened here rather than by the app, because the job worker shares it and must stop first.
    database = await openServiceDatabase(config, logger);
    app = await buildApp(config, { logger, database });
    // RUN_WORKER=false when `npm run worker` processes run the jobs instead.
    if (config.runWorker) worker = await startServiceWorker(config, database, logger);
  } catch (error) {
    logger.fatal({ err: error }, 'Start-up failed');
    process.exit(1);
  }

  let stoppingSince: number | undefined;
  const stop = (signal: NodeJS.Signals): void => {
    if (stoppingSince !== undefined) {
      // Ctrl+C reaches both a wrapper (tsx, npm) and this process, and the wrapper passes it on:
      // a copy arriving at once is ignored, a second Ctrl+C a moment later means "now".
      if (Date.now() - stoppingSince < 1_000) return;
      logger.warn({ signal }, 'Second signal: exiting without waiting');
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info({ signal }, 'Shutting down: finishing requests in progress');
    setTimeout(() => {
      logger.error({ timeoutMs: shutdownTimeoutMs }, 'Shutdown took too long; exiting');
      process.exit(1);
    }, shutdownTimeoutMs).unref();
    // close() stops accepting connections, answers 503 to new requests on open ones, waits for
    // the requests in progress, then runs the onClose hooks. The worker finishes the job in hand
    // meanwhile (an unfinished one is retried by the next worker once its lease runs out); the
    // database closes when both are done.
    Promise.all([worker?.stop(), app.close()])
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

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Port in use, say: the message names it.
    logger.fatal({ err: error }, 'Could not listen');
    process.exit(1);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  logger.info(
    { host: config.host, port, publicBaseUrl: config.publicBaseUrl, nodeEnv: config.nodeEnv },
    `Creative worker concession service listening on port ${port}`,
  );
}

await main();
