// Test support (not a test file): runs a server entry file with tsx as a separate process, the
// way `npm run …` does, with only the environment given.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/database.ts';

export const projectRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const tsx = join(projectRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');

export interface Running {
  readonly child: ChildProcess;
  readonly stdout: () => string;
  readonly stderr: () => string;
  readonly exited: Promise<number | null>;
}

/** Starts `tsx <module> ...args` (module relative to the project root). */
export function startTsx(module: string, args: readonly string[], env: Record<string, string>): Running {
  const child = spawn(tsx, [join(projectRoot, module), ...args], {
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
