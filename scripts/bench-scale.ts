// npm run bench:scale: what grows with the applications kept, at each size of BENCH_SIZES (10,000,
// 100,000 and 1,000,000 applications by default), on PostgreSQL (DATABASE_URL, required; a schema
// of its own for each size, dropped afterwards). Each size is a year of applications seeded by
// seed-applications.ts, then:
// - the status call (POST /api/public/publicStatus with a token and the licence number) for a
//   3-applicant submission stored after the seed, as npm run bench:status makes it;
// - the console's queue in progress, first page, and a search for a family name (1 in 500
//   workers), as a signed-in caseworker, as npm run bench:console asks them;
// - a submission of one application through the public API, a new idempotency key each request
//   (last, since it adds rows), as npm run bench:api sends them;
// - the month's decisions export (exportDecisions for the last full calendar month in London):
//   median and slowest of 3 runs, and its rows;
// - the daily retention run (purgePersonalData as purge-personal-data-job.ts calls it): median of
//   3 runs, each in a transaction rolled back so each finds the same work; at the largest size
//   the plans of its statements, and of the export's, with EXPLAIN (ANALYZE, BUFFERS);
// - the database's size per 1,000 applications: every table of the schema with its indexes and
//   TOAST.
// The HTTP figures are autocannon's (bench-support.ts: a 2 s warm-up, then BENCH_SECONDS on
// BENCH_CONNECTIONS); the goals at 1M (the issue): every console page p99 within 100 ms, the
// export within 1 s, the retention run within 200 ms by its index, and the status call, the
// submissions and the queues flat from 10k to 1M.
//
// Options (environment): BENCH_SIZES (10000,100000,1000000), BENCH_SECONDS (5), BENCH_CONNECTIONS (5).
import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { NEW_FROM_CONCESSION_PATH } from '../src/shared/api/new-from-concession.ts';
import { PUBLIC_STATUS_PATH } from '../src/shared/api/public-status.ts';
import { addDays, addMonths, londonToday, toIsoDate } from '../src/shared/dates/calendar.ts';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { purgePersonalData } from '../src/server/db/application-repository.ts';
import { listDecisionsMade } from '../src/server/db/casework-repository.ts';
import type { Database, Queryable } from '../src/server/db/database.ts';
import { storeSubmission } from '../src/server/db/submission-repository.ts';
import { exportDecisions } from '../src/server/services/casework/decisions-export.ts';
import { readDayRange } from '../src/server/services/casework/london-days.ts';
import { sampleSubmission } from '../src/server/test-support/sample-submissions.ts';
import { newTestKeyPems } from '../src/server/test-support/test-keys.ts';
import { createStatusLinkTokens } from '../src/server/tokens/status-link-tokens.ts';
import { FIXTURE_GROUP_ID, validRequest } from '../tests/fixtures/applicants.ts';
import type { Measured } from './bench-support.ts';
import { seedApplications } from './seed-applications.ts';
import { sqlLiteral } from '../src/server/test-support/sql-literals.ts';

// bench-support reads BENCH_SECONDS and BENCH_CONNECTIONS as it loads: this bench's defaults
// first, then bench-support.
process.env.BENCH_SECONDS ??= '5';
process.env.BENCH_CONNECTIONS ??= '5';
const { benchCaseworker, measure, openBenchDatabase, printRuns } = await import('./bench-support.ts');

const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map((size) => Number(size.trim()));
if (sizes.some((size) => !Number.isSafeInteger(size) || size < 1)) {
  throw new Error('BENCH_SIZES must be whole numbers of applications, separated by commas');
}
const largest = Math.max(...sizes);
/** The family name searched for: about 1 in 500 workers (seed-applications.ts). */
const SEARCHED_NAME = 'Okafor';
const TIMED_RUNS = 3;

const baseConfig = loadConfig();
if (baseConfig.databaseUrl === undefined) throw new Error('npm run bench:scale needs DATABASE_URL (PostgreSQL)');
const databaseUrl = baseConfig.databaseUrl;

/** One figure of the table: its name, and its value at each size. */
type Figures = Map<string, Map<number, string>>;

const milliseconds = (ms: number) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
const whole = (value: number) => Math.round(value).toLocaleString('en-GB');
const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function timed<T>(run: () => Promise<T>): Promise<{ readonly ms: number; readonly value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

/** Thrown to roll a transaction back, carrying what the work inside returned. */
class RollBack extends Error {
  constructor(readonly value: unknown) {
    super('rolled back on purpose');
  }
}

/** `work` in a transaction that is rolled back, so the next run finds the same rows. */
async function rolledBack<T>(database: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    await database.transaction(async (tx) => {
      throw new RollBack(await work(tx));
    });
  } catch (error) {
    if (error instanceof RollBack) return error.value as T;
    throw error;
  }
  throw new Error('The transaction was not rolled back');
}

/** The last whole calendar month in London before `now`, as the export's form takes it. */
function lastFullMonth(now: Date): { readonly from: string; readonly to: string } {
  const today = londonToday(now);
  const firstOfThisMonth = { ...today, day: 1 };
  return { from: toIsoDate(addMonths(firstOfThisMonth, -1)), to: toIsoDate(addDays(firstOfThisMonth, -1)) };
}

/** The statements `run` sends, run for real on `tx`: their text and parameters. */
async function statementsOf(
  tx: Queryable,
  run: (db: Queryable) => Promise<unknown>,
): Promise<Array<{ readonly sql: string; readonly params: readonly unknown[] }>> {
  const sent: Array<{ readonly sql: string; readonly params: readonly unknown[] }> = [];
  await run({
    query: (sql, params = []) => {
      sent.push({ sql, params });
      return tx.query(sql, params);
    },
    exec: (sql) => tx.exec(sql),
  });
  return sent;
}

let explained = 0;

/**
 * EXPLAIN (ANALYZE, BUFFERS) of each statement, prepared and executed as the service's pool
 * prepares them (database.ts), one after the other in one transaction rolled back, so each sees
 * what the one before did. `auto`: the first executions' plan, made with the parameters' values
 * (a daily run's connection is a new one); `force_generic_plan`: the plan a connection settles on
 * after five runs, made without them (as status-sql.test.ts asks for the retention index).
 */
async function explain(
  database: Database,
  statements: ReadonlyArray<{ readonly sql: string; readonly params: readonly unknown[] }>,
  planCacheMode: 'auto' | 'force_generic_plan',
): Promise<string> {
  return rolledBack(database, async (tx) => {
    await tx.query(`SELECT set_config('plan_cache_mode', $1, true)`, [planCacheMode]);
    const plans: string[] = [];
    for (const { sql, params } of statements) {
      // The export's set_config('jit', 'off', true), for the statement after it.
      if (/^\s*SELECT set_config/.test(sql)) {
        await tx.query(sql, params);
        continue;
      }
      // A prepared statement outlives the transaction: each gets a name of its own, and goes.
      explained += 1;
      await tx.query(`PREPARE explained_${explained} AS ${sql}`);
      const args = params.map(sqlLiteral).join(', ');
      const { rows } = await tx.query<Record<string, string>>(
        `EXPLAIN (ANALYZE, BUFFERS) EXECUTE explained_${explained}${args === '' ? '' : `(${args})`}`,
      );
      await tx.query(`DEALLOCATE explained_${explained}`);
      // A plan made for the parameters' values writes them out: the submissions' ids, hundreds.
      const plan = rows.map((row) => Object.values(row).join('')).join('\n');
      plans.push(plan.replace(/'\{([^}]{200,})\}'/g, (_, ids: string) => `'{… ${ids.split(',').length} ids …}'`));
    }
    return plans.join('\n\n');
  });
}

async function benchSize(applications: number, figures: Figures): Promise<void> {
  const set = (name: string, value: string) => {
    const row = figures.get(name) ?? new Map<number, string>();
    row.set(applications, value);
    figures.set(name, row);
  };
  const { database, cleanUp } = await openBenchDatabase(databaseUrl);
  // A key pair of its own, as the tests do: the bench must not need (or touch) the service's keys.
  const tokenKeys = newTestKeyPems();
  // No job worker competing for the cores, no request logs, no rate limit; the console's
  // provider is an address nothing answers (the caseworker's session is made directly).
  const config = {
    ...baseConfig,
    logLevel: 'warn' as const,
    runWorker: false,
    statusRateLimit: 1_000_000,
    submissionRateLimit: 1_000_000,
    tokenKeys,
    oidc: { issuer: 'http://127.0.0.1:9/', clientId: 'console', clientSecret: 'secret' },
  };
  const now = new Date();
  try {
    const seeded = await timed(() =>
      seedApplications(database, { applications, now, retentionDays: config.retentionDays }),
    );
    // As autovacuum would have by now on a database that grew over a year (the visibility map
    // the index-only scans read), and so it does not start in the middle of a measurement.
    for (const table of ['submissions', 'applications', 'status_changes', 'staff_audit']) {
      await database.exec(`VACUUM (ANALYZE) ${table}`);
    }
    console.log(
      `\n${whole(applications)} applications in ${whole(seeded.value.submissions)} submissions seeded in ${(seeded.ms / 1000).toFixed(1)} s`,
    );
    set('seeded in', `${(seeded.ms / 1000).toFixed(1)} s`);

    const shape = await database.query<Record<string, number>>(
      `SELECT (SELECT count(*) FROM submissions)::int AS submissions,
              count(*) FILTER (WHERE status = 'in-progress')::int AS "in progress",
              count(*) FILTER (WHERE status = 'approved')::int AS approved,
              count(*) FILTER (WHERE status = 'rejected')::int AS rejected,
              count(*) FILTER (WHERE status = 'withdrawn')::int AS withdrawn,
              count(*) FILTER (WHERE personal_data_deleted_at IS NULL)::int AS "holding personal data",
              (SELECT count(*) FROM status_changes)::int AS "status changes",
              (SELECT count(*) FROM staff_audit)::int AS "staff audit lines"
       FROM applications`,
    );
    for (const [name, count] of Object.entries(shape.rows[0] ?? {})) set(name, whole(count));
    const size = await database.query<{ bytes: string }>(
      `SELECT sum(pg_total_relation_size(c.oid))::text AS bytes
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = current_schema() AND c.relkind = 'r'`,
    );
    const bytes = Number(size.rows[0]?.bytes ?? 0);
    set('database size', `${(bytes / 2 ** 20).toFixed(0)} MiB`);
    set('MiB per 1,000 applications', ((bytes / 2 ** 20 / applications) * 1000).toFixed(2));

    // The submission whose status is asked for, stored as the API stores one, after the seed.
    const stored = await storeSubmission(database, sampleSubmission(now, [{}, {}, {}]), now);
    if (stored.outcome !== 'created') throw new Error('The submission for the status call was not stored');
    const tokens = await createStatusLinkTokens(config, { now: () => new Date() });
    const statusBody = JSON.stringify({
      publicAccessTokenJWT: await tokens.sign(stored.submissionId),
      sponsorLicenceNumber: 'LIC123456',
    });

    const caseworker = await benchCaseworker(database, now);
    const { staffSignIn } = caseworker;
    const app = await buildApp(config, { database, tokens, staffSignIn });
    const runs: Measured[] = [];
    try {
      const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
      const consoleGet = (path: string) => ({
        url: `${appUrl}${path}`,
        method: 'GET' as const,
        headers: { cookie: caseworker.cookie },
      });
      const statusCheck = await fetch(`${appUrl}${PUBLIC_STATUS_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: statusBody,
      });
      if (statusCheck.status !== 200) throw new Error(`The status call answered ${statusCheck.status}, not 200`);
      const searchPath = `/caseworker/search?q=${encodeURIComponent(SEARCHED_NAME)}`;
      const searchCheck = await fetch(consoleGet(searchPath).url, { headers: { cookie: caseworker.cookie } });
      const searchPage = await searchCheck.text();
      const summary = /<p class="govuk-body" role="status">([^<]*)<\/p>/.exec(searchPage)?.[1] ?? '';
      const found = /^([\d,]+) applications? match/.exec(summary)?.[1];
      if (searchCheck.status !== 200 || found === undefined) {
        throw new Error(`The search for ${SEARCHED_NAME} answered ${searchCheck.status} without a count`);
      }

      const status = await measure('status call', { url: `${appUrl}${PUBLIC_STATUS_PATH}`, body: statusBody }, 200);
      const queue = await measure('queue in progress, first page', consoleGet('/caseworker'), 200);
      const search = await measure(`search "${SEARCHED_NAME}" (${found} match)`, consoleGet(searchPath), 200);
      runs.push(status, queue, search);
      const httpFigures = (name: string, run: Measured) => {
        set(`${name} req/s`, whole(run.result.requests.average));
        set(`${name} p99`, `${run.result.latency.p99} ms`);
      };
      httpFigures('status call', status);
      httpFigures('queue in progress, 1st page', queue);
      httpFigures(`search "${SEARCHED_NAME}"`, search);
      set(`search "${SEARCHED_NAME}" found`, found);

      // The month's decisions export, as the console's export page asks for it.
      const month = lastFullMonth(now);
      const exports = [];
      for (let run = 0; run < TIMED_RUNS; run += 1) {
        exports.push(
          await timed(() =>
            exportDecisions(
              { database, now: () => new Date() },
              { id: caseworker.id, name: 'Bench Caseworker' },
              month,
            ),
          ),
        );
      }
      const exported = exports[0]?.value;
      if (exported?.outcome !== 'done') throw new Error('The decisions export was refused');
      const exportMs = exports.map((run) => run.ms);
      set('export: the month', `${month.from} to ${month.to}`);
      set('export, median of 3', milliseconds(median(exportMs)));
      set('export, slowest of 3', milliseconds(Math.max(...exportMs)));
      // Its statement alone, read into rows as the export reads it: the rest is the CSV.
      const days = readDayRange(month.from, month.to);
      if ('problem' in days) throw new Error('The month is not a range of days');
      const statements = [];
      for (let run = 0; run < TIMED_RUNS; run += 1) {
        statements.push(
          await timed(() => database.transaction((tx) => listDecisionsMade(tx, days.range.start, days.range.end))),
        );
      }
      set('export: its statement alone, median', milliseconds(median(statements.map((run) => run.ms))));
      set('export rows', whole(exported.rows));
      set('export file', `${(exported.csv.length / 2 ** 20).toFixed(1)} MiB`);

      // The retention run, as the daily job calls it: the London day of `now`, RETENTION_DAYS.
      const purgeOptions = { today: toIsoDate(londonToday(now)), retentionDays: config.retentionDays, now };
      const purges = [];
      for (let run = 0; run < TIMED_RUNS; run += 1) {
        purges.push(await rolledBack(database, (tx) => timed(() => purgePersonalData(tx, purgeOptions))));
      }
      set('retention run, median of 3', milliseconds(median(purges.map((run) => run.ms))));
      set('retention run: applications', whole(purges[0]?.value.applications ?? 0));
      set('retention run: submissions', whole(purges[0]?.value.submissions ?? 0));

      if (applications === largest) await printPlans(database, purgeOptions, days.range, month, applications);

      // Last: each request stores a new submission.
      const submission = await measure('submission of 1 application', {
        url: `${appUrl}${NEW_FROM_CONCESSION_PATH}`,
        ...freshSubmissions,
      });
      runs.push(submission);
      httpFigures('submission (1 application)', submission);
      printRuns(`${whole(applications)} applications, PostgreSQL`, runs);
    } finally {
      // The requests of the last run's connections, cut at its end, finish before the pool closes.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await app.close();
    }
  } finally {
    await cleanUp();
  }
}

// One body of one valid applicant; each request gets a group id of its own, so every request is
// a new submission (a repeated id would measure the replay path instead).
const submissionTemplate = JSON.stringify(validRequest(new Date(), 1));
const freshSubmissions: Pick<autocannon.Options, 'requests'> = {
  requests: [
    {
      setupRequest: (request) => ({
        ...request,
        body: submissionTemplate.replaceAll(FIXTURE_GROUP_ID, `CWC-${randomUUID().toUpperCase()}`),
      }),
    },
  ],
};

/** The plans of the retention run's statements and of the export's, at `applications`. */
async function printPlans(
  database: Database,
  purgeOptions: Parameters<typeof purgePersonalData>[1],
  range: { readonly start: Date; readonly end: Date },
  month: { readonly from: string; readonly to: string },
  applications: number,
): Promise<void> {
  const purge = await rolledBack(database, (tx) =>
    statementsOf(tx, (recording) => purgePersonalData(recording, purgeOptions)),
  );
  const decisions = await rolledBack(database, (tx) =>
    statementsOf(tx, (recording) => listDecisionsMade(recording, range.start, range.end)),
  );
  const heading = (text: string) => console.log(`\n${text}, ${whole(applications)} applications:\n`);
  heading('The retention run, with the plans made for its parameters (a new connection)');
  console.log(await explain(database, purge, 'auto'));
  heading('The retention run, with the generic plans (a connection that ran it five times)');
  console.log(await explain(database, purge, 'force_generic_plan'));
  heading(`The decisions export, ${month.from} to ${month.to}, with the plan made for its parameters`);
  console.log(await explain(database, decisions, 'auto'));
}

async function main(): Promise<void> {
  const figures: Figures = new Map();
  for (const applications of sizes) await benchSize(applications, figures);
  console.log(
    `\nAt each size (BENCH_SECONDS ${process.env.BENCH_SECONDS}, BENCH_CONNECTIONS ${process.env.BENCH_CONNECTIONS}, Node.js ${process.version}):`,
  );
  console.table(
    Object.fromEntries(
      [...figures].map(([name, values]) => [
        name,
        Object.fromEntries(sizes.map((size) => [whole(size), values.get(size) ?? ''])),
      ]),
    ),
  );
}

await main();
