// npm run bench:api: requests per second and latency of a 10-applicant submission, next to a
// bare Fastify JSON route in the same process and run, so the figures can be read against what
// this machine can do at all. On PostgreSQL when DATABASE_URL is set (in a schema of its own,
// dropped afterwards), else on the embedded PGlite in a temporary folder.
//
// Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { NEW_FROM_CONCESSION_PATH } from '../src/shared/api/new-from-concession.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/database.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { runMigrations } from '../src/server/db/migrations.ts';
import { FIXTURE_GROUP_ID, validRequest } from '../tests/fixtures/applicants.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const baseConfig = loadConfig();

// One body of 10 valid applicants; each request gets a group id of its own, so every request is
// a new submission (a repeated id would measure the replay path instead).
const template = JSON.stringify(validRequest(new Date(), 10));
const newBody = () => template.replaceAll(FIXTURE_GROUP_ID, `CWC-${randomUUID().toUpperCase()}`);

interface Measured {
  readonly name: string;
  readonly result: autocannon.Result;
}

async function measure(name: string, url: string): Promise<Measured> {
  const options: autocannon.Options = {
    url,
    method: 'POST',
    connections,
    headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: newBody() }) }],
  };
  // A short warm-up first: JIT, connection pool, first-use caches.
  await autocannon({ ...options, duration: 2 });
  const result = await autocannon({ ...options, duration: seconds });
  return { name, result };
}

async function openBenchDatabase(): Promise<{ database: Database; engine: string; cleanUp: () => Promise<void> }> {
  if (baseConfig.databaseUrl !== undefined) {
    const schema = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseConfig.databaseUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    const database = await openDatabase({ engine: 'postgres', connectionString: baseConfig.databaseUrl, schema, maxConnections: 10 });
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
  const dir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  const database = await openDatabase({ engine: 'pglite', dataDir: join(dir, 'pglite') });
  return {
    database,
    engine: 'PGlite',
    async cleanUp() {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<void> {
  const { database, engine, cleanUp } = await openBenchDatabase();
  await runMigrations(database);
  // The API alone: no job worker competing for the cores, no request logs, no rate limit.
  const config = { ...baseConfig, logLevel: 'warn' as const, runWorker: false, submissionRateLimit: 1_000_000 };
  const app = await buildApp(config, { database });
  const bare = Fastify({ bodyLimit: 1024 * 1024 });
  bare.post('/echo', (request) => ({ received: Array.isArray(request.body) ? request.body.length : 0 }));

  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const runs = [await measure('bare Fastify JSON route', `${bareUrl}/echo`), await measure('newFromConcession, 10 applicants', `${appUrl}${NEW_FROM_CONCESSION_PATH}`)];

    const { rows } = await database.query<{ n: number }>('SELECT count(*) AS n FROM submissions');
    console.log(`\nPOST with a 10-applicant body (${template.length} bytes), ${connections} connections, ${seconds} s each, ${engine}, Node.js ${process.version}`);
    console.table(
      runs.map(({ name, result }) => ({
        route: name,
        'requests/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        '2xx': result['2xx'],
        'not 2xx': result.non2xx + result.errors + result.timeouts,
      })),
    );
    console.log(`Submissions stored: ${rows[0]?.n ?? 0}`);
    const failed = runs.some(({ result }) => result.non2xx + result.errors + result.timeouts > 0);
    if (failed) {
      console.error('Some requests failed: the figures above do not measure what they claim.');
      process.exitCode = 1;
    }
  } finally {
    await Promise.all([app.close(), bare.close()]);
    await cleanUp();
  }
}

await main();
