// The metrics listener has no authentication: it must not be reachable from other hosts unless an
// operator says so (METRICS_HOST).
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { startConfiguredMetrics, type MetricsServer } from './metrics-server.ts';

/** An address of this machine other hosts could reach, when it has one. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address !== undefined && address.family === 'IPv4' && !address.internal)?.address;

const quiet = { info: () => undefined };
// Scraped only on request; these tests never ask for the figures that read the database.
const noDatabase = {} as Database;

/** Whether a TCP connection to host:port is taken. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the metrics listener', () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it.skipIf(outsideAddress === undefined)('listens on this machine only by default, whatever HOST is', async () => {
    const config = loadConfig({ METRICS_PORT: '0', HOST: '0.0.0.0' });
    server = (await startConfiguredMetrics(config, noDatabase, quiet))?.server;
    expect(server).toBeDefined();
    expect(await connects('127.0.0.1', server!.port)).toBe(true);
    expect(await connects(outsideAddress!, server!.port)).toBe(false);
  });

  it.skipIf(outsideAddress === undefined)('listens where METRICS_HOST says', async () => {
    const config = loadConfig({ METRICS_PORT: '0', METRICS_HOST: outsideAddress! });
    server = (await startConfiguredMetrics(config, noDatabase, quiet))?.server;
    expect(await connects(outsideAddress!, server!.port)).toBe(true);
  });
});
