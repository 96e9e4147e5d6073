// What the HTTP benchmarks share: the run settings, an autocannon run after a warm-up, a
// database of their own, a browser's session with answers, and the table they print.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Database } from '../src/server/db/database.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { runMigrations } from '../src/server/db/migrations.ts';
import { HOST_COOKIE_PREFIX } from '../src/shared/cookies/cookie-value.ts';
import { FORM_SESSION_COOKIE } from '../src/shared/pages/form-session.ts';
import { FORM_TOKEN_COOKIE } from '../src/shared/pages/form-token.ts';
import type { StaffSignIn } from '../src/server/console/staff-sign-in.ts';
import { signedInCaseworker } from '../src/server/console/test-support/console-app.ts';

/** Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10). */
export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 10);
export const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/**
 * The service's settings under the page benchmarks (bench:ssr, bench:peer): the pages alone, no
 * job worker competing for the cores, no request logs. The forms' and new sessions' limits per
 * address are lifted: every request of a run comes from one address.
 */
export const PAGES_ALONE = {
  logLevel: 'warn',
  runWorker: false,
  formRateLimit: 1_000_000_000,
  sessionRateLimit: 1_000_000_000,
} as const;

/** Throws unless `npm run build` has made the server entry that renders the pages (beside `webRoot`). */
export function requireBuiltPages(webRoot: string): void {
  const entry = join(webRoot, '..', 'web-server', 'entry-server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
}

export interface Measured {
  readonly name: string;
  readonly result: autocannon.Result;
  /** The status every answer must have; any 2xx when absent. */
  readonly expectedStatus?: number;
}

/**
 * Requests `options.url` for BENCH_SECONDS on BENCH_CONNECTIONS, after a short warm-up: a POST
 * of JSON unless `options.method` says otherwise. Every answer must be a 2xx, or `expectedStatus`.
 */
export async function measure(
  name: string,
  options: Omit<autocannon.Options, 'connections'>,
  expectedStatus?: number,
): Promise<Measured> {
  const method = options.method ?? 'POST';
  const run: autocannon.Options = {
    ...options,
    method,
    connections: benchConnections,
    headers: { ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...options.headers },
  };
  // A short warm-up first: JIT, connection pool, first-use caches.
  await autocannon({ ...run, duration: 2 });
  const result = await autocannon({ ...run, duration: benchSeconds });
  return { name, result, ...(expectedStatus !== undefined && { expectedStatus }) };
}

/** A fresh schema on the PostgreSQL server of `databaseUrl`, the address that uses it, and how to drop it. */
export async function freshBenchSchema(
  databaseUrl: string,
  prefix = 'bench',
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${name}`);
  } finally {
    await admin.end();
  }
  const scoped = new URL(databaseUrl);
  scoped.searchParams.set('options', `-c search_path=${name}`);
  return {
    url: scoped.href,
    name,
    async drop() {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A migrated database for one run: on the PostgreSQL server of `databaseUrl` in a schema of its
 * own, else the embedded PGlite in a temporary folder; `cleanUp` drops either.
 */
export async function openBenchDatabase(
  databaseUrl: string | undefined,
): Promise<{ database: Database; engine: string; cleanUp: () => Promise<void> }> {
  if (databaseUrl !== undefined) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const database = await openDatabase({
      engine: 'postgres',
      connectionString: databaseUrl,
      schema,
      maxConnections: 10,
    });
    await runMigrations(database);
    return {
      database,
      engine: 'PostgreSQL',
      async cleanUp() {
        await database.close();
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'bench-'));
  const database = await openDatabase({ engine: 'pglite', dataDir: join(dir, 'pglite') });
  await runMigrations(database);
  return {
    database,
    engine: 'PGlite',
    async cleanUp() {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The answers of a run that were not what it expects, and the requests that got none. */
export function failedRequests({ result, expectedStatus }: Measured): number {
  const unanswered = result.errors + result.timeouts;
  if (expectedStatus === undefined) return result.non2xx + unanswered;
  const expected =
    (result.statusCodeStats as Record<string, { count: number } | undefined>)[expectedStatus]?.count ?? 0;
  return result.requests.total - expected;
}

/** Prints the runs as a table under `heading`; any request that failed makes the exit code 1. */
export function printRuns(heading: string, runs: readonly Measured[]): void {
  console.log(`\n${heading}, ${benchConnections} connections, ${benchSeconds} s each, Node.js ${process.version}`);
  console.table(
    runs.map((run) => ({
      route: run.name,
      'requests/s': Math.round(run.result.requests.average),
      'p50 ms': run.result.latency.p50,
      'p99 ms': run.result.latency.p99,
      answered: run.expectedStatus ?? '2xx',
      'as expected': run.result.requests.total - failedRequests(run),
      'not as expected': failedRequests(run),
    })),
  );
  if (runs.some((run) => failedRequests(run) > 0)) {
    console.error('Some requests failed: the figures above do not measure what they claim.');
    process.exitCode = 1;
  }
}

/** The form token of the benchmarks' browsers: in their `formToken` cookie and in every form they post (decision 023). */
export const TOKEN = 'b'.repeat(43);

/**
 * The cookies of a browser without JavaScript that has answered the sponsor's questions, and then
 * the pages of `more` in turn (each a path and its fields), on the service at `appUrl`; with
 * `secure`, the `__Host-` cookies of a service in production.
 */
export async function sessionWithSponsorAnswers(
  appUrl: string,
  more: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]> = [],
  secure = false,
): Promise<string> {
  const prefix = secure ? HOST_COOKIE_PREFIX : '';
  let cookie = `${prefix}${FORM_TOKEN_COOKIE}=${TOKEN}`;
  const answers: ReadonlyArray<readonly [string, Readonly<Record<string, string>>]> = [
    ['/your-contact-details', { 'sponsor-email': 'bookings@example-theatre.co.uk' }],
    ['/sponsor-details', { 'sponsor-name': 'Example Theatre Company Ltd', 'sponsor-reference': 'TNBHDW2R7' }],
    ['/what-would-you-like-to-do', { 'what-would-you-like-to-do': 'single-application' }],
    ...more,
  ];
  for (const [path, fields] of answers) {
    const response = await fetch(`${appUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      // A browser names the page's own origin; production refuses a form that names none.
      headers: { cookie, origin: appUrl, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, 'form-token': TOKEN }).toString(),
    });
    if (response.status !== 303) throw new Error(`${path} answered ${response.status}`);
    const session = response.headers.getSetCookie().find((line) => line.startsWith(`${prefix}${FORM_SESSION_COOKIE}=`));
    if (session !== undefined) cookie += `; ${session.split(';')[0]}`;
  }
  return cookie;
}

/**
 * A caseworker signed in to the console (their session's cookie), and a stand-in for the identity
 * provider that only reads their roles again (they keep theirs): the benches sign in no one.
 */
export async function benchCaseworker(
  database: Database,
  now: Date,
): Promise<{ readonly id: string; readonly cookie: string; readonly staffSignIn: StaffSignIn }> {
  const caseworker = await signedInCaseworker(database, 'Bench Caseworker', now);
  const staffSignIn: StaffSignIn = {
    start: () => Promise.reject(new Error('no sign-in in the bench')),
    finish: () => Promise.reject(new Error('no sign-in in the bench')),
    signOutUrl: () => Promise.resolve(new URL('http://127.0.0.1:9/logout')),
    rolesAgain: () => Promise.resolve({ outcome: 'roles', staffId: caseworker.id, roles: ['CASEWORKER'] }),
  };
  return { id: caseworker.id, cookie: caseworker.cookie, staffSignIn };
}
