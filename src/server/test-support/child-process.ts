// Test support (not a test file): runs a server entry file with tsx as a separate process, the
// way `npm run …` does, with only the environment given.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';

const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface Running {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

/**
 * Starts `node --import tsx <module> ...args` (module relative to the project root): one process,
 * so that a signal sent to it, SIGKILL above all, reaches the service itself. (The tsx command
 * runs the module in a child process that would outlive a SIGKILL.)
 */
export function startTsx(module: string, args: readonly string[], env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, module), ...args], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/**
 * Waits for the process to exit and expects `code`; when it exits otherwise, the failure shows its
 * last lines of output, which say whether it was an error or a shutdown past its time.
 */
export async function expectExitCode(running: Running, code: number): Promise<void> {
  const exited = await running.exited;
  const tail = `${running.stdout()}\n${running.stderr()}`.trim().split('\n').slice(-20).join('\n');
  if (exited !== code) throw new Error(`expected exit code ${code}, got ${exited}; its last lines:\n${tail}`);
}

/** Runs `tsx <module> ...args` to the end. */
export async function runTsx(
  module: string,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const running = startTsx(module, args, env);
  const code = await running.exited;
  return { code, stdout: running.stdout(), stderr: running.stderr() };
}

/** The PostgreSQL server of the test run (DATABASE_URL), or undefined. */
export function testDatabaseUrl(): string | undefined {
  return loadConfig().databaseUrl;
}

/**
 * DATABASE_URL for a child process that must see the same tables as `db`, a test database in
 * its own schema: the schema goes in as the connection's search_path.
 */
export async function databaseUrlFor(db: Database, baseUrl: string): Promise<string> {
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const url = new URL(baseUrl);
  url.searchParams.set('options', `-c search_path=${rows[0]?.schema ?? 'public'}`);
  return url.href;
}

export async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A TCP port nothing listens on at the moment of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningServer extends Running {
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
}

/**
 * Starts `src/server/main.ts` on a free port of 127.0.0.1 with `env` (DATA_DIR, WEB_ROOT …) and
 * waits until it answers its readiness probe.
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const server = startTsx('src/server/main.ts', [], {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    // Without the console's local OpenID provider, one more listener started beside each server
    // (on a port of its own, or any free one when taken): a test of the console turns it on.
    CASEWORKER_CONSOLE: 'false',
    ...env,
    PORT: String(port),
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (server.child.exitCode !== null)
        throw new Error(`The server exited early:\n${server.stdout()}${server.stderr()}`);
      return fetch(`${baseUrl}/health/ready`).then(
        (r) => r.status === 200,
        () => false,
      );
    },
    'the server to be ready',
    90_000,
  );
  return { ...server, baseUrl };
}

/** The messages of the JSON log lines a process wrote to stdout. */
export function logMessages(running: Running): string[] {
  return running
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

/**
 * A temporary folder for a server process: `web/index.html` standing in for the built app, and
 * `data/` for its database and outbox. `env` holds DATA_DIR and WEB_ROOT pointing there.
 */
export async function makeServerDirectory(): Promise<{ readonly dir: string; readonly env: Record<string, string> }> {
  const dir = await mkdtemp(join(tmpdir(), 'server-'));
  await mkdir(join(dir, 'web'));
  await writeFile(
    join(dir, 'web', 'index.html'),
    '<!doctype html><meta name="analytics-id" content=""><title>Test</title>',
  );
  // Tests send many emails to one address, and from one address to many; both limits have tests of their own.
  return {
    dir,
    env: {
      DATA_DIR: join(dir, 'data'),
      WEB_ROOT: join(dir, 'web'),
      EMAIL_RATE_LIMIT: '100000',
      EMAIL_SENDER_LIMIT: '100000',
    },
  };
}

/** Kills a process a test left running (a failed test, say) and waits for it to be gone. */
export async function killIfRunning(running: Running | undefined): Promise<void> {
  if (running === undefined || running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill('SIGKILL');
  await running.exited;
}

/** The .eml files a server wrote to DATA_DIR/outbox (no SMTP or Notify configured). */
export async function outboxFiles(dataDir: string): Promise<string[]> {
  const folder = join(dataDir, 'outbox');
  return existsSync(folder) ? (await readdir(folder)).filter((file) => file.endsWith('.eml')) : [];
}
