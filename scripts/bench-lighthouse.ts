// npm run bench:lighthouse: Lighthouse's mobile performance audit (its defaults: a mid-range phone's
// screen, a slow 4G link and a processor four times slower, simulated) of the public pages of the
// built service (`npm run build` first), in the system's Chromium: `/`, a question page,
// `/cookies`, `/check-a-clearance`, `/status` opened from the link of a confirmation email, and
// `/status` after the licence number. Each page three times; the run with the median score is
// printed: the score, total blocking time, layout shift, largest contentful paint and bytes
// transferred. Then each page as often with its scripts blocked: the same HTML and styles, the
// browser's own work on them alone, which is the floor under the blocking time and the score on
// the machine that measures. Figures only: nothing fails on them.
//
// Lighthouse is fetched by npx at its pinned version when the benchmark runs (decision 058): it is
// a tool of this benchmark alone, and nothing of the service or its tests needs it installed.
// Options (environment): CHROMIUM_PATH, LIGHTHOUSE_RUNS (3).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { simpleParser } from 'mailparser';
import { NEW_FROM_CONCESSION_PATH } from '../src/shared/api/new-from-concession.ts';
import { STATUS_FORM_FIELDS } from '../src/shared/api/status-form.ts';
import { FORM_TOKEN_COOKIE, FORM_TOKEN_FIELD } from '../src/shared/pages/form-token.ts';
import { FIXTURE_SPONSOR, validRequest } from '../tests/fixtures/applicants.ts';
import { outboxFiles, waitFor } from '../src/server/test-support/child-process.ts';
import { CookieJar } from '../tests/e2e/support/cookie-jar.ts';
import { startBuiltService, type BuiltService } from './built-service.ts';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = promisify(execFile);

interface Audit {
  readonly score: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly lcpMs: number;
  readonly kib: number;
  /** Lighthouse's measure of the machine's speed in the run ("CPU/Memory Power"). */
  readonly benchmarkIndex: number;
}

/** One Lighthouse run of `url`, sending `cookie` when given; with `withoutScripts`, every script blocked. */
async function lighthouse(
  url: string,
  cookie: string | undefined,
  folder: string,
  withoutScripts: boolean,
): Promise<Audit> {
  const report = join(folder, 'report.json');
  const headers = join(folder, 'headers.json');
  writeFileSync(headers, JSON.stringify(cookie === undefined ? {} : { Cookie: cookie }));
  await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${report}`,
      `--extra-headers=${headers}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
      '--quiet',
      ...(withoutScripts ? ['--blocked-url-patterns=*.js'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
  );
  const { categories, audits, environment } = JSON.parse(readFileSync(report, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue: number }>;
    environment: { benchmarkIndex: number };
  };
  return {
    score: Math.round(categories.performance.score * 100),
    tbtMs: Math.round(audits['total-blocking-time']!.numericValue),
    cls: audits['cumulative-layout-shift']!.numericValue,
    lcpMs: Math.round(audits['largest-contentful-paint']!.numericValue),
    kib: Math.round(audits['total-byte-weight']!.numericValue / 1024),
    benchmarkIndex: Math.round(environment.benchmarkIndex),
  };
}

/** The run with the median score. */
const median = (runs: readonly Audit[]): Audit =>
  [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)]!;

/** Lighthouse now and then fails to record a load's trace (NO_NAVSTART): such a run is made again, twice at most. */
async function withRetries(audit: () => Promise<Audit>): Promise<Audit> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit();
    } catch (error) {
      if (attempt === 3) throw error;
      console.warn(`A Lighthouse run failed, made again: ${(error as { stderr?: string }).stderr?.trim() ?? error}`);
    }
  }
}

/** Sends a group of two through the API and reads the status link of the sponsor's confirmation email (the only email of the run). */
async function statusLink(service: BuiltService): Promise<string> {
  const response = await fetch(`${service.baseUrl}${NEW_FROM_CONCESSION_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validRequest(new Date(), 2)),
  });
  if (response.status !== 201) throw new Error(`The service did not take the applications: ${response.status}`);
  let link: string | undefined;
  await waitFor(async () => {
    for (const file of await outboxFiles(service.dataDir)) {
      const mail = await simpleParser(readFileSync(join(service.dataDir, 'outbox', file)));
      // The whole link, as the sponsor clicks it: its token and the email's language.
      link ??= /https?:\/\/\S+\/status\?epat=[\w.-]+(?:&lang=[a-z]+)?/.exec(mail.text ?? '')?.[0];
    }
    return link !== undefined;
  }, 'the confirmation email with a status link');
  return link!;
}

/** The cookies of a browser that opened `link` and gave the licence number: its status pages are open. */
async function openedStatus(link: string): Promise<string> {
  const cookies = new CookieJar();
  cookies.take(await fetch(link, { redirect: 'manual' }));
  const status = new URL('/status', link).href;
  cookies.take(await fetch(status, { headers: { cookie: cookies.header() } }));
  const answered = await fetch(status, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: cookies.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      [FORM_TOKEN_FIELD]: cookies.get(FORM_TOKEN_COOKIE) ?? '',
      [STATUS_FORM_FIELDS.licenceNumber]: FIXTURE_SPONSOR['sponsor-reference'] ?? '',
    }),
  });
  if (answered.status !== 303) throw new Error(`The licence number was not taken: ${answered.status}`);
  cookies.take(answered);
  return cookies.header();
}

async function main(): Promise<void> {
  const service = await startBuiltService();
  const folder = mkdtempSync(join(tmpdir(), 'cwc-lighthouse-'));
  try {
    const link = await statusLink(service);
    const pages: { name: string; url: string; cookie?: () => Promise<string> }[] = [
      { name: '/', url: `${service.baseUrl}/` },
      { name: 'a question page (/your-contact-details)', url: `${service.baseUrl}/your-contact-details` },
      { name: '/cookies', url: `${service.baseUrl}/cookies` },
      { name: '/check-a-clearance', url: `${service.baseUrl}/check-a-clearance` },
      { name: '/status from the email’s link', url: link },
      { name: '/status after the licence number', url: `${service.baseUrl}/status`, cookie: () => openedStatus(link) },
    ];
    const rows: Record<string, string | number>[] = [];
    const benchmarkIndexes: number[] = [];
    for (const page of pages) {
      // In turn, so that a change in the machine's speed during the runs falls on both alike.
      const runs: Audit[] = [];
      const floors: Audit[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await withRetries(async () => lighthouse(page.url, await page.cookie?.(), folder, false)));
        floors.push(await withRetries(async () => lighthouse(page.url, await page.cookie?.(), folder, true)));
      }
      benchmarkIndexes.push(...[...runs, ...floors].map((r) => r.benchmarkIndex));
      const audit = median(runs);
      const floor = median(floors);
      rows.push({
        page: page.name,
        score: audit.score,
        'scores of the runs': runs.map((r) => r.score).join(', '),
        'TBT ms': audit.tbtMs,
        CLS: audit.cls.toFixed(3),
        'LCP ms': audit.lcpMs,
        KiB: audit.kib,
        'without scripts: score (runs)': `${floor.score} (${floors.map((r) => r.score).join(', ')})`,
        'TBT ms without scripts': floor.tbtMs,
      });
    }
    console.log(
      `Lighthouse ${LIGHTHOUSE.split('@')[1]}, mobile (its defaults), ${RUNS} runs a page, the median's figures`,
    );
    console.table(rows);
    // Its four times slower processor is calibrated for a machine of 1,500 to 2,000 (Lighthouse's
    // docs/throttling.md): on a slower one the pages are measured on a slower phone than that.
    console.log(
      `Lighthouse's benchmark index of this machine in the runs (CPU/Memory Power): ${Math.min(...benchmarkIndexes)} to ${Math.max(...benchmarkIndexes)}`,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await service.stop();
  }
}

await main();
