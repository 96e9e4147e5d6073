// npm run bench:sessions: what a flood from one address leaves in form_sessions (decision 026).
// With autocannon, from one address, keeping no cookie, for BENCH_SECONDS each:
//   1. GET and HEAD of every page, with and without the queries that once kept something (a
//      status link's token of 4,096 characters, a Change, an Edit and a Delete link), as pages and
//      as the app asks for them (JSON, decision 040): the table must gain no row;
//   2. POST of valid answers to every page, each with a form token (its cookie and its field, as a
//      client that read a page sends them) but no session's cookie, so that each would start a
//      session: the table must gain no more rows than SESSION_RATE_LIMIT lets one address start.
// Prints each run's answers by status and the rows gained; the exit code is 1 when a bound is
// broken. Needs `npm run build`. On PostgreSQL when DATABASE_URL is set, else on the embedded
// PGlite in a temporary folder.
//
// Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { validApplicantAnswers } from '../tests/fixtures/applicants.ts';
import type { ApplicantAnswers } from '../src/shared/domain/answers.ts';
import { PAGE_PATHS } from '../src/shared/pages/page-paths.ts';

process.env.NODE_ENV = 'production';
const { buildApp } = await import('../src/server/app.ts');
const { loadConfig } = await import('../src/server/config.ts');
const { benchConnections, benchSeconds, openBenchDatabase } = await import('./bench-support.ts');

const baseConfig = loadConfig({ ...process.env, NODE_ENV: 'development' });
const TOKEN = 'c'.repeat(43);

/** Every page's address, `:applicantIndex` as 0. */
const pages = PAGE_PATHS.map((path) => path.replace(':applicantIndex', '0'));

/** The addresses a GET flood asks for: every page as it is, and with each query that once kept something. */
const queries = ['', `?epat=${'x'.repeat(4096)}`, '?change', '?change=group', '?edit=0', '?delete=0'];

/** One answer for every question page's fields, as a form posts them (dates as three inputs). */
function formOf(answers: ApplicantAnswers): string {
  const fields = new URLSearchParams({ 'form-token': TOKEN });
  for (const [field, value] of Object.entries(answers)) {
    if (typeof value === 'string') fields.set(field, value);
    else for (const part of ['day', 'month', 'year'] as const) fields.set(`${field}-${part}`, value[part]);
  }
  return fields.toString();
}

/** Answers counted by status, as `303: 40, 429: 2762`. */
const listed = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');

interface Flood {
  readonly name: string;
  readonly requests: number;
  readonly statuses: string;
  readonly rowsGained: number;
  readonly bound: number;
}

async function main(): Promise<void> {
  const entry = join(baseConfig.webRoot, '..', 'web-server', 'entry-server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const { database, engine, cleanUp } = await openBenchDatabase(baseConfig.databaseUrl);
  // The service as it is deployed, its budgets per address as configured; no job worker, no request logs.
  const config = { ...baseConfig, logLevel: 'warn' as const, runWorker: false };
  const app = await buildApp(config, { database });
  const rows = async () =>
    (await database.query<{ n: number }>('SELECT count(*)::int AS n FROM form_sessions')).rows[0]!.n;

  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const flood = async (name: string, requests: autocannon.Request[], bound: number): Promise<Flood> => {
    const before = await rows();
    const result = await autocannon({
      url,
      connections: benchConnections,
      duration: benchSeconds,
      requests,
      workers: 1,
    });
    const counts = result.statusCodeStats as Record<string, { count: number }>;
    const statuses = Object.fromEntries(Object.entries(counts).map(([status, { count }]) => [status, count]));
    return {
      name,
      requests: result.requests.total,
      statuses: listed(statuses),
      rowsGained: (await rows()) - before,
      bound,
    };
  };
  // autocannon waits for a body after a HEAD's headers: HEADs are sent with fetch, as many at once.
  const headFlood = async (name: string, paths: readonly string[]): Promise<Flood> => {
    const before = await rows();
    const statuses: Record<string, number> = {};
    const until = Date.now() + benchSeconds * 1000;
    let sent = 0;
    await Promise.all(
      Array.from({ length: benchConnections }, async () => {
        while (Date.now() < until) {
          const path = paths[sent++ % paths.length]!;
          const { status } = await fetch(`${url}${path}`, { method: 'HEAD', redirect: 'manual' });
          statuses[status] = (statuses[status] ?? 0) + 1;
        }
      }),
    );
    return { name, requests: sent, statuses: listed(statuses), rowsGained: (await rows()) - before, bound: 0 };
  };

  try {
    const addresses = pages.flatMap((path) => queries.map((query) => `${path}${query}`));
    const floods = [
      await flood(
        `GET of the ${pages.length} pages, ${queries.length - 1} queries each and none, no cookie`,
        addresses.map((path) => ({ method: 'GET' as const, path })),
        0,
      ),
      await flood(
        `GET of the same ${addresses.length} addresses as the app asks (JSON), no cookie`,
        addresses.map((path) => ({ method: 'GET' as const, path, headers: { accept: 'application/json' } })),
        0,
      ),
      await headFlood(`HEAD of the same ${addresses.length} addresses, no cookie`, addresses),
      await flood(
        `POST of valid answers to the ${pages.length} pages, a form token but no session's cookie`,
        pages.map((path) => ({
          method: 'POST' as const,
          path,
          headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `formToken=${TOKEN}` },
          body: formOf(validApplicantAnswers(new Date())),
        })),
        config.sessionRateLimit,
      ),
    ];
    console.log(
      `\nform_sessions under a flood from one address, ${benchConnections} connections, ${benchSeconds} s each, ${engine}, Node.js ${process.version}`,
    );
    console.table(
      floods.map((run) => ({
        flood: run.name,
        requests: run.requests,
        'answers by status': run.statuses,
        'rows gained': run.rowsGained,
        'at most': run.bound,
      })),
    );
    if (floods.some((run) => run.rowsGained > run.bound)) {
      console.error('A flood left more sessions than its bound.');
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await cleanUp();
  }
}

await main();
