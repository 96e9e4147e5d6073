// The real server entry of the web app (src/web/entry-server.tsx), built as `npm run build`
// builds it and rendered through the whole server, in each language: the pages a browser without
// JavaScript gets, and the markup a browser with it hydrates. The other server tests use a fake
// entry (http/test-support/fake-web-build.ts); the browser tests drive this one in Chromium, slowly.
// The build goes to a temporary folder, so a `dist` folder being built or served is left alone.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE, LANGUAGE_DIRECTION, LANGUAGES, type Language } from '#shared/i18n/languages.ts';
import ar from '#shared/i18n/translations/ar.json';
import cy from '#shared/i18n/translations/cy.json';
import en from '#shared/i18n/translations/en.json';
import { FORM_TOKEN_FIELD } from '#shared/pages/form-token.ts';
import { PAGE_DATA_ID } from '#shared/pages/page-data.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/database.ts';
import { runMigrations } from './db/migrations.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const translations: Record<Language, unknown> = { en, cy, ar };

let buildDir: string;
let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  buildDir = await mkdtemp(join(tmpdir(), 'server-rendered-pages-'));
  const vite = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vite.cmd' : 'vite');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const options = { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, shell: process.platform === 'win32' };
  // The server finds the server entry beside its web root (web-server beside web).
  await Promise.all([
    promisify(execFile)(vite, ['build', '--logLevel', 'warn', '--outDir', join(buildDir, 'web')], options),
    promisify(execFile)(
      vite,
      ['build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn', '--outDir', join(buildDir, 'web-server')],
      options,
    ),
  ]);
  database = await openDatabase({ engine: 'pglite' });
  await runMigrations(database);
  const config = loadConfig(
    { NODE_ENV: 'test', LOG_LEVEL: 'silent', RUN_WORKER: 'false', WEB_ROOT: join(buildDir, 'web') },
    root,
  );
  app = await buildApp(config, { database });
}, 300_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (buildDir !== undefined) await rm(buildDir, { recursive: true, force: true });
});

/** The text at a dotted key of a translation file. */
function textOf(language: Language, key: string): string {
  const text = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], translations[language]);
  if (typeof text !== 'string') throw new Error(`no text ${key} in ${language}`);
  return text;
}

/** The first h1's text, without its markup. */
function headingOf(html: string): string | undefined {
  return /<h1[^>]*>(.*?)<\/h1>/s
    .exec(html)?.[1]
    ?.replace(/<[^>]*>/g, '')
    .trim();
}

/** What the app wrote into the root element, which React hydrates. */
function rootOf(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.lastIndexOf('</body>');
  expect(start, 'the root element').toBeGreaterThan(0);
  return html.slice(start, end);
}

/** Markup that React's hydration cannot take over: a suspended or failed render, a stray script. */
function expectHydratable(root: string): void {
  // A Suspense boundary still pending (<!--$?-->) or failed (<!--$!-->), and the templates React
  // streams for them, mean the page was not whole when it was sent.
  expect(root).not.toMatch(/<!--\$[?!]-->|<template/);
  // The only script in the root's neighbourhood is the page data, which the browser does not run.
  const scripts = root.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts).toEqual([`<script type="application/json" id="${PAGE_DATA_ID}">`]);
}

/** The page data the server gave the browser's app, parsed. */
function pageDataOf(html: string): Record<string, unknown> {
  const json = new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`, 's').exec(html)?.[1];
  expect(json, 'the page data').toBeDefined();
  return JSON.parse(json ?? '') as Record<string, unknown>;
}

const formTokenOf = (html: string) =>
  new RegExp(`<input type="hidden" name="${FORM_TOKEN_FIELD}" value="([^"]*)"`).exec(html)?.[1];

describe.each(LANGUAGES)('the server-rendered pages in %s', (language) => {
  const cookie = `${LANGUAGE_COOKIE}=${language}`;
  const htmlElement = `<html lang="${language}" dir="${LANGUAGE_DIRECTION[language]}"`;

  it('renders a page of the journey whole, with the data its app hydrates from', async () => {
    const response = await app.inject({ url: '/your-contact-details', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(htmlElement);
    expect(headingOf(response.body)).toBe(textOf(language, 'pages.yourContactDetails'));
    const token = formTokenOf(response.body);
    expect(token).toMatch(/^[\w-]{20,}$/);
    // The first question's "Go back" leads to the start page.
    const data = pageDataOf(response.body);
    expect(data).toEqual({
      build: expect.stringMatching(/^[\w-]{16}$/),
      formToken: token,
      session: { formState: null, statusToken: null, notice: null, savedUntil: null },
      outcome: {},
      facts: {},
      back: '/',
    });
    expectHydratable(rootOf(response.body));
    expect(response.body).toMatch(/<script type="module"[^>]* src="\/assets\/[^"]+\.js"><\/script>/);

    // The app asks for the same page as JSON: the same data, but for the "Go back" of a page loaded whole.
    const answer = await app.inject({
      url: '/your-contact-details',
      headers: { cookie: `${cookie}; ${response.headers['set-cookie']}`, accept: 'application/json' },
    });
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers.vary).toMatch(/accept/i);
    const { back: _back, ...rest } = data;
    expect(answer.json()).toEqual({ location: '/your-contact-details', data: rest });
  });

  it('renders the status page without a status link as an application not found', async () => {
    const response = await app.inject({ url: '/status', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(htmlElement);
    expect(headingOf(response.body)).toBe(textOf(language, 'status.notFoundTitle'));
    expect(pageDataOf(response.body)).toMatchObject({
      session: { formState: null, statusToken: null },
      formToken: formTokenOf(response.body),
    });
    expectHydratable(rootOf(response.body));
  });

  it('answers a form sent without the form token with a page of its own, without the app', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/status',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'licence-number=x',
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain(htmlElement);
    expect(headingOf(response.body)).toBe(textOf(language, 'serverOnly.formRefused.title'));
    // Shown as it is: no app to hydrate it, so neither page data nor the app's script.
    expect(response.body).not.toContain(PAGE_DATA_ID);
    expect(response.body).not.toMatch(/<script type="module"/);
    expect(rootOf(response.body)).not.toMatch(/<!--\$[?!]-->|<template|<script/);
  });
});
