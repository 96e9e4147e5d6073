// Builds the service and starts it for the browser tests, exactly as `npm start` runs it: for each
// worker of the run (test files run in parallel, one per worker), a service with MANUAL_REVIEW on
// and one with it off, each on a free port with an empty temporary data folder, so the files that
// run at the same time never share budgets, lockouts or mailboxes. Emails go to a real SMTP server
// started here, which keeps each message as a file the tests read. With DATABASE_URL set each
// service runs on that PostgreSQL server, in a schema of its own, and the tests can look at what it
// stored; otherwise on the embedded database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startSmtpReceiver } from '../../src/server/test-support/smtp-receiver.ts';
import { freePort } from '../../src/server/test-support/child-process.ts';
import { newTestKeyPems } from '../../src/server/test-support/test-keys.ts';
import type { KeyPems } from '../../src/server/tokens/signing-keys.ts';
import { startGovUkStandIn } from './support/gov-uk-stand-in.ts';

/** One running service as the tests reach it. */
export interface ServiceAddresses {
  readonly baseUrl: string;
  /** Folder of the emails the service sent, one .eml file each, in the order received. */
  readonly mailDir: string;
  /** The service's PostgreSQL database (with its schema as search_path), or '' on the embedded database. */
  readonly databaseUrl: string;
  /** The service's Prometheus metrics (`GET /metrics`), on either database. */
  readonly metricsUrl: string;
}

/** The services of one worker: applications wait for a caseworker on `manual`, and are decided as soon as they are checked on `automatic`. */
export interface WorkerServices {
  readonly manual: ServiceAddresses;
  readonly automatic: ServiceAddresses;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The services of each worker, by its pool id less one (support/services.ts). */
    services: WorkerServices[];
    /** Chromium's flags for the run's stand-ins (GOV.UK's), for each worker's browser (support/browser.ts). */
    chromiumArgs: readonly string[];
    /** The PEM private key the service signs status links with, so tests can make their own (an expired one, say). */
    tokenPrivateKey: string;
  }
}

/** A fresh schema on the PostgreSQL server of `url`, and the address that uses it. */
async function postgresSchema(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `e2e_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: scoped.href,
    drop: async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become ready at ${url}`);
}

/** One running service: where it answers, where its emails land, and its database. */
export interface RunningService extends ServiceAddresses {
  close(): Promise<void>;
}

/** Starts a service as `npm start` runs it (a test file that needs one of its own calls this too). */
export async function startService(options: {
  manualReview: boolean;
  tokenKeys: KeyPems;
  /** The port to listen on (any free one by default): for a test that must name the address first. */
  port?: number;
  /** More of the environment, over the defaults below (an identity provider of the test's own, say). */
  env?: Readonly<Record<string, string>>;
}): Promise<RunningService> {
  const port = options.port ?? (await freePort());
  const metricsPort = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'cwc-e2e-'));
  const mailDir = join(dataDir, 'received-mail');
  mkdirSync(mailDir);
  const smtp = await startSmtpReceiver({
    // Written under another name and renamed, so a test never reads half a message (it parses each once).
    onMessage: (mail, count) => {
      const file = join(mailDir, `${String(count).padStart(4, '0')}.eml`);
      writeFileSync(`${file}.part`, mail.raw);
      renameSync(`${file}.part`, file);
    },
  });
  const postgres = process.env.DATABASE_URL ? await postgresSchema(process.env.DATABASE_URL) : undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      // A measurement id, so the tests can prove nothing loads before consent.
      ANALYTICS_ID: 'G-TEST123456',
      DATABASE_URL: postgres?.url ?? '',
      SMTP_URL: smtp.url,
      TOKEN_PRIVATE_KEY: options.tokenKeys.privateKeyPem,
      TOKEN_PUBLIC_KEY: options.tokenKeys.publicKeyPem,
      MANUAL_REVIEW: String(options.manualReview),
      // Every journey emails the same sponsor; the per-address limit is tested by the server tests.
      EMAIL_RATE_LIMIT: '100000',
      // The journeys of the whole run come from a few addresses; the sender limit is tested by the server tests.
      EMAIL_SENDER_LIMIT: '100000',
      // The tests are the load balancer: each browser context says which address it is (chromium.ts).
      TRUST_PROXY: '127.0.0.1',
      // The caseworker console's local OpenID provider, on any free port (the issuer names it).
      LOCAL_IDP_PORT: '0',
      // The outbox's backlog, which a test waits on before it says no more email is coming.
      METRICS_PORT: String(metricsPort),
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitUntilReady(`${baseUrl}/health/ready`, server);
  return {
    baseUrl,
    mailDir,
    databaseUrl: postgres?.url ?? '',
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    async close() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await smtp.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) {
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    const build = spawnSync('npm', ['run', 'build'], {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const tokenKeys = newTestKeyPems();
  // Applications wait for a caseworker on the manual service, so the status tests can decide
  // them; the other decides at once, as production does with MANUAL_REVIEW off.
  const startPair = async (): Promise<{ manual: RunningService; automatic: RunningService }> => {
    const [manual, automatic] = await Promise.all([
      startService({ manualReview: true, tokenKeys }),
      startService({ manualReview: false, tokenKeys }),
    ]);
    return { manual, automatic };
  };
  const workers = Math.max(1, project.globalConfig.maxWorkers);
  const govUk = await startGovUkStandIn();
  const pairs = await Promise.all(Array.from({ length: workers }, startPair));
  const addresses = ({ baseUrl, mailDir, databaseUrl, metricsUrl }: RunningService) => ({
    baseUrl,
    mailDir,
    databaseUrl,
    metricsUrl,
  });
  project.provide(
    'services',
    pairs.map(({ manual, automatic }) => ({ manual: addresses(manual), automatic: addresses(automatic) })),
  );
  project.provide('tokenPrivateKey', tokenKeys.privateKeyPem);
  project.provide('chromiumArgs', govUk.chromiumArgs);

  return async () => {
    await Promise.all([
      govUk.close(),
      ...pairs.flatMap(({ manual, automatic }) => [manual.close(), automatic.close()]),
    ]);
  };
}
