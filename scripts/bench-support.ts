// What the HTTP benchmarks share: the run settings, an autocannon run after a warm-up, a
// database of their own, and the table they print.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Database } from '../src/server/db/database.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { runMigrations } from '../src/server/db/migrations.ts';

/** Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10). */
export const benchSeconds = Number(process.env.BENCH_SECONDS ?? 10);
export const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 10);

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
function failedRequests({ result, expectedStatus }: Measured): number {
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
