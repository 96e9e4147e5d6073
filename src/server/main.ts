// The server process: configure, migrate, listen, and stop cleanly when asked.
import type { FastifyInstance } from 'fastify';
import { buildApp, openServiceDatabase } from './app.ts';
import type { Config } from './config.ts';
import { setUpStaffIdentity } from './console/local-identity-start.ts';
import type { Database } from './db/database.ts';
import type { RunningWorker } from './jobs/outbox-worker.ts';
import { startServiceWorker } from './jobs/start-service-worker.ts';
import { emailDestination } from './email/email-sender.ts';
import { createLogger } from './logger.ts';
import { createDocumentPool, type DocumentDrawing } from './pdf/document-drawing.ts';
import type { MetricsServer } from './metrics/metrics-server.ts';
import { startConfiguredMetrics } from './metrics/metrics-server.ts';
import { exitOnUncaughtErrors, loadConfigOrExit, logStartupFailure, stopOnSignals } from './process-lifecycle.ts';

// Comfortably inside the 30 s most orchestrators wait between SIGTERM and SIGKILL.
const shutdownTimeoutMs = 10_000;

async function main(): Promise<void> {
  const loaded = loadConfigOrExit();
  const logger = createLogger(loaded);
  exitOnUncaughtErrors(logger);

  let config: Config;
  let closeStaffIdentity: () => Promise<void> = () => Promise.resolve();
  let app: FastifyInstance;
  let database: Database;
  let worker: RunningWorker | undefined;
  let metricsServer: MetricsServer | undefined;
  let drawing: DocumentDrawing | undefined;
  try {
    // Outside production, with no staff identity provider configured, a local one (decision 038),
    // first: the service's OIDC settings point at it.
    const staffIdentity = await setUpStaffIdentity(loaded);
    config = staffIdentity.config;
    closeStaffIdentity = () => staffIdentity.close();
    // Opened here rather than by the app, because the job worker shares it and must stop first.
    database = await openServiceDatabase(config, logger);
    // METRICS_PORT: one registry for the app and its worker, served on a port of its own.
    const started = await startConfiguredMetrics(config, database, logger);
    metricsServer = started?.server;
    const metrics = started?.metrics;
    // The drawing threads parse their fonts before the server listens: the first download is not slow.
    drawing = createDocumentPool({ threads: config.documentThreads, queue: config.documentQueue });
    await drawing.ready();
    app = await buildApp(config, { logger, database, documentDrawing: drawing, ...(metrics && { metrics }) });
    // RUN_WORKER=false when `npm run worker` processes run the jobs instead.
    if (config.runWorker) worker = await startServiceWorker(config, database, logger, { metrics });
  } catch (error) {
    logStartupFailure(logger, error, loaded);
    process.exit(1);
  }

  // close() stops accepting connections, answers 503 to new requests on open ones, waits for the
  // requests in progress, then runs the onClose hooks. The worker finishes the job in hand
  // meanwhile (an unfinished one is retried by the next worker once its lease runs out); the
  // database closes when both are done.
  stopOnSignals(logger, {
    message: 'Shutting down: finishing requests in progress',
    timeoutMs: shutdownTimeoutMs,
    stop: async () => {
      await Promise.all([worker?.stop(), app.close(), metricsServer?.close()]);
      // After the app: the downloads in hand are drawn before the threads end.
      await Promise.all([database.close(), closeStaffIdentity(), drawing?.close()]);
    },
  });

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
  // For the person who ran `npm start`, beside the staff accounts printed before: where the
  // emails (and in them the status links) go. Printed, not logged: it is not an event.
  if (!config.isProduction) {
    console.log(`The service: ${config.publicBaseUrl}`);
    console.log(emailDestination(config));
  }
}

await main();
