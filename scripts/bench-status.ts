// npm run bench:status: requests per second and latency of POST /api/public/publicStatus with the
// right token and licence number for one 3-applicant submission (the call a status page makes),
// next to a bare Fastify JSON route in the same process and run, so the figures can be read
// against what this machine can do at all. On PostgreSQL when DATABASE_URL is set (in a schema of
// its own, dropped afterwards), else on the embedded PGlite in a temporary folder.
//
// Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
import Fastify from 'fastify';
import { PUBLIC_STATUS_PATH } from '../src/shared/api/public-status.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { storeSubmission } from '../src/server/db/submission-repository.ts';
import { sampleSubmission } from '../src/server/test-support/sample-submissions.ts';
import { newTestKeyPems } from '../src/server/test-support/test-keys.ts';
import { createStatusLinkTokens } from '../src/server/tokens/status-link-tokens.ts';
import { measure, openBenchDatabase, printRuns } from './bench-support.ts';

const baseConfig = loadConfig();

async function main(): Promise<void> {
  const { database, engine, cleanUp } = await openBenchDatabase(baseConfig.databaseUrl);
  // A key pair of its own, as the tests do: the bench must not need (or touch) the service's keys.
  const tokenKeys = newTestKeyPems();
  // The API alone: no job worker competing for the cores, no request logs, no rate limit.
  const config = {
    ...baseConfig,
    logLevel: 'warn' as const,
    runWorker: false,
    statusRateLimit: 1_000_000,
    tokenKeys,
  };
  const now = new Date();
  const stored = await storeSubmission(database, sampleSubmission(now, [{}, {}, {}]), now);
  if (stored.outcome !== 'created') throw new Error('The bench submission was not stored');
  const tokens = await createStatusLinkTokens(config, { now: () => new Date() });
  const body = JSON.stringify({
    publicAccessTokenJWT: await tokens.sign(stored.submissionId),
    sponsorLicenceNumber: 'LIC123456',
  });

  const app = await buildApp(config, { database, tokens });
  const bare = Fastify({ bodyLimit: 16 * 1024 });
  bare.post('/echo', (request) => ({
    received: typeof request.body === 'object' && request.body !== null ? Object.keys(request.body).length : 0,
  }));

  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const check = await fetch(`${appUrl}${PUBLIC_STATUS_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    if (check.status !== 200)
      throw new Error(`The status call answered ${check.status}, not 200: ${await check.text()}`);
    const runs = [
      await measure('bare Fastify JSON route', { url: `${bareUrl}/echo`, body }),
      await measure('publicStatus, right licence number', { url: `${appUrl}${PUBLIC_STATUS_PATH}`, body }),
    ];

    printRuns(
      `POST with a status token and licence number (${body.length} bytes), one 3-applicant submission, ${engine}`,
      runs,
    );
  } finally {
    await Promise.all([app.close(), bare.close()]);
    await cleanUp();
  }
}

await main();
