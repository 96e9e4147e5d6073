// The built service (`npm run build` first: nothing here builds) started as `npm start` runs it,
// on a free port of 127.0.0.1 with a temporary DATA_DIR and the embedded database, its emails
// written to DATA_DIR/outbox: for the benchmarks that drive it from outside, as a browser does.
// Or as deployed: in production mode, on a PostgreSQL schema, with keys made for the run.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitFor } from '../src/server/test-support/child-process.ts';
import { newTestKeyPems } from '../src/server/test-support/test-keys.ts';

const SERVER = join(process.cwd(), 'dist', 'server', 'main.js');

export interface BuiltService {
  readonly baseUrl: string;
  /** Its DATA_DIR, whose folder `outbox` holds its emails, one .eml file each. */
  readonly dataDir: string;
  stop(): Promise<void>;
}

export interface BuiltServiceOptions {
  /** The PostgreSQL address to use (a schema's of its own, `freshBenchSchema`) instead of the embedded database. */
  readonly databaseUrl?: string;
  /**
   * NODE_ENV=production, as deployed, with signing keys made for the run and without the
   * caseworker console (its staff sign-in is not what a benchmark measures); its own cookies are
   * then `__Host-` prefixed.
   */
  readonly production?: boolean;
  /** Other settings of the service (its limits, say). */
  readonly env?: Readonly<Record<string, string>>;
}

export async function startBuiltService(options: BuiltServiceOptions = {}): Promise<BuiltService> {
  if (!existsSync(SERVER) || !existsSync(join(process.cwd(), 'dist', 'web', 'index.html')))
    throw new Error(
      'No build: run `npm run build` first (the benchmark measures the built service and builds nothing).',
    );
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cwc-bench-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl ?? '',
      SMTP_URL: '',
      NOTIFY_API_KEY: '',
      ...(options.production === true && production()),
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitFor(async () => {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    return fetch(`${baseUrl}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
  }, `the server to become ready at ${baseUrl}`);
  return {
    baseUrl,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The settings production requires, with keys made for the run. */
function production(): Record<string, string> {
  const tokenKeys = newTestKeyPems();
  return {
    NODE_ENV: 'production',
    TOKEN_PRIVATE_KEY: tokenKeys.privateKeyPem,
    TOKEN_PUBLIC_KEY: tokenKeys.publicKeyPem,
    DOCUMENT_PRIVATE_KEY: newTestKeyPems().privateKeyPem,
    CASEWORKER_CONSOLE: 'false',
  };
}
