// npm run bench:peer: our server-rendered pages next to the same pages of a peer built as other UK
// government services build theirs (decision 060): Express 5, Nunjucks with govuk-frontend's
// template and macros, helmet, express-session with its sessions in PostgreSQL
// (scripts/peer/peer-app.ts). Both run in this process, in production mode, on the same
// PostgreSQL with a pool of the same size, and are measured in turn, case by case, round by
// round, so that what the machine does meanwhile falls on both. Ours is started as
// `npm run bench:ssr` starts it. Needs `npm run build` and DATABASE_URL.
//
// Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_ROUNDS (3).
import { randomBytes } from 'node:crypto';
import type autocannon from 'autocannon';
import pg from 'pg';

// The peer needs PostgreSQL (there is no PGlite for connect-pg-simple), and so ours is measured
// on it too: the same server for both, or the comparison says nothing.
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl === undefined || databaseUrl === '') {
  console.error(
    'bench:peer needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test). ' +
      'Ours and the peer each use a schema of their own there, dropped at the end.',
  );
  process.exit(2);
}

// React's production build renders, as in a deployment (NODE_ENV=production): set before React
// loads, so the service's modules are imported after it (as in bench-ssr.ts).
process.env.NODE_ENV = 'production';
const { buildApp } = await import('../src/server/app.ts');
const { loadConfig } = await import('../src/server/config.ts');
const {
  PAGES_ALONE,
  TOKEN,
  benchConnections,
  benchSeconds,
  failedRequests,
  measure,
  openBenchDatabase,
  requireBuiltPages,
  sessionWithSponsorAnswers,
} = await import('./bench-support.ts');
const { startPeer } = await import('./peer/peer-app.ts');

const benchRounds = Number(process.env.BENCH_ROUNDS ?? 3);
const baseConfig = loadConfig({ ...process.env, NODE_ENV: 'development' });

/** The worker's name both sides keep in the sessions the cases read. */
const WORKER_NAME = { 'family-name': 'Ní Bhraonáin', 'given-name': 'Eithne', 'worker-email': 'eithne@example.ie' };
/** The same refused answers posted to both: a name missing, a name too long, an email address malformed. */
const INVALID_NAME = new URLSearchParams({
  'form-token': TOKEN,
  'family-name': '',
  'given-name': 'x'.repeat(101),
  'worker-email': 'not-an-email',
}).toString();
const FORM = 'application/x-www-form-urlencoded';

/** One case: the same page asked of both, each the status it must answer and a mark its body must have. */
interface Case {
  readonly name: string;
  readonly status: number;
  readonly mark: string;
  readonly ours: autocannon.Options;
  readonly peer: autocannon.Options;
}

async function main(): Promise<void> {
  requireBuiltPages(baseConfig.webRoot);
  const { database, cleanUp } = await openBenchDatabase(databaseUrl);
  const app = await buildApp({ ...baseConfig, ...PAGES_ALONE }, { database });
  // The peer's sessions in a schema of its own, nothing of ours touched; its pool the size of ours
  // (openBenchDatabase's ten).
  const peerSchema = `peer_bench_${randomBytes(4).toString('hex')}`;
  const peerPool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  await peerPool.query(`CREATE SCHEMA ${peerSchema}`);
  const peer = await startPeer({ pool: peerPool, schemaName: peerSchema, secret: randomBytes(32).toString('hex') });

  try {
    const ours = await app.listen({ port: 0, host: '127.0.0.1' });
    // Two sessions a side, each holding the worker's name: one only read, one posted to, so that
    // the errors kept by the posts of one round are not on the page read in the next.
    const withName: ReadonlyArray<readonly [string, Record<string, string>]> = [['/passenger-name', WORKER_NAME]];
    const [oursRead, oursPosted] = await Promise.all([
      sessionWithSponsorAnswers(ours, withName),
      sessionWithSponsorAnswers(ours, withName),
    ]);
    const [peerRead, peerPosted] = await Promise.all([peerSession(peer.url), peerSession(peer.url)]);

    // The load comes from a thread of its own (workers: 1), as in bench-ssr.ts.
    const get = (url: string, cookie = ''): autocannon.Options => ({
      url,
      method: 'GET',
      headers: cookie === '' ? {} : { cookie },
      workers: 1,
    });
    const post = (url: string, cookie: string): autocannon.Options => ({
      url,
      method: 'POST',
      headers: { cookie, 'content-type': FORM },
      body: INVALID_NAME,
      workers: 1,
    });
    const cases: readonly Case[] = [
      {
        name: 'start page',
        status: 200,
        mark: 'govuk-button--start',
        ours: get(`${ours}/`),
        peer: get(`${peer.url}/`),
      },
      {
        // Ours asks the worker's name only once the sponsor's questions are answered: its first
        // question is the page a browser with no session gets.
        name: 'question page, no session (ours /your-contact-details)',
        status: 200,
        mark: 'govuk-input',
        ours: get(`${ours}/your-contact-details`),
        peer: get(`${peer.url}/passenger-name`),
      },
      {
        name: 'question page from a session',
        status: 200,
        mark: 'value="eithne@example.ie"',
        ours: get(`${ours}/passenger-name`, oursRead),
        peer: get(`${peer.url}/passenger-name`, peerRead),
      },
      {
        name: 'question page posted with errors',
        status: 422,
        mark: 'govuk-error-summary',
        ours: post(`${ours}/passenger-name`, oursPosted),
        peer: post(`${peer.url}/passenger-name`, peerPosted),
      },
    ];
    // Each side answers each case once as expected before it is measured: a page that is not the
    // one meant would otherwise be measured all the same.
    for (const { name, status, mark, ours: oursCase, peer: peerCase } of cases) {
      await answersAsExpected(`ours, ${name}`, oursCase, status, mark);
      await answersAsExpected(`peer, ${name}`, peerCase, status, mark);
    }

    const rows: Array<Record<string, string | number>> = [];
    let failed = false;
    for (let round = 1; round <= benchRounds; round++) {
      for (const { name, status, ours: oursCase, peer: peerCase } of cases) {
        const oursRun = await measure(`ours, ${name}`, oursCase, status);
        const peerRun = await measure(`peer, ${name}`, peerCase, status);
        const oursRate = oursRun.result.requests.average;
        const peerRate = peerRun.result.requests.average;
        const ratio = peerRate === 0 ? Number.POSITIVE_INFINITY : oursRate / peerRate;
        const failures = [failedRequests(oursRun), failedRequests(peerRun)];
        failed ||= failures.some((count) => count > 0);
        rows.push({
          case: name,
          round,
          answered: status,
          'ours req/s': Math.round(oursRate),
          'ours p99 ms': oursRun.result.latency.p99,
          'peer req/s': Math.round(peerRate),
          'peer p99 ms': peerRun.result.latency.p99,
          'ours ÷ peer': Number(ratio.toFixed(2)),
          '≥ 2×': ratio >= 2 ? 'yes' : 'no',
          'not as expected (ours/peer)': failures.join('/'),
        });
      }
    }
    console.log(
      `\nOurs and the peer (Express 5, Nunjucks + govuk-frontend, express-session on PostgreSQL), HTML uncompressed, ` +
        `${benchConnections} connections, ${benchSeconds} s each, ${benchRounds} round(s), Node.js ${process.version}`,
    );
    console.table(rows);
    if (failed) {
      console.error('Some requests failed: the figures above do not measure what they claim.');
      process.exitCode = 1;
    }
  } finally {
    await Promise.all([app.close(), peer.close()]);
    await cleanUp();
    await peerPool.query(`DROP SCHEMA ${peerSchema} CASCADE`);
    await peerPool.end();
  }
}

/** The peer's cookies of a browser that has answered the worker's name: its form token and its session. */
async function peerSession(peerUrl: string): Promise<string> {
  const cookie = `formToken=${TOKEN}`;
  const response = await fetch(`${peerUrl}/passenger-name`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': FORM },
    body: new URLSearchParams({ ...WORKER_NAME, 'form-token': TOKEN }).toString(),
  });
  const session = response.headers.getSetCookie().find((line) => line.startsWith('connect.sid='));
  if (response.status !== 302 || session === undefined) throw new Error(`the peer answered ${response.status}`);
  return `${cookie}; ${session.split(';')[0]}`;
}

/** Asks once what a case will ask, and throws unless the answer has the status and the mark. */
async function answersAsExpected(name: string, options: autocannon.Options, status: number, mark: string) {
  const response = await fetch(options.url, {
    method: options.method ?? 'GET',
    redirect: 'manual',
    // The cases' headers are strings: what autocannon's type allows besides has no place here.
    headers: Object.fromEntries(
      Object.entries(options.headers ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
    ...(options.body !== undefined && { body: options.body as string }),
  });
  const body = await response.text();
  if (response.status !== status || !body.includes(mark) || !body.includes('govuk-template')) {
    throw new Error(`${name}: answered ${response.status} without ${mark}, where ${status} was expected`);
  }
}

await main();
