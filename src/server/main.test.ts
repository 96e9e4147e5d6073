import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
const tsx = join(projectRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const mainModule = join(projectRoot, 'src', 'server', 'main.ts');

interface Running {
  readonly child: ChildProcess;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  // Only what the server needs: the test's own NODE_ENV, DATABASE_URL and so on stay out.
  const child = spawn(tsx, [mainModule], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForReady(url: string, running: Running, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`The server exited early:\n${running.output()}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not ready in time:\n${running.output()}`);
}

describe('the server process', () => {
  let dir: string;
  let running: Running | undefined;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'main-'));
  });
  afterEach(async () => {
    if (running !== undefined && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    running = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('migrates, serves, and exits 0 on SIGTERM after closing cleanly', { timeout: 120_000 }, async () => {
    const webRoot = join(dir, 'web');
    await mkdir(webRoot);
    await writeFile(join(webRoot, 'index.html'), '<!doctype html><meta name="analytics-id" content=""><title>Test</title>');
    const port = await freePort();
    running = start({
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: join(dir, 'data'),
      WEB_ROOT: webRoot,
      ANALYTICS_ID: 'G-TEST12345',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitForReady(`${base}/health/ready`, running);

    const page = await fetch(`${base}/status/3`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('content="G-TEST12345"');
    // The embedded database lives in DATA_DIR.
    expect(existsSync(join(dir, 'data', 'pglite'))).toBe(true);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    const lines = running
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; port?: number });
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['Migrations applied', 'Shutting down: finishing requests in progress', 'Stopped']),
    );
    expect(lines.find((l) => l.msg.includes('listening on port'))?.port).toBe(port);
  });

  it('refuses to start in production without the values it needs, naming each', { timeout: 60_000 }, async () => {
    running = start({ NODE_ENV: 'production', PORT: 'eighty', DATA_DIR: join(dir, 'data') });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('PUBLIC_BASE_URL is required when NODE_ENV=production');
    expect(running.output()).toContain('PORT must be a whole number');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});
