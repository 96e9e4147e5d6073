// npm run bench:status: requests per second and latency of POST /api/public/publicStatus with the
// right token and licence number for one 3-applicant submission (the call a status page makes),
// next to a bare Fastify JSON route in the same process and run, so the figures can be read
// against what this machine can do at all. On PostgreSQL when DATABASE_URL is set (in a schema of
// its own, dropped afterwards), else on the embedded PGlite in a temporary folder.
//
// Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { PUBLIC_STATUS_PATH } from '../src/shared/api/public-status.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/database.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { runMigrations } from '../src/server/db/migrations.ts';
import { storeSubmission } from '../src/server/db/submission-repository.ts';
import { sampleSubmission } from '../src/server/test-support/sample-submissions.ts';
import { createStatusLinkTokens } from '../src/server/tokens/status-link-tokens.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const baseConfig = loadConfig();

interface Measured {
  readonly name: string;
  readonly result: autocannon.Result;
}

async function measure(name: string, url: string, body: string): Promise<Measured> {
  const options: autocannon.Options = { url, method: 'POST', connections, headers: { 'content-type': 'application/json' }, body };
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
  const dir = await mkdtemp(join(tmpdir(), 'bench-status-'));
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
  // A key pair of its own, as the tests do: the bench must not need (or touch) the service's keys.
  const tokenKeys = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  // The API alone: no job worker competing for the cores, no request logs, no rate limit.
  const config = {
    ...baseConfig,
    logLevel: 'warn' as const,
    runWorker: false,
    statusRateLimit: 1_000_000,
    tokenKeys: { privateKeyPem: tokenKeys.privateKey, publicKeyPem: tokenKeys.publicKey },
  };
  const now = new Date();
  const stored = await storeSubmission(database, sampleSubmission(now, [{}, {}, {}]), now);
  if (stored.outcome !== 'created') throw new Error('The bench submission was not stored');
  const tokens = await createStatusLinkTokens(config, { now: () => new Date() });
  const body = JSON.stringify({ publicAccessTokenJWT: await tokens.sign(stored.submissionId), sponsorLicenceNumber: 'LIC123456' });

  const app = await buildApp(config, { database, tokens });
  const bare = Fastify({ bodyLimit: 16 * 1024 });
  bare.post('/echo', (request) => ({ received: typeof request.body === 'object' && request.body !== null ? Object.keys(request.body).length : 0 }));

  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const check = await fetch(`${appUrl}${PUBLIC_STATUS_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    if (check.status !== 200) throw new Error(`The status call answered ${check.status}, not 200: ${await check.text()}`);
    const runs = [
      await measure('bare Fastify JSON route', `${bareUrl}/echo`, body),
      await measure('publicStatus, right licence number', `${appUrl}${PUBLIC_STATUS_PATH}`, body),
    ];

    console.log(`\nPOST with a status token and licence number (${body.length} bytes), one 3-applicant submission, ${connections} connections, ${seconds} s each, ${engine}, Node.js ${process.version}`);
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
