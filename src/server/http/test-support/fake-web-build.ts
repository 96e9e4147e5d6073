// Test support (not a test file): a built web app as the server finds it (dist/web/index.html
// beside dist/web-server/entry-server.js), with a server entry written here that keeps the
// contract of #shared/pages/page-renderer.ts and shows what it was asked to render: the address,
// the cookies, the form token, then the page data (session, outcome, facts, problem, "Go back", address) as
// JSON. It sends one address elsewhere and fails on another. The real entry is driven by the
// browser tests.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FormProblem, PageFacts, PageOutcome, PageSession } from '#shared/pages/page-data.ts';

export const FAKE_INDEX_HTML =
  '<!doctype html><html lang="en" dir="ltr"><head><title>x</title></head><body><div id="root"></div></body></html>';

const entry = `
let loaded = false;
export async function loadPages() { loaded = true; }
export function renderPage(template, { url, cookies, data }) {
  if (!loaded) throw new Error('not loaded');
  if (url.startsWith('/reuse-travel')) return { kind: 'redirect', location: '/reuse-travel-details' };
  if (url.startsWith('/accessibility')) throw new Error('render failed');
  const { session, outcome, facts, problem, back, address, formToken } = data;
  const content = (problem ? problem.kind.toUpperCase() + ' ' : '') + url + ' | ' + cookies + ' | ' + formToken
    + ' | ' + JSON.stringify({ session, outcome, facts, problem, back, address });
  return { kind: 'page', html: template.replace('<div id="root"></div>', '<div id="root">' + content + '</div>') };
}
`;

/** Writes the fake build into a new temporary folder; returns its web root and how to remove it. */
export async function writeFakeWebBuild(): Promise<{ webRoot: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'web-app-'));
  await mkdir(join(dir, 'web'));
  await mkdir(join(dir, 'web-server'));
  await writeFile(join(dir, 'web', 'index.html'), FAKE_INDEX_HTML);
  await writeFile(join(dir, 'web-server', 'entry-server.js'), entry);
  return { webRoot: join(dir, 'web'), remove: () => rm(dir, { recursive: true, force: true }) };
}

/** What the fake entry rendered the page from: the session, the form's outcome, the facts looked up, the form's problem, the "Go back" (an empty outcome or facts as none). */
export function renderedFrom(html: string): {
  session?: PageSession;
  outcome?: PageOutcome;
  facts?: PageFacts;
  formProblem?: FormProblem;
  backLink?: string;
  address?: string;
} {
  const json = /<div id="root">[^|]*\|[^|]*\|[^|]*\| (\{.*\})<\/div>/.exec(html)?.[1];
  if (json === undefined) return {};
  const data = JSON.parse(json) as {
    session?: PageSession;
    outcome?: PageOutcome;
    facts?: PageFacts;
    problem?: FormProblem;
    back?: string;
    address?: string;
  };
  const some = <T extends object>(value: T | undefined) =>
    value === undefined || Object.keys(value).length === 0 ? undefined : value;
  return {
    ...(data.session && { session: data.session }),
    ...(some(data.outcome) && { outcome: data.outcome }),
    ...(some(data.facts) && { facts: data.facts }),
    ...(data.problem && { formProblem: data.problem }),
    ...(data.back !== undefined && { backLink: data.back }),
    ...(data.address !== undefined && { address: data.address }),
  };
}
