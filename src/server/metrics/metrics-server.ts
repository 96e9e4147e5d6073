// The metrics listener: a bare node:http server apart from the service's port, so the metrics are
// never reachable through the load balancer and a scrape never waits behind the service's hooks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { ServiceMetrics } from './metrics.ts';
import { createMetrics } from './metrics.ts';

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

/** Answers `GET /metrics` (and HEAD) with `registry`'s metrics; 404 for any other path, 405 for other methods. */
export async function startMetricsServer(
  registry: Registry,
  options: { readonly host: string; readonly port: number },
): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('Method not allowed\n');
      return;
    }
    registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n');
      },
    );
  });
  // Scrapers keep connections open; closing must not wait for them.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * The process's metrics and their listener on METRICS_PORT (on METRICS_HOST), or undefined when
 * METRICS_PORT is not set: then nothing is counted and nothing listens.
 */
export async function startConfiguredMetrics(
  config: Pick<Config, 'metricsPort' | 'metricsHost'>,
  database: Database,
  logger: Pick<Logger, 'info'>,
): Promise<{ readonly metrics: ServiceMetrics; readonly server: MetricsServer } | undefined> {
  if (config.metricsPort === undefined) return undefined;
  const metrics = createMetrics({ database });
  const server = await startMetricsServer(metrics.registry, { host: config.metricsHost, port: config.metricsPort });
  logger.info({ host: config.metricsHost, port: server.port }, `Metrics listening on port ${server.port}`);
  return { metrics, server };
}
