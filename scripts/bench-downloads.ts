// npm run bench:downloads: what a burst of bulk downloads does to the rest of one instance. A
// stream of status calls (POST /api/public/publicStatus, 3 applicants, as npm run bench:status)
// runs first alone, then beside ten sponsors each downloading the documents of a 10-applicant
// submission (POST /api/public/pdf-maker) over and over; printed: the status call's requests a
// second and p99 in both, the downloads answered (and refused 503 when the instance has no room
// for them), and the process's resident memory before the burst, at its peak and 5 s after. All in
// one process, as npm run bench:status: the load is made on the same cores it measures, so read
// the figures against each other, not as a capacity. On PostgreSQL when DATABASE_URL is set (a
// schema of its own, dropped afterwards), else on the embedded PGlite in a temporary folder.
//
// Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10, the status stream's),
// BENCH_DOWNLOADERS (10), BENCH_SETTLE_SECONDS (5).
import autocannon from 'autocannon';
import { PDF_MAKER_PATH, PUBLIC_STATUS_PATH } from '../src/shared/api/public-status.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { storeSubmission } from '../src/server/db/submission-repository.ts';
import { changeApplicationStatus } from '../src/server/services/decisions/change-status.ts';
import { sampleSubmission } from '../src/server/test-support/sample-submissions.ts';
import { newTestKeyPems } from '../src/server/test-support/test-keys.ts';
import { createStatusLinkTokens } from '../src/server/tokens/status-link-tokens.ts';
import { benchConnections, benchSeconds, openBenchDatabase } from './bench-support.ts';

const downloaders = Number(process.env.BENCH_DOWNLOADERS ?? 10);
const settleSeconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 5);
const DOCUMENTS_PER_DOWNLOAD = 10;

const baseConfig = loadConfig();
const mib = (bytes: number) => Math.round(bytes / 1024 / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: readonly number[], p: number) =>
  values.length === 0
    ? 0
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function main(): Promise<void> {
  const { database, engine, cleanUp } = await openBenchDatabase(baseConfig.databaseUrl);
  // Keys of its own, as the tests do: the bench must not need (or touch) the service's keys.
  const config = {
    ...baseConfig,
    logLevel: 'warn' as const,
    runWorker: false,
    statusRateLimit: 1_000_000,
    tokenKeys: newTestKeyPems(),
    documentPrivateKey: newTestKeyPems().privateKeyPem,
  };
  const now = new Date();
  const statusSubmission = await storeSubmission(database, sampleSubmission(now, [{}, {}, {}]), now);
  const bulk = await storeSubmission(
    database,
    sampleSubmission(
      now,
      Array.from({ length: DOCUMENTS_PER_DOWNLOAD }, () => ({})),
    ),
    now,
  );
  if (statusSubmission.outcome !== 'created' || bulk.outcome !== 'created')
    throw new Error('The bench submissions were not stored');
  for (const { applicantId } of bulk.applicants)
    await changeApplicationStatus(database, applicantId, { to: 'approved', actor: 'bench', now });
  const tokens = await createStatusLinkTokens(config, { now: () => new Date() });
  const statusBody = JSON.stringify({
    publicAccessTokenJWT: await tokens.sign(statusSubmission.submissionId),
    sponsorLicenceNumber: 'LIC123456',
  });
  const downloadBody = JSON.stringify({
    publicAccessTokenJWT: await tokens.sign(bulk.submissionId),
    sponsorLicenceNumber: 'LIC123456',
    applicantIds: bulk.applicants.map((a) => a.applicantId),
  });

  const app = await buildApp(config, { database, tokens });
  try {
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const download = () =>
      fetch(`${url}${PDF_MAKER_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: downloadBody,
      });
    const first = await download();
    if (first.status !== 200 || first.headers.get('content-type') !== 'application/pdf')
      throw new Error(`The download answered ${first.status}, not a PDF: ${await first.text()}`);
    const pdfBytes = (await first.arrayBuffer()).byteLength;

    const statusRun = (seconds: number) =>
      autocannon({
        url: `${url}${PUBLIC_STATUS_PATH}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: statusBody,
        connections: benchConnections,
        duration: seconds,
      });
    // Warm-up: JIT, connection pool, first-use caches; a few downloads too.
    await statusRun(2);
    for (let warm = 0; warm < 5; warm += 1) await (await download()).arrayBuffer();

    const quiet = await statusRun(benchSeconds);
    const rssBefore = process.memoryUsage().rss;

    // The burst: each sponsor downloads again as soon as a download is answered, for the whole
    // status run, so the status calls measured all run beside ten downloads.
    let running = true;
    const downloadTimes: number[] = [];
    const answered = new Map<number, number>();
    const retryAfters = new Set<string>();
    const sponsor = async () => {
      while (running) {
        const started = performance.now();
        const response = await download();
        await response.arrayBuffer();
        downloadTimes.push(performance.now() - started);
        answered.set(response.status, (answered.get(response.status) ?? 0) + 1);
        const retryAfter = response.headers.get('retry-after');
        if (retryAfter !== null) retryAfters.add(retryAfter);
        // A refused sponsor waits a little, as the page tells them to, rather than spinning.
        if (response.status === 503) await sleep(250);
      }
    };
    const sponsors = Array.from({ length: downloaders }, sponsor);
    const busy = await statusRun(benchSeconds);
    running = false;
    await Promise.all(sponsors);
    // maxRSS is the peak of the process's whole life (worker threads included), in KiB.
    const rssPeak = process.resourceUsage().maxRSS * 1024;
    await sleep(settleSeconds * 1000);
    const rssAfter = process.memoryUsage().rss;

    const failedStatus = (result: autocannon.Result) => result.non2xx + result.errors + result.timeouts;
    console.log(
      `\nTen sponsors downloading ${DOCUMENTS_PER_DOWNLOAD} documents each (${Math.round(pdfBytes / 1024)} KiB a download) ` +
        `beside status calls on ${benchConnections} connections, ${benchSeconds} s each, one in-process instance, ${engine}, ` +
        `Node.js ${process.version}`,
    );
    console.table([
      {
        run: 'status calls alone',
        'status requests/s': Math.round(quiet.requests.average),
        'status p50 ms': quiet.latency.p50,
        'status p99 ms': quiet.latency.p99,
        'status failed': failedStatus(quiet),
      },
      {
        run: `beside ${downloaders} downloaders`,
        'status requests/s': Math.round(busy.requests.average),
        'status p50 ms': busy.latency.p50,
        'status p99 ms': busy.latency.p99,
        'status failed': failedStatus(busy),
      },
    ]);
    console.log(
      `Downloads answered: ${[...answered].map(([status, count]) => `${count} × ${status}`).join(', ')}` +
        `${retryAfters.size > 0 ? ` (Retry-After: ${[...retryAfters].join(', ')} s)` : ''}; ` +
        `p50 ${Math.round(percentile(downloadTimes, 0.5))} ms, p99 ${Math.round(percentile(downloadTimes, 0.99))} ms`,
    );
    console.log(
      `Resident memory: ${mib(rssBefore)} MiB before the burst, ${mib(rssPeak)} MiB at its peak, ` +
        `${mib(rssAfter)} MiB ${settleSeconds} s after it`,
    );
    if (failedStatus(quiet) + failedStatus(busy) > 0) {
      console.error('Some status calls failed: the figures above do not measure what they claim.');
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await cleanUp();
  }
}

await main();
