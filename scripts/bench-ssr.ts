// npm run bench:ssr: requests per second and latency of pages rendered on the server (decision
// 022), among them a question page rendered from a session's answers and a form posted with an
// error (decision 024), and the app's JSON answers (decision 040): a page's data, and an answer
// posted from the app, which the server keeps before it answers with the next page's data; next to
// serving the built index.html as a static file from a bare Fastify in the same process and run,
// which is what every page cost before; and, as the floor of a written answer, the two statements
// it makes (the budget with the read, the write at the version read) from a bare Fastify route,
// without the service around them; last, the app's answer again to the built service as a process
// of its own in production mode, as deployed. Needs `npm run build` (the built index.html,
// the server entry in dist/web-server and the built server). On PostgreSQL when DATABASE_URL is
// set, else on the embedded PGlite in a temporary folder.
//
// Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../src/server/db/database.ts';
import { startBuiltService } from './built-service.ts';

// React's production build renders, as in a deployment (NODE_ENV=production): set before React
// loads, so the service's modules are imported after it. The service's own settings stay those
// of local use, which need no keys.
process.env.NODE_ENV = 'production';
const { buildApp } = await import('../src/server/app.ts');
const { loadConfig } = await import('../src/server/config.ts');
const { insertFormSession, readFormSession, readFormSessionCountingHit, updateFormSessionOrRead } =
  await import('../src/server/db/form-session-repository.ts');
const { FORM_SESSION_COOKIE } = await import('../src/shared/pages/form-session.ts');
const { sessionIdHash, sessionsSince } = await import('../src/server/http/form-session-store.ts');
const { budgetKey } = await import('../src/server/platform/rate-limits.ts');
const { LIMITS } = await import('../src/server/services/limits.ts');
const {
  PAGES_ALONE,
  TOKEN,
  benchConnections,
  freshBenchSchema,
  measure,
  openBenchDatabase,
  printRuns,
  requireBuiltPages,
  sessionWithSponsorAnswers,
} = await import('./bench-support.ts');

const baseConfig = loadConfig({ ...process.env, NODE_ENV: 'development' });

async function main(): Promise<void> {
  requireBuiltPages(baseConfig.webRoot);
  const index = await readFile(join(baseConfig.webRoot, 'index.html'), 'utf8');
  const { database, engine, cleanUp } = await openBenchDatabase(baseConfig.databaseUrl);
  const app = await buildApp({ ...baseConfig, ...PAGES_ALONE }, { database });
  const bare = Fastify();
  bare.get('/index.html', (_request, reply) => reply.type('text/html; charset=utf-8').send(index));
  routeAnswerStatements(bare, database);

  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    // The load comes from a thread of its own: in the server's thread it would take turns with
    // the renders it measures, and their latency would include its own work.
    const page = (path: string, cookie = '') => ({
      url: `${appUrl}${path}`,
      method: 'GET' as const,
      headers: cookie === '' ? {} : { cookie },
      workers: 1,
    });
    const cookie = await sessionWithSponsorAnswers(appUrl);
    // Answers posted from the app: each connection a browser of its own, as the sponsors at a time
    // are (one session's requests take turns at its row, decision 026).
    const sessions = await sessionsOfConnections(appUrl);
    const setupClient = await oneSessionAConnection(sessions);
    const changingAnswers = await changingAnswersAConnection(sessions);
    const answerFromApp = (setup: string) => answerFromAppTo(appUrl, setup);
    const runs = [
      await measure('static index.html, bare Fastify', { url: `${bareUrl}/index.html`, method: 'GET', workers: 1 }),
      await measure('/ rendered', page('/')),
      await measure('/your-contact-details rendered (a question page)', page('/your-contact-details')),
      await measure('/passenger-name rendered from a session', page('/passenger-name', cookie)),
      await measure(
        '/passenger-name posted empty: errors kept, page rendered',
        {
          url: `${appUrl}/passenger-name`,
          method: 'POST',
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ 'form-token': TOKEN, 'family-name': '', 'given-name': '' }).toString(),
        },
        422,
      ),
      // Errors that change at each post (empty, then a web address in each name): every post
      // writes, and the ten at once on one session meet each other's writes (decision 055).
      await measure(
        '/passenger-name posted with errors that change at each post, one session',
        {
          url: `${appUrl}/passenger-name`,
          method: 'POST',
          workers: 1,
          headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
          requests: [
            { body: new URLSearchParams({ 'form-token': TOKEN, 'family-name': '', 'given-name': '' }).toString() },
            {
              body: new URLSearchParams({
                'form-token': TOKEN,
                'family-name': 'www.example.org',
                'given-name': 'www.example.org',
              }).toString(),
            },
          ],
        },
        422,
      ),
      await measure('/cookies rendered in Arabic', page('/cookies', 'lang=ar')),
      await measure('/passenger-name, the app’s JSON answer from a session', {
        ...page('/passenger-name', cookie),
        headers: { cookie, accept: 'application/json' },
      }),
      await measure('/passenger-name answered from the app: kept, the next page’s data', answerFromApp(setupClient)),
      // The same answer posted again changes nothing, and is not written (decision 055): here
      // each connection's answers change at each post (two names in turn), so every one is written.
      await measure(
        '/passenger-name answered from the app, an answer that changes at each post',
        answerFromApp(changingAnswers),
      ),
      await measure(
        'bare Fastify: the two statements of an answer that changes at each post',
        await answerStatementsTo(bareUrl, database, sessions[0]!),
      ),
    ];
    printRuns(`Pages (HTML, uncompressed) and the app's answers (JSON), ${engine}`, runs);
  } finally {
    await Promise.all([app.close(), bare.close()]);
    await cleanUp();
  }
  await answerAsDeployed(engine);
}

/**
 * The app's answer again, to the built service as it is deployed: a process of its own in
 * production mode (its own thread and garbage collector, not this process's, which makes the
 * load), on a schema of its own when on PostgreSQL.
 */
async function answerAsDeployed(engine: string): Promise<void> {
  const schema = baseConfig.databaseUrl === undefined ? undefined : await freshBenchSchema(baseConfig.databaseUrl);
  const service = await startBuiltService({
    production: true,
    ...(schema && { databaseUrl: schema.url }),
    env: {
      FORM_RATE_LIMIT: String(PAGES_ALONE.formRateLimit),
      SESSION_RATE_LIMIT: String(PAGES_ALONE.sessionRateLimit),
    },
  });
  try {
    const sessions = await sessionsOfConnections(service.baseUrl, true);
    const runs = [
      await measure(
        '/passenger-name answered from the app: kept, the next page’s data',
        answerFromAppTo(service.baseUrl, await oneSessionAConnection(sessions)),
      ),
      await measure(
        '/passenger-name answered from the app, an answer that changes at each post',
        answerFromAppTo(service.baseUrl, await changingAnswersAConnection(sessions)),
      ),
    ];
    printRuns(`The app's answers to the built service, a process of its own in production mode, ${engine}`, runs);
  } finally {
    await service.stop();
    await schema?.drop();
  }
}

/**
 * A written answer's own statements, as the service makes them (form-session-store.ts), from a
 * bare route of `bare`: the form budget spent with the session's read, then the change written at
 * the version read (the form state with a space more or less at its end, so that each post writes).
 * What an answer costs the database and the machine without the service's own work: the floor of
 * its figures above.
 */
function routeAnswerStatements(bare: FastifyInstance, database: Database): void {
  const hit = { key: budgetKey('forms', '127.0.0.1'), windowMs: LIMITS.forms.windowMs };
  bare.post('/answer-statements', async (request) => {
    const idHash = Buffer.from(String(request.headers['x-session']), 'hex');
    const now = new Date();
    const { session } = await readFormSessionCountingHit(database, hit, idHash, sessionsSince(now), now);
    const state = session!.formState!;
    const values = { ...session!, formState: state.endsWith(' ') ? state.trimEnd() : `${state} ` };
    const write = { idHash, values, now, renewedIdHash: undefined, version: session!.version };
    await updateFormSessionOrRead(database, write, idHash, sessionsSince(now));
    return { ok: true };
  });
}

/**
 * The bare route's load: each connection a session of its own, new rows (as the service's answers
 * above wrote to theirs) keeping what `cookie`'s session keeps; the hash of its id in a header.
 */
async function answerStatementsTo(bareUrl: string, database: Database, cookie: string): Promise<autocannon.Options> {
  const id = new RegExp(`${FORM_SESSION_COOKIE}=([^;]+)`).exec(cookie)![1]!;
  const now = new Date();
  const kept = await readFormSession(database, sessionIdHash(id), sessionsSince(now));
  const hashes = Array.from({ length: benchConnections }, () => randomBytes(32));
  for (const hash of hashes) await insertFormSession(database, hash, kept!, now);
  const setup = await setupModule(
    hashes.map((hash) => hash.toString('hex')),
    "module.exports = (client) => client.setHeaders({ ...client.opts.headers, 'x-session': cookies[next++ % cookies.length] });\n",
  );
  return { url: `${bareUrl}/answer-statements`, method: 'POST', body: '{}', workers: 1, setupClient: setup as never };
}

const answer = new URLSearchParams({
  'form-token': TOKEN,
  'family-name': 'Ní Bhraonáin',
  'given-name': 'Eithne',
  'worker-email': '',
}).toString();
const otherAnswer = answer.replace('given-name=Eithne', `given-name=${encodeURIComponent('Eithne Máire')}`);

/** A session for each connection, each a browser of its own that has answered the sponsor's questions. */
function sessionsOfConnections(appUrl: string, secure = false): Promise<string[]> {
  return Promise.all(Array.from({ length: benchConnections }, () => sessionWithSponsorAnswers(appUrl, [], secure)));
}

/** Writes a module the load's thread loads for each connection (autocannon's setupClient), with `sessions`' cookies. */
async function setupModule(sessions: readonly string[], body: string): Promise<string> {
  const setup = join(await mkdtemp(join(tmpdir(), 'bench-ssr-')), 'setup-client.cjs');
  await writeFile(setup, `let next = 0;\nconst cookies = ${JSON.stringify(sessions)};\n${body}`);
  return setup;
}

/** Each connection one of `sessions`' cookies. */
const oneSessionAConnection = (sessions: readonly string[]) =>
  setupModule(
    sessions,
    'module.exports = (client) => client.setHeaders({ ...client.opts.headers, cookie: cookies[next++ % cookies.length] });\n',
  );

/** The same, posting two answers in turn: each of a connection's requests carries its cookie. */
const changingAnswersAConnection = (sessions: readonly string[]) =>
  setupModule(
    sessions,
    `const bodies = ${JSON.stringify([answer, otherAnswer])};\n` +
      'module.exports = (client) => {\n' +
      '  const headers = { ...client.opts.headers, cookie: cookies[next++ % cookies.length] };\n' +
      "  client.setRequests(bodies.map((body) => ({ method: 'POST', headers, body })));\n};\n",
  );

/** An answer posted from the app to the service at `appUrl`, each connection's cookie (and bodies) set by the module at `setup`. */
function answerFromAppTo(appUrl: string, setup: string): autocannon.Options {
  return {
    url: `${appUrl}/passenger-name`,
    method: 'POST',
    workers: 1,
    // A module's path, which the load's thread loads (its options cannot carry a function there).
    setupClient: setup as unknown as autocannon.Options['setupClient'],
    headers: {
      accept: 'application/json',
      origin: appUrl,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: answer,
  };
}

await main();
