// npm run bench:api: requests per second and latency of a 10-applicant submission, next to a
// bare Fastify JSON route in the same process and run, so the figures can be read against what
// this machine can do at all. On PostgreSQL when DATABASE_URL is set (in a schema of its own,
// dropped afterwards), else on the embedded PGlite in a temporary folder.
//
// Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { NEW_FROM_CONCESSION_PATH } from '../src/shared/api/new-from-concession.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { FIXTURE_GROUP_ID, validRequest } from '../tests/fixtures/applicants.ts';
import { measure, openBenchDatabase, printRuns } from './bench-support.ts';

const baseConfig = loadConfig();

// One body of 10 valid applicants; each request gets a group id of its own, so every request is
// a new submission (a repeated id would measure the replay path instead).
const template = JSON.stringify(validRequest(new Date(), 10));
const newBody = () => template.replaceAll(FIXTURE_GROUP_ID, `CWC-${randomUUID().toUpperCase()}`);
const fresh: Pick<autocannon.Options, 'requests'> = {
  requests: [{ setupRequest: (request) => ({ ...request, body: newBody() }) }],
};

async function main(): Promise<void> {
  const { database, engine, cleanUp } = await openBenchDatabase(baseConfig.databaseUrl);
  // The API alone: no job worker competing for the cores, no request logs, no rate limit.
  const config = { ...baseConfig, logLevel: 'warn' as const, runWorker: false, submissionRateLimit: 1_000_000 };
  const app = await buildApp(config, { database });
  const bare = Fastify({ bodyLimit: 1024 * 1024 });
  bare.post('/echo', (request) => ({ received: Array.isArray(request.body) ? request.body.length : 0 }));

  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const runs = [
      await measure('bare Fastify JSON route', { url: `${bareUrl}/echo`, ...fresh }),
      await measure('newFromConcession, 10 applicants', { url: `${appUrl}${NEW_FROM_CONCESSION_PATH}`, ...fresh }),
    ];

    const { rows } = await database.query<{ n: number }>('SELECT count(*) AS n FROM submissions');
    printRuns(`POST with a 10-applicant body (${template.length} bytes), ${engine}`, runs);
    console.log(`Submissions stored: ${rows[0]?.n ?? 0}`);
  } finally {
    await Promise.all([app.close(), bare.close()]);
    await cleanUp();
  }
}

await main();
