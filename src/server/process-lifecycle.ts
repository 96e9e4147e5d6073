// What the server and the stand-alone worker do alike as processes: read the configuration or
// exit, treat an error nobody caught as fatal, and stop gracefully on SIGTERM or Ctrl+C.
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import { ConfigError, loadConfig } from './config.ts';
import { describeStartupFailure } from './startup-errors.ts';

/** The configuration, or exit 1 with every problem on stderr (before a logger exists, for the person starting it). */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/**
 * Logs why the start failed in words that name the path and the problem (a full or read-only
 * DATA_DIR, say). The error itself goes with it only when it is an Error: the embedded
 * database's file errors are plain objects that would print as "[object Object]".
 */
export function logStartupFailure(
  logger: Logger,
  error: unknown,
  config: Pick<Config, 'dataDir' | 'databaseUrl'>,
): void {
  const { message, code, path } = describeStartupFailure(
    error,
    config.dataDir,
    config.databaseUrl === undefined ? 'pglite' : 'postgres',
  );
  logger.fatal({ ...(error instanceof Error && { err: error }), code, path }, message);
}

/** A thrown error or rejected promise nobody handled leaves the process in an unknown state: log it and exit 1. */
export function exitOnUncaughtErrors(logger: Logger): void {
  process.on('uncaughtException', (error) => {
    logger.fatal({ err: error }, 'Uncaught exception');
    process.exit(1);
  });
  process.on('unhandledRejection', (reason) => {
    logger.fatal({ err: reason }, 'Unhandled promise rejection');
    process.exit(1);
  });
}

export interface GracefulStop {
  /** Logged when the first signal arrives. */
  readonly message: string;
  /** Exit 1 if stop() has not finished by then. */
  readonly timeoutMs: number;
  /** Finishes the work in hand and closes everything; the process exits 0 after it. */
  stop(): Promise<void>;
}

/** On SIGTERM or SIGINT runs stop() once, then exits: 0 when it finished in time, 1 otherwise. */
export function stopOnSignals(logger: Logger, graceful: GracefulStop): void {
  let stoppingSince: number | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stoppingSince !== undefined) {
      // Ctrl+C reaches both a wrapper (tsx, npm) and this process, and the wrapper passes it on:
      // a copy arriving at once is ignored, a second Ctrl+C a moment later means "now".
      if (Date.now() - stoppingSince < 1_000) return;
      logger.warn({ signal }, 'Second signal: exiting without waiting');
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info({ signal }, graceful.message);
    setTimeout(() => {
      logger.error({ timeoutMs: graceful.timeoutMs }, 'Shutdown took too long; exiting');
      process.exit(1);
    }, graceful.timeoutMs).unref();
    graceful
      .stop()
      .then(() => {
        logger.info('Stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'Shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
