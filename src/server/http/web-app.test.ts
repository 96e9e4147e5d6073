// How the server uses the web app's built server entry (the contract in
// #shared/pages/page-renderer.ts), with an entry written here that renders what it is asked, sends
// one address elsewhere and fails on another. The real entry is driven by the browser tests.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createLogger } from '../logger.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './web-app.ts';

const indexHtml =
  '<!doctype html><html lang="en" dir="ltr"><head><title>x</title></head><body><div id="root"></div></body></html>';

const entry = `
let loaded = false;
export async function loadPages() { loaded = true; }
export function renderPage(template, { url, cookies }) {
  if (!loaded) throw new Error('not loaded');
  if (url.startsWith('/reuse-travel')) return { kind: 'redirect', location: '/reuse-travel-details' };
  if (url.startsWith('/cookies')) throw new Error('render failed');
  return { kind: 'page', html: template.replace('<div id="root"></div>', '<div id="root">' + url + ' ' + cookies + '</div>') };
}
`;

const logLines: string[] = [];
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'web-app-'));
  await mkdir(join(dir, 'web'));
  await mkdir(join(dir, 'web-server'));
  await writeFile(join(dir, 'web', 'index.html'), indexHtml);
  await writeFile(join(dir, 'web-server', 'entry-server.js'), entry);
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger: FastifyBaseLogger = createLogger({ logLevel: 'info' }, stream);
  app = Fastify({ loggerInstance: logger });
  await registerWebApp(app, { webRoot: join(dir, 'web'), analyticsId: undefined });
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('pages rendered by the built server entry', () => {
  it('sends the rendered page, from the address and the cookies, revalidated and varying by cookie', async () => {
    const response = await app.inject({ url: '/status?epat=abc', headers: { cookie: 'lang=ar' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">/status?epat=abc lang=ar</div>');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('Cookie');
  });

  it('redirects where the page says the address always leads elsewhere', async () => {
    const response = await app.inject({ url: '/reuse-travel' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/reuse-travel-details');
  });

  it('falls back to the page drawn in the browser when a render fails, and logs the path without the query', async () => {
    const response = await app.inject({ url: '/cookies?epat=SECRET-TOKEN' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(indexHtml);
    const failure = logLines.find((line) => line.includes('Rendering a page on the server failed'));
    expect(failure).toContain('"path":"/cookies"');
    expect(logLines.join('\n')).not.toContain('SECRET-TOKEN');
  });
});
