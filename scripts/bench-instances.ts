// npm run bench:instances: the service as it is deployed with several instances (decision 034),
// proven on this machine. Starts, on one PostgreSQL (DATABASE_URL, in a schema of its own, dropped
// at the end), two instances of the built server (RUN_WORKER=false, each with its own
// METRICS_PORT) and the job worker as a process of its own, behind a real HAProxy configured from
// deploy/haproxy.cfg, with a real SMTP server catching the emails; everything on 127.0.0.1. Then:
//   1. one address's submission limit holds across the instances: SUBMISSION_RATE_LIMIT + k
//      submissions at once from one client, spread by the balancer over both, give exactly
//      SUBMISSION_RATE_LIMIT 201 and the rest 429 (an X-Forwarded-For the client writes itself is
//      not believed: only the balancer's is);
//   2. a submission sent to one instance is read through the status API of the other, with the
//      status link of the confirmation email the separate worker sent (the instances send none),
//      and through the status pages without JavaScript, each request to the other instance than
//      the one before (the browser's session, kept in the database, follows it);
//   3. the instances' request counts, scraped from their metrics ports, add up to the requests
//      sent through the balancer, instance by instance as HAProxy counted them (health checks
//      apart);
//   4. requests per second through the balancer with one instance and with two, in the same run;
//   5. one instance killed (SIGKILL) under a stream of submissions loses none that was answered:
//      each answered 200/201 is stored exactly once, those cut off or answered 5xx are sent again
//      with the same body and are not stored twice.
// Any check that fails makes the exit code 1. Every loop is bounded in time, and every process
// started here is stopped at the end, whatever happens.
//
// Needs `npm run build` (run here when dist/ is missing), HAProxy (`haproxy` on the PATH or
// /usr/sbin/haproxy, or HAPROXY_PATH) and PostgreSQL. Options (environment): DATABASE_URL
// (postgres://postgres@127.0.0.1:5432/test), BENCH_SECONDS (5, each throughput run),
// BENCH_CONNECTIONS (10).
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import {
  NEW_FROM_CONCESSION_PATH,
  newFormGroupId,
  type ApplicantPayload,
} from '../src/shared/api/new-from-concession.ts';
import {
  PUBLIC_STATUS_PATH,
  STATUS_TOKEN_PARAMETER,
  type PublicStatusResponse,
} from '../src/shared/api/public-status.ts';
import { STATUS_FORM_FIELDS } from '../src/shared/api/status-form.ts';
import { FORM_TOKEN_FIELD } from '../src/shared/pages/form-token.ts';
import { freePort, waitFor } from '../src/server/test-support/child-process.ts';
import { startSmtpReceiver, type SmtpReceiver } from '../src/server/test-support/smtp-receiver.ts';
import { newTestKeyPems } from '../src/server/test-support/test-keys.ts';
import { FIXTURE_SPONSOR, validRequest } from '../tests/fixtures/applicants.ts';
import { freshBenchSchema } from './bench-support.ts';
import { BALANCER_SOURCE_ADDRESS, startBalancer, type Balancer } from './instances/haproxy.ts';
import { clientAddress, loopUntil, send, type Answer } from './instances/http-client.ts';
import { sumOf } from './instances/prometheus-text.ts';
import { killAllNow, startNode, stopAll, type ManagedProcess } from './instances/processes.ts';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const benchSeconds = Number(process.env.BENCH_SECONDS ?? 5);
const benchConnections = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** SUBMISSION_RATE_LIMIT of every instance, and how many more the first check sends. */
const SUBMISSION_LIMIT = 10;
const OVER_LIMIT = 10;
/** Status calls through the balancer for the metrics check. */
const COUNTED_REQUESTS = 300;
/** The stream of submissions one instance is killed in. */
const KILL_LOAD_SECONDS = 10;
const KILL_LOAD_CONCURRENCY = 8;
/** The whole run is stopped, as failed, after this. */
const RUN_DEADLINE_MS = 240_000;

/** The route label of the status call in the metrics (Fastify's route pattern). */
const STATUS_ROUTE = PUBLIC_STATUS_PATH;
const LICENCE_NUMBER = FIXTURE_SPONSOR['sponsor-reference'] ?? '';

class CheckFailed extends Error {}

/** Prints lines of a check's report as they come, so a failure shows the figures before it. */
type Say = (...lines: string[]) => void;

function check(condition: boolean, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

const count = (n: number) => n.toLocaleString('en-GB');

/** Statuses counted, as `502: 4, 503: 11`. */
const byStatus = (statuses: readonly (number | string)[]) =>
  [...new Set(statuses)]
    .sort()
    .map((status) => `${status}: ${statuses.filter((s) => s === status).length}`)
    .join(', ') || 'none';

// ---------------------------------------------------------------------------------------------
// What runs

interface Instance {
  readonly name: string;
  readonly url: string;
  readonly metricsUrl: string;
  readonly process: ManagedProcess;
}

interface Running {
  readonly instances: readonly [Instance, Instance];
  readonly worker: { readonly process: ManagedProcess; readonly metricsUrl: string };
  readonly balancer: Balancer;
  readonly smtp: SmtpReceiver;
  readonly database: pg.Client;
}

/** HAPROXY_PATH, else HAProxy on the PATH, else Debian's /usr/sbin (not on every user's PATH). */
function haproxyPath(): string {
  if (process.env.HAPROXY_PATH) return process.env.HAPROXY_PATH;
  const folders = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin'].filter((folder) => folder !== '');
  const found = folders.map((folder) => join(folder, 'haproxy')).find((path) => existsSync(path));
  if (found === undefined)
    throw new CheckFailed('HAProxy is not installed (on Debian: apt-get install -y haproxy), or set HAPROXY_PATH');
  return found;
}

function ensureBuilt(): void {
  const needed = ['dist/server/main.js', 'dist/server/worker.js', 'dist/web/index.html'];
  if (needed.every((file) => existsSync(join(projectRoot, file)))) return;
  console.log('dist/ is missing: npm run build');
  const build = spawnSync('npm', ['run', 'build'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new CheckFailed('npm run build failed');
}

async function ready(url: string, managed: ManagedProcess, what: string): Promise<void> {
  await waitFor(
    async () => {
      if (!managed.running()) throw new CheckFailed(`${what} exited early:\n${managed.output()}`);
      return fetch(url).then(
        (r) => r.ok,
        () => false,
      );
    },
    `${what} to answer ${url}`,
    60_000,
  );
}

async function start(cleanUps: Array<() => Promise<void>>, dir: string): Promise<Running> {
  const schema = await freshBenchSchema(databaseUrl, 'instances');
  cleanUps.push(schema.drop);
  const smtp = await startSmtpReceiver();
  cleanUps.push(() => smtp.close());

  const tokenKeys = newTestKeyPems();
  const documentKey = newTestKeyPems().privateKeyPem;
  const [port1, port2, metrics1, metrics2, workerMetrics, both, one, stats] = await Promise.all(
    Array.from({ length: 8 }, () => freePort()),
  );
  const balancerUrl = `http://127.0.0.1:${both}`;
  // As compose.yaml and the image run them: production, one database, shared keys, no worker in
  // the web instances, only the balancer's X-Forwarded-For believed.
  const env = (port: number | undefined, metricsPort: number): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    ...(port !== undefined && { PORT: String(port) }),
    METRICS_PORT: String(metricsPort),
    DATA_DIR: join(dir, `data-${metricsPort}`),
    DATABASE_URL: schema.url,
    PUBLIC_BASE_URL: balancerUrl,
    TOKEN_PRIVATE_KEY: tokenKeys.privateKeyPem,
    TOKEN_PUBLIC_KEY: tokenKeys.publicKeyPem,
    DOCUMENT_PRIVATE_KEY: documentKey,
    // The caseworker console and its staff sign-in are not what this measures.
    CASEWORKER_CONSOLE: 'false',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
    RUN_WORKER: 'false',
    TRUST_PROXY: BALANCER_SOURCE_ADDRESS,
    SUBMISSION_RATE_LIMIT: String(SUBMISSION_LIMIT),
    // The throughput runs come from one address; this limit is not what they measure.
    STATUS_RATE_LIMIT: '10000000',
    // Every submission here has the same sponsor; the email limit has tests of its own.
    EMAIL_RATE_LIMIT: '10000000',
    EMAIL_SENDER_LIMIT: '10000000',
  });

  // All three at once: they migrate together under the migrations' advisory lock.
  const instance = (name: string, port: number, metricsPort: number): Instance => ({
    name,
    url: `http://127.0.0.1:${port}`,
    metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`,
    process: startNode(name, 'dist/server/main.js', projectRoot, env(port, metricsPort)),
  });
  const instances: [Instance, Instance] = [instance('web-1', port1!, metrics1!), instance('web-2', port2!, metrics2!)];
  const worker = {
    process: startNode('worker', 'dist/server/worker.js', projectRoot, env(undefined, workerMetrics!)),
    metricsUrl: `http://127.0.0.1:${workerMetrics}/metrics`,
  };
  await Promise.all([
    ...instances.map((instance) => ready(`${instance.url}/health/ready`, instance.process, instance.name)),
    ready(worker.metricsUrl, worker.process, 'the worker'),
  ]);

  const balancer = await startBalancer({
    haproxy: haproxyPath(),
    projectRoot,
    dir,
    backends: instances.map((instance) => ({ name: instance.name, port: Number(new URL(instance.url).port) })),
    ports: { both: both!, one: one!, stats: stats! },
    checkInterval: '1s',
  });
  await waitFor(
    async () => {
      if (!balancer.process.running()) throw new CheckFailed(`HAProxy exited:\n${balancer.process.output()}`);
      const servers = await balancer.servers().catch(() => new Map<string, { status: string }>());
      return instances.every((instance) => servers.get(instance.name)?.status === 'UP');
    },
    'HAProxy to see both instances up',
    30_000,
  );

  const database = new pg.Client({ connectionString: schema.url });
  await database.connect();
  cleanUps.push(() => database.end());
  return { instances, worker, balancer, smtp, database };
}

// ---------------------------------------------------------------------------------------------
// Requests

/** A new submission of `applicants` valid applicants, a group id of its own. */
function newSubmission(applicants: number, sponsorEmail?: string): ApplicantPayload[] {
  const formGroupId = newFormGroupId(randomUUID);
  return validRequest(new Date(), applicants).map((applicant) => ({
    ...applicant,
    concessionForm: {
      ...applicant.concessionForm,
      formGroupId,
      ...(sponsorEmail !== undefined && { sponsorEmailAddress: sponsorEmail }),
    },
  }));
}

const groupOf = (body: ApplicantPayload[]) => body[0]!.concessionForm.formGroupId;
const servedBy = (answer: Answer) => String(answer.headers['x-served-by'] ?? 'none');
const applicantIdsOf = (answer: Answer) =>
  (JSON.parse(answer.body) as Array<{ applicantId: string }>).map((item) => item.applicantId);

const scrape = async (url: string) => {
  const response = await fetch(url);
  check(response.ok, `${url} answered ${response.status}`);
  return response.text();
};

// ---------------------------------------------------------------------------------------------
// The checks

async function limitAcrossInstances(run: Running, say: Say): Promise<void> {
  const client = clientAddress(1, 0);
  const total = SUBMISSION_LIMIT + OVER_LIMIT;
  const answers = await Promise.all(
    Array.from({ length: total }, (_, i) =>
      send(`${run.balancer.url}${NEW_FROM_CONCESSION_PATH}`, {
        json: newSubmission(1),
        localAddress: client,
        // Written by the client itself: the service must not believe it.
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      }),
    ),
  );
  const byInstance = new Map<string, { accepted: number; refused: number }>();
  for (const answer of answers) {
    const tally = byInstance.get(servedBy(answer)) ?? { accepted: 0, refused: 0 };
    if (answer.status === 201) tally.accepted += 1;
    else if (answer.status === 429) tally.refused += 1;
    else throw new CheckFailed(`A submission was answered ${answer.status}: ${answer.body.slice(0, 300)}`);
    byInstance.set(servedBy(answer), tally);
  }
  const accepted = answers.filter((answer) => answer.status === 201).length;
  const other = await send(`${run.balancer.url}${NEW_FROM_CONCESSION_PATH}`, {
    json: newSubmission(1),
    localAddress: clientAddress(1, 1),
  });
  say(
    `${total} submissions at once from one address (each with an X-Forwarded-For of its own), SUBMISSION_RATE_LIMIT=${SUBMISSION_LIMIT}:`,
    ...[...byInstance].map(
      ([name, tally]) => `  ${name}: ${tally.accepted} answered 201, ${tally.refused} answered 429`,
    ),
    `  in all: ${accepted} answered 201, ${total - accepted} answered 429; another address then: ${other.status}`,
  );
  check(accepted === SUBMISSION_LIMIT, `${accepted} submissions accepted from one address, not ${SUBMISSION_LIMIT}`);
  check(
    run.instances.every((instance) => byInstance.has(instance.name)),
    `The balancer did not spread the submissions over both instances: ${[...byInstance.keys()].join(', ')}`,
  );
  check(other.status === 201, `A submission from another address was answered ${other.status}`);
}

async function statusThroughTheOtherInstance(run: Running, say: Say): Promise<string> {
  const [first, second] = run.instances;
  const sponsorEmail = `bench-${randomBytes(4).toString('hex')}@example.org`;
  const body = newSubmission(2, sponsorEmail);
  const sent = await send(`${first.url}${NEW_FROM_CONCESSION_PATH}`, { json: body });
  check(sent.status === 201, `The submission to ${first.name} was answered ${sent.status}: ${sent.body.slice(0, 300)}`);
  const applicantIds = applicantIdsOf(sent);

  const startedAt = Date.now();
  await waitFor(
    () => Promise.resolve(run.smtp.received.some((mail) => mail.envelopeTo.includes(sponsorEmail))),
    'the confirmation email',
    30_000,
  );
  const emailAfterMs = Date.now() - startedAt;
  say(
    `2 applications sent to ${first.name} (201); the sponsor's confirmation caught by the SMTP server ${count(emailAfterMs)} ms later`,
  );
  const mail = run.smtp.received.find((m) => m.envelopeTo.includes(sponsorEmail))!;
  const text = (await simpleParser(mail.raw)).text ?? '';
  const base = run.balancer.url.replace(/[.]/g, '\\.');
  const token = new RegExp(`${base}/status\\?epat=([\\w.-]+)`).exec(text)?.[1];
  check(token !== undefined, 'The confirmation email holds no status link to the balancer');

  const status = await send(`${second.url}${PUBLIC_STATUS_PATH}`, {
    json: { publicAccessTokenJWT: token, sponsorLicenceNumber: LICENCE_NUMBER },
  });
  say(`  its status link's token and the licence number, sent to ${second.name}'s status API: ${status.status}`);
  check(status.status === 200, `The status call to ${second.name} was answered ${status.status}`);
  const items = (JSON.parse(status.body) as PublicStatusResponse).items.map((item) => item.applicantId);
  check(
    JSON.stringify(items) === JSON.stringify(applicantIds),
    `${second.name} shows other applications than ${first.name} stored`,
  );

  await statusPagesAlternating(run, token, body, say);

  const [workerMetrics, ...instanceMetrics] = await Promise.all([
    scrape(run.worker.metricsUrl),
    ...run.instances.map((web) => scrape(web.metricsUrl)),
  ]);
  const workerEmails = sumOf(workerMetrics!, 'cwc_emails_total', { outcome: 'sent' });
  const instanceEmails = instanceMetrics.map((metrics) => sumOf(metrics, 'cwc_emails_total'));
  say(
    `  both applications shown, as ${first.name} stored them`,
    `  emails sent so far: ${workerEmails} by the worker (its metrics), ${instanceEmails.join(' and ')} by the web instances`,
  );
  check(workerEmails >= 1, 'The worker counted no email sent');
  check(
    instanceEmails.every((n) => n === 0),
    `The web instances sent emails (${instanceEmails.join(', ')}) with RUN_WORKER=false`,
  );
  return token;
}

/** The cookies a browser keeps: each Set-Cookie answered replaces the one of its name. */
function cookieJar(): { header: () => string; take: (answer: Answer) => void } {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    take(answer) {
      for (const line of answer.headers['set-cookie'] ?? []) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
        if (value === '' || /;\s*max-age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
  };
}

/**
 * The status pages as a browser without JavaScript goes through them, each request sent to the
 * other instance than the one before: the link (web-1), the licence question (web-2), the licence
 * number sent (web-1), the applications shown (web-2).
 */
async function statusPagesAlternating(
  run: Running,
  token: string,
  body: readonly ApplicantPayload[],
  say: Say,
): Promise<void> {
  const jar = cookieJar();
  const served: string[] = [];
  const page = async (step: number, path: string, form?: Record<string, string>): Promise<Answer> => {
    const web = run.instances[step % 2]!;
    const answer = await send(`${web.url}${path}`, {
      method: form === undefined ? 'GET' : 'POST',
      headers: { accept: 'text/html', cookie: jar.header() },
      ...(form !== undefined && { form }),
    });
    jar.take(answer);
    served.push(`${web.name} ${answer.status}`);
    return answer;
  };
  const link = await page(0, `/status?${STATUS_TOKEN_PARAMETER}=${token}`);
  // Answered at once (decision 059), its page at the address without the token, where the browser goes next.
  check(link.status === 200, `The status link was answered ${link.status}, not 200`);
  check(link.body.includes('url=/status"'), "The status link's page does not send the browser to /status");
  const question = await page(1, '/status');
  check(question.status === 200, `The licence question was answered ${question.status}`);
  const formToken = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]+)"`).exec(question.body)?.[1] ?? '';
  check(formToken !== '', 'The licence question has no form token');
  const sent = await page(2, '/status', {
    [STATUS_FORM_FIELDS.licenceNumber]: LICENCE_NUMBER,
    [FORM_TOKEN_FIELD]: formToken,
  });
  check(sent.status === 303, `The licence number was answered ${sent.status}, not 303`);
  const shown = await page(3, '/status');
  const names = body.map((applicant) => applicant.secondaryDetails.familyName);
  say(`  the status pages without JavaScript, one request to each instance in turn: ${served.join(', ')}`);
  check(shown.status === 200, `The status page was answered ${shown.status}`);
  check(
    names.every((name) => shown.body.includes(name)),
    'The status page does not show the applications the other instance stored',
  );
}

async function metricsAddUp(run: Running, token: string, say: Say): Promise<void> {
  const snapshot = async () => {
    const texts = await Promise.all(run.instances.map((instance) => scrape(instance.metricsUrl)));
    return texts.map((text) => ({
      status: sumOf(text, 'cwc_http_requests_total', { route: STATUS_ROUTE, method: 'POST' }),
      health: sumOf(text, 'cwc_http_requests_total', { route: '/health/ready' }),
      allButHealth: sumOf(text, 'cwc_http_requests_total', { route: '!/health/ready' }),
    }));
  };
  const before = await snapshot();
  const balancerBefore = await run.balancer.servers();
  let next = 0;
  await loopUntil(Date.now() + 30_000, 8, async () => {
    if (next >= COUNTED_REQUESTS) return false;
    next += 1;
    const answer = await send(`${run.balancer.url}${PUBLIC_STATUS_PATH}`, {
      json: { publicAccessTokenJWT: token, sponsorLicenceNumber: LICENCE_NUMBER },
      localAddress: clientAddress(2, 0),
    });
    check(answer.status === 200, `A status call through the balancer was answered ${answer.status}`);
  });
  check(next === COUNTED_REQUESTS, `Only ${next} status calls were sent in 30 s`);

  // A request is counted once its answer has gone (onResponse): wait for the last few.
  let after = await snapshot();
  const counted = () => after.reduce((sum, figures, i) => sum + figures.status - before[i]!.status, 0);
  const deadline = Date.now() + 3_000;
  while (counted() < COUNTED_REQUESTS && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = await snapshot();
  }
  const balancerAfter = await run.balancer.servers();

  say(`${COUNTED_REQUESTS} status calls through the balancer, then each instance's metrics scraped:`);
  for (const [i, instance] of run.instances.entries()) {
    const status = after[i]!.status - before[i]!.status;
    const allButHealth = after[i]!.allButHealth - before[i]!.allButHealth;
    const health = after[i]!.health - before[i]!.health;
    const relayed =
      (balancerAfter.get(instance.name)?.responses ?? 0) - (balancerBefore.get(instance.name)?.responses ?? 0);
    say(
      `  ${instance.name}: ${status} counted on ${STATUS_ROUTE}, ${allButHealth} on every route but /health/ready; ` +
        `HAProxy relayed ${relayed} to it; health checks meanwhile (/health/ready, not relayed): ${health}`,
    );
    check(
      status === relayed && allButHealth === relayed,
      `${instance.name} counted ${status} status calls (${allButHealth} requests but health checks), HAProxy relayed ${relayed}`,
    );
    check(status > 0, `${instance.name} got none of the status calls`);
  }
  say(`  in all: ${counted()} counted, ${COUNTED_REQUESTS} sent`);
  check(
    counted() === COUNTED_REQUESTS,
    `The instances counted ${counted()} status calls, ${COUNTED_REQUESTS} were sent`,
  );
}

interface Throughput {
  readonly route: string;
  readonly instances: number;
  readonly result: autocannon.Result;
}

async function throughput(run: Running, token: string, say: Say): Promise<void> {
  const routes: Array<{ route: string; path: string; options: Partial<autocannon.Options> }> = [
    {
      route: `POST ${PUBLIC_STATUS_PATH} (one database read)`,
      path: PUBLIC_STATUS_PATH,
      options: {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ publicAccessTokenJWT: token, sponsorLicenceNumber: LICENCE_NUMBER }),
      },
    },
    { route: 'GET /health/live (no database)', path: '/health/live', options: { method: 'GET' } },
  ];
  say(
    `Through the balancer, ${benchConnections} connections, ${benchSeconds} s each after 1 s of warm-up through both, every answer 200` +
      ` (load average before: ${(loadavg()[0] ?? 0).toFixed(1)} on ${availableParallelism()} cores, shared by the load, HAProxy, PostgreSQL, the worker and the instances):`,
  );
  const runs: Throughput[] = [];
  for (const { route, path, options } of routes) {
    const settings = (base: string): autocannon.Options => ({
      url: `${base}${path}`,
      connections: benchConnections,
      ...options,
    });
    // Both instances warmed up alike (JIT, pools) before either measurement.
    await autocannon({ ...settings(run.balancer.url), duration: 1 });
    for (const [instances, base] of [
      [1, run.balancer.oneUrl],
      [2, run.balancer.url],
    ] as const) {
      const result = await autocannon({ ...settings(base), duration: benchSeconds });
      runs.push({ route, instances, result });
    }
    const [one, two] = runs.filter((r) => r.route === route);
    const perSecond = (r: Throughput | undefined) => Math.round(r?.result.requests.average ?? 0);
    say(
      `  ${route}: 1 instance ${count(perSecond(one))}/s (p99 ${one?.result.latency.p99} ms), ` +
        `2 instances ${count(perSecond(two))}/s (p99 ${two?.result.latency.p99} ms), ` +
        `x${(perSecond(two) / Math.max(1, perSecond(one))).toFixed(2)}`,
    );
    for (const { instances, result } of [one, two].filter((r) => r !== undefined)) {
      const failed = result.non2xx + result.errors + result.timeouts;
      check(failed === 0, `${route} through ${instances} instance(s): ${failed} requests failed`);
    }
  }
}

interface Sent {
  readonly body: ApplicantPayload[];
  applicantIds?: string[];
  readonly statuses: Array<number | 'cut'>;
}

async function killUnderLoad(run: Running, say: Say): Promise<void> {
  const [survivor, victim] = run.instances;
  const sent: Sent[] = [];
  const retries: Sent[] = [];
  const unexpected: string[] = [];
  const servedBefore = new Map<string, number>();
  let serial = 0;
  let killedAt: number | undefined;

  const attempt = async (submission: Sent): Promise<void> => {
    try {
      const answer = await send(`${run.balancer.url}${NEW_FROM_CONCESSION_PATH}`, {
        json: submission.body,
        // An address of its own for each attempt: many clients, none near its limit.
        localAddress: clientAddress(3, serial++),
      });
      submission.statuses.push(answer.status);
      if (answer.status === 200 || answer.status === 201) {
        const ids = applicantIdsOf(answer);
        if (submission.applicantIds !== undefined && JSON.stringify(ids) !== JSON.stringify(submission.applicantIds))
          unexpected.push(`${groupOf(submission.body)} answered with other applicant ids`);
        submission.applicantIds = ids;
        if (killedAt === undefined) servedBefore.set(servedBy(answer), (servedBefore.get(servedBy(answer)) ?? 0) + 1);
      } else if (answer.status >= 500) {
        retries.push(submission);
      } else {
        unexpected.push(`${answer.status}: ${answer.body.slice(0, 200)}`);
      }
    } catch {
      submission.statuses.push('cut');
      retries.push(submission);
    }
  };

  const startedAt = Date.now();
  const loadEnds = startedAt + KILL_LOAD_SECONDS * 1000;
  const killer = (async () => {
    // Once the victim has answered a good share, and well inside the stream.
    while (
      Date.now() < loadEnds - 5_000 &&
      ((servedBefore.get(victim.name) ?? 0) < 20 || Date.now() < startedAt + 2_000)
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    victim.process.child.kill('SIGKILL');
    killedAt = Date.now();
  })();
  await loopUntil(loadEnds, KILL_LOAD_CONCURRENCY, async () => {
    const again = retries.shift();
    if (again !== undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    const submission = again ?? { body: newSubmission(1 + (sent.length % 3)), statuses: [] };
    if (again === undefined) sent.push(submission);
    await attempt(submission);
  });
  await killer;
  await victim.process.exited;
  say(
    `${KILL_LOAD_SECONDS} s of submissions through the balancer on ${KILL_LOAD_CONCURRENCY} connections, each from an address of its own;` +
      ` ${victim.name} killed (SIGKILL) ${((killedAt! - startedAt) / 1000).toFixed(1)} s in, after it had answered ${servedBefore.get(victim.name) ?? 0}`,
  );
  // What is left to send again, until each has an answer (bounded).
  const drainEnds = Date.now() + 30_000;
  while (retries.length > 0 && Date.now() < drainEnds) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await attempt(retries.shift()!);
  }
  const applications = sent.reduce((sum, s) => sum + s.body.length, 0);
  const unanswered = sent.filter((s) => s.applicantIds === undefined);
  const retried = sent.filter((s) => s.statuses.length > 1);
  const cut = sent.flatMap((s) => s.statuses).filter((status) => status === 'cut').length;
  const errors = sent.flatMap((s) => s.statuses).filter((status) => typeof status === 'number' && status >= 500);
  const storedByFirst = retried.filter((s) => s.statuses.at(-1) === 200).length;
  say(
    `  ${count(sent.length)} submissions (${count(applications)} applications) sent, ${count(Math.round(sent.length / KILL_LOAD_SECONDS))} a second;` +
      ` ${count(sent.length - unanswered.length)} answered 201 or 200 in the end`,
    `  ${retried.length} sent again with the same body after ${cut} cut connections and ${errors.length} answers 5xx (${byStatus(errors)});` +
      ` ${storedByFirst} of them had been stored by an attempt cut off (answered 200 then, with the same applicant ids)`,
  );
  check(unexpected.length === 0, `Unexpected answers during the stream: ${unexpected.slice(0, 5).join('; ')}`);
  check(unanswered.length === 0, `${unanswered.length} submissions never got a 2xx answer`);

  const { rows } = await run.database.query<{ group: string; ids: string[] }>(
    `SELECT s.form_group_id AS "group", array_agg(a.applicant_id ORDER BY a.position) AS ids
     FROM submissions s JOIN applications a ON a.submission_id = s.id
     WHERE s.form_group_id = ANY($1) GROUP BY s.form_group_id`,
    [sent.map((s) => groupOf(s.body))],
  );
  const stored = new Map(rows.map((row) => [row.group, row.ids]));
  const wrong = sent.filter((s) => JSON.stringify(stored.get(groupOf(s.body))) !== JSON.stringify(s.applicantIds));
  const storedApplications = rows.reduce((sum, row) => sum + row.ids.length, 0);
  say(
    `  in the database: ${count(rows.length)} submissions, ${count(storedApplications)} applications;` +
      ` ${wrong.length} answered submissions missing or stored otherwise than answered`,
  );
  check(wrong.length === 0, `${wrong.length} answered submissions are not stored exactly as answered`);
  check(
    rows.length === sent.length && storedApplications === applications,
    `${rows.length} submissions and ${storedApplications} applications stored for ${sent.length} and ${applications} sent`,
  );

  const servers = await run.balancer.servers();
  const survivorReady = await send(`${survivor.url}/health/ready`);
  say(
    `  HAProxy now sees ${victim.name} ${servers.get(victim.name)?.status ?? '?'}, ${survivor.name} ${servers.get(survivor.name)?.status ?? '?'};` +
      ` ${survivor.name}'s readiness: ${survivorReady.status}`,
  );
  check(survivorReady.status === 200, `${survivor.name} is not ready after the kill`);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const began = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'bench-instances-'));
  const cleanUps: Array<() => Promise<void>> = [() => Promise.resolve(rmSync(dir, { recursive: true, force: true }))];
  let cleaned: Promise<void> | undefined;
  // Processes first (they hold the schema's connections), then what they used, last in first out.
  const cleanUp = () =>
    (cleaned ??= (async () => {
      await stopAll();
      for (const step of cleanUps.reverse()) await step().catch((error: unknown) => console.error(String(error)));
    })());
  const abort = (why: string) => {
    console.error(why);
    process.exitCode = 1;
    const forced = setTimeout(() => {
      killAllNow();
      process.exit(1);
    }, 15_000);
    forced.unref();
    void cleanUp().finally(() => process.exit(1));
  };
  const watchdog = setTimeout(() => abort(`Stopped: the run took over ${RUN_DEADLINE_MS / 1000} s`), RUN_DEADLINE_MS);
  process.once('SIGINT', () => abort('Interrupted'));
  process.once('SIGTERM', () => abort('Terminated'));

  let run: Running | undefined;
  try {
    ensureBuilt();
    run = await start(cleanUps, dir);
    const running = run;
    const started = Date.now();
    console.log(
      `\nTwo instances (RUN_WORKER=false) and the worker on PostgreSQL, behind HAProxy ${haproxyVersion()} ` +
        `(deploy/haproxy.cfg), started in ${((started - began) / 1000).toFixed(1)} s; Node.js ${process.version}\n`,
    );
    const phase = async (title: string, body: (say: Say) => Promise<void>) => {
      console.log(title);
      await body((...lines) => console.log(lines.join('\n')));
      console.log('  ok\n');
    };
    await phase('1. One address, one submission limit across the instances', (say) =>
      limitAcrossInstances(running, say),
    );
    let token = '';
    await phase('2. Sent to one instance, read through the other; the emails sent by the worker', async (say) => {
      token = await statusThroughTheOtherInstance(running, say);
    });
    await phase('3. The metrics of the instances add up to what the balancer relayed', (say) =>
      metricsAddUp(running, token, say),
    );
    await phase('4. Requests per second with one instance and with two', (say) => throughput(running, token, say));
    await phase('5. One instance killed under a stream of submissions', (say) => killUnderLoad(running, say));
    console.log(`Every check passed in ${((Date.now() - began) / 1000).toFixed(1)} s.`);
  } catch (error) {
    process.exitCode = 1;
    console.error(`\nFAILED: ${error instanceof Error ? error.message : String(error)}`);
    if (!(error instanceof CheckFailed) && error instanceof Error) console.error(error.stack);
    for (const managed of run ? [...run.instances.map((i) => i.process), run.worker.process] : []) {
      const output = managed.output().trim();
      if (output !== '') console.error(`--- ${managed.name} (last output)\n${output.slice(-3_000)}`);
    }
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}

function haproxyVersion(): string {
  const version = spawnSync(haproxyPath(), ['-v'], { encoding: 'utf8' }).stdout;
  return /version (\S+)/.exec(version)?.[1] ?? '';
}

await main();
