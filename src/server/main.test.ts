import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Running } from './test-support/child-process.ts';
import { killIfRunning, makeServerDirectory, startServer, startTsx } from './test-support/child-process.ts';

describe('the server process', () => {
  let dir: string;
  let serverEnv: Record<string, string>;
  let running: Running | undefined;
  beforeEach(async () => {
    ({ dir, env: serverEnv } = await makeServerDirectory());
  });
  afterEach(async () => {
    await killIfRunning(running);
    running = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('migrates, serves, and exits 0 on SIGTERM after closing cleanly', { timeout: 120_000 }, async () => {
    const server = await startServer({ ...serverEnv, ANALYTICS_ID: 'G-TEST12345' });
    running = server;

    const page = await fetch(`${server.baseUrl}/status/3`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('content="G-TEST12345"');
    // The embedded database lives in DATA_DIR.
    expect(existsSync(join(dir, 'data', 'pglite'))).toBe(true);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; port?: number });
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['Migrations applied', 'Shutting down: finishing requests in progress', 'Stopped']),
    );
    expect(lines.find((l) => l.msg.includes('listening on port'))?.port).toBe(Number(new URL(server.baseUrl).port));
  });

  it('refuses to start in production without the values it needs, naming each', { timeout: 60_000 }, async () => {
    running = startTsx('src/server/main.ts', [], { NODE_ENV: 'production', PORT: 'eighty', DATA_DIR: join(dir, 'data') });
    expect(await running.exited).toBe(1);
    expect(running.stderr()).toContain('PUBLIC_BASE_URL is required when NODE_ENV=production');
    expect(running.stderr()).toContain('PORT must be a whole number');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});
