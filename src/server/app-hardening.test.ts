// What a hostile or broken client can do at the HTTP level: forge X-Forwarded-For to dodge the
// rate limits, trickle a request to hold a connection, or spell an API path differently so that
// its personal data is cached.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NEW_FROM_CONCESSION_PATH } from '#shared/api/new-from-concession.ts';
import { PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import { buildApp } from './app.ts';
import { loadConfig, type Config } from './config.ts';
import type { Database } from './db/database.ts';
import { capturingLogger } from './test-support/sample-submissions.ts';
import { openMigratedPglite } from './test-support/test-databases.ts';

let webRoot: string;
let database: Database;
let app: FastifyInstance | undefined;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'web-root-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>x</title>');
  await writeFile(join(webRoot, 'robots.txt'), 'User-agent: *\n');
  await writeFile(join(webRoot, 'assets', 'app-abc123.js'), 'export {};\n');
  database = await openMigratedPglite();
});

afterEach(async () => {
  await app?.close();
  app = undefined;
  // The budgets per address are counted in the database, which these tests share.
  await database.query('DELETE FROM rate_limit_counters');
});

afterAll(async () => {
  await database.close();
  await rm(webRoot, { recursive: true, force: true });
});

async function start(env: Record<string, string>, overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const config = { ...loadConfig({ NODE_ENV: 'test', ...env }), webRoot, ...overrides };
  app = await buildApp(config, { database, logger: capturingLogger().logger });
  return app;
}

describe('the client address behind a proxy', () => {
  it('is not the left-most X-Forwarded-For entry, which the client writes itself', async () => {
    const service = await start({ TRUST_PROXY: '1', SUBMISSION_RATE_LIMIT: '2' });
    // The load balancer (10.0.0.5) appends the address it saw; whatever the client put before it is forged.
    const post = (forged: string) =>
      service.inject({
        method: 'POST',
        url: NEW_FROM_CONCESSION_PATH,
        payload: [],
        remoteAddress: '10.0.0.5',
        headers: { 'x-forwarded-for': `${forged}, 203.0.113.9` },
      });
    expect((await post('198.51.100.1')).statusCode).toBe(400);
    expect((await post('198.51.100.2')).statusCode).toBe(400);
    expect((await post('198.51.100.3')).statusCode).toBe(429);
    // Another real client, behind the same load balancer, has a limit of its own.
    const other = await service.inject({
      method: 'POST',
      url: NEW_FROM_CONCESSION_PATH,
      payload: [],
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '203.0.113.10' },
    });
    expect(other.statusCode).toBe(400);
  });

  it('believes X-Forwarded-For only from the proxy ranges given', async () => {
    const service = await start({ TRUST_PROXY: '10.0.0.0/8', SUBMISSION_RATE_LIMIT: '1' });
    const post = (remoteAddress: string, forwardedFor: string) =>
      service.inject({
        method: 'POST',
        url: NEW_FROM_CONCESSION_PATH,
        payload: [],
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    expect((await post('10.0.0.5', '198.51.100.1, 203.0.113.9')).statusCode).toBe(400);
    expect((await post('10.0.0.6', '198.51.100.2, 203.0.113.9')).statusCode).toBe(429);
    // Straight from the internet, the header counts for nothing: the address is the socket's.
    expect((await post('192.0.2.1', '203.0.113.50')).statusCode).toBe(400);
    expect((await post('192.0.2.1', '203.0.113.51')).statusCode).toBe(429);
  });

  it('cannot be configured as TRUST_PROXY=true', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=1/);
  });
});

describe('a client that sends its request too slowly', () => {
  async function listen(): Promise<number> {
    const service = await start({ REQUEST_TIMEOUT_SECONDS: '1' });
    await service.listen({ port: 0, host: '127.0.0.1' });
    return (service.server.address() as AddressInfo).port;
  }

  /** What the server sent before closing the socket, or 'still open' after a generous wait. */
  function outcome(socket: Socket, waitMs = 10_000): Promise<string> {
    return new Promise((resolve) => {
      let received = '';
      const timer = setTimeout(() => {
        socket.destroy();
        resolve('still open');
      }, waitMs);
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(received === '' ? 'closed' : received);
      });
    });
  }

  it('is cut off when the headers never end', async () => {
    const port = await listen();
    const socket = connect(port, '127.0.0.1');
    const result = outcome(socket);
    socket.write(`POST ${NEW_FROM_CONCESSION_PATH} HTTP/1.1\r\nHost: localhost\r\nX-Slow: `);
    // Trickled: a byte now and then must not keep the connection alive either.
    const drip = setInterval(() => socket.writable && socket.write('a'), 200);
    const answer = await result;
    clearInterval(drip);
    expect(answer === 'closed' || answer.startsWith('HTTP/1.1 408'), answer).toBe(true);
  }, 20_000);

  it('is cut off when the body never ends', async () => {
    const port = await listen();
    const socket = connect(port, '127.0.0.1');
    const result = outcome(socket);
    socket.write(
      `POST ${NEW_FROM_CONCESSION_PATH} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n[`,
    );
    const drip = setInterval(() => socket.writable && socket.write(' '), 200);
    const answer = await result;
    clearInterval(drip);
    expect(answer === 'closed' || answer.startsWith('HTTP/1.1 408'), answer).toBe(true);
  }, 20_000);
});

describe('caching', () => {
  it('is refused for an API path spelt with percent-encoding, whatever the answer', async () => {
    const service = await start({});
    for (const url of [
      '/%61pi/public/publicStatus',
      '/api/public/%70ublicStatus',
      PUBLIC_STATUS_PATH,
      '/%61pi/public/nothing-here',
      '/%68ealth/live',
    ]) {
      const response = await service.inject({
        method: 'POST',
        url,
        payload: { publicAccessTokenJWT: 'x', sponsorLicenceNumber: 'LIC123456' },
      });
      expect(response.headers['cache-control'], url).toBe('no-store');
      const get = await service.inject({ method: 'GET', url });
      expect(get.headers['cache-control'], `GET ${url}`).toMatch(/no-store|no-cache/);
    }
  });

  it('keeps the caching of the built files, and lets nothing keep a page', async () => {
    const service = await start({});
    expect((await service.inject({ url: '/assets/app-abc123.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await service.inject({ url: '/robots.txt' })).headers['cache-control']).toBe('no-cache');
    expect((await service.inject({ url: '/' })).headers['cache-control']).toBe('no-store');
    expect((await service.inject({ url: '/status' })).headers['cache-control']).toBe('no-store');
  });
});
