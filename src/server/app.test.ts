import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '#shared/pages/page-paths.ts';
import { APPLICATION_SAVED_PATH, CONTINUE_APPLICATION_PATH } from '#shared/pages/saved-drafts.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { HttpError } from './http/http-error.ts';
import { openMigratedPglite } from './test-support/test-databases.ts';

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="analytics-id" content="">
    <title>Creative worker visa concession remote clearance</title>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </head>
  <body><div id="root"></div>${'<!-- padding so the page is worth compressing -->'.repeat(40)}</body>
</html>
`;
const appJs = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

let webRoot: string;
let database: Database;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'web-root-'));
  await mkdir(join(webRoot, 'assets'));
  await mkdir(join(webRoot, '.vite'));
  await writeFile(join(webRoot, 'index.html'), indexHtml);
  // The files the web build puts at the root (scripts/vite/root-files.ts), from where it takes them.
  await copyFile(fileURLToPath(new URL('../web/robots.txt', import.meta.url)), join(webRoot, 'robots.txt'));
  await copyFile(
    createRequire(import.meta.url).resolve('govuk-frontend/dist/govuk/assets/images/favicon.ico'),
    join(webRoot, 'favicon.ico'),
  );
  await writeFile(join(webRoot, '.vite', 'manifest.json'), '{}');
  await writeFile(join(webRoot, 'assets', 'app-abc123.js'), appJs);
  await writeFile(join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync(appJs));
  await writeFile(join(webRoot, 'assets', 'app-abc123.js.gz'), gzipSync(appJs));
  await writeFile(join(webRoot, 'assets', 'app-abc123.css'), 'body { margin: 0 }\n');
  await writeFile(join(webRoot, 'assets', 'font-abc123.woff2'), Buffer.from('wOF2'));
  await writeFile(join(webRoot, 'assets', 'crest-abc123.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  database = await openMigratedPglite();
});

afterAll(async () => {
  await database.close();
  await rm(webRoot, { recursive: true, force: true });
});

function testConfig(env: Record<string, string> = {}, overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', ...env }), webRoot, ...overrides };
}

class LogCapture extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l !== ''),
    );
    done();
  }
}

async function withApp<T>(
  config: Config,
  fn: (app: FastifyInstance) => Promise<T>,
  db: Database = database,
): Promise<T> {
  const app = await buildApp(config, { database: db, logDestination: new LogCapture() });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
}

describe('the app without analytics', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig(), { database, logDestination: new LogCapture() });
    // Routes that fail, for the error handling tests.
    app.post('/api/echo', (request) => ({ received: request.body }));
    app.get('/api/teapot', () => {
      throw new HttpError(418, 'Teapot', 'I am a teapot');
    });
    app.get('/api/boom', () => {
      throw new Error('database said no');
    });
  });
  afterAll(() => app.close());

  describe('security headers', () => {
    it.each(['/', '/assets/crest-abc123.svg', '/api/nope', '/status/3', '/health/live', '/assets/missing.js'])(
      'are on %s',
      async (url) => {
        const response = await app.inject({ url });
        const csp = response.headers['content-security-policy'];
        expect(csp).toBe(
          "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self' https://www.gov.uk;frame-ancestors 'none'",
        );
        expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|upgrade-insecure-requests|google/);
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        // A page without a query tells this service alone where the browser came from; nothing else does.
        const page = url === '/' || url === '/status/3';
        expect(response.headers['referrer-policy']).toBe(page ? 'same-origin' : 'no-referrer');
        if (page) {
          const withQuery = await app.inject({ url: `${url}?epat=abc.def` });
          expect(withQuery.headers['referrer-policy']).toBe('no-referrer');
        }
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['x-frame-options']).toBe('DENY');
      },
    );

    // A browser never shows these as a page (an SVG image it can): the headers that apply to a page
    // alone are not sent with them again, about half a kilobyte each (decision 063).
    it.each(['/assets/app-abc123.js', '/assets/app-abc123.css', '/assets/font-abc123.woff2'])(
      'on %s are those that apply to a script, a style sheet or a font',
      async (url) => {
        const response = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
        expect(response.headers['referrer-policy']).toBe('no-referrer');
        for (const name of [
          'content-security-policy',
          'cross-origin-opener-policy',
          'origin-agent-cluster',
          'strict-transport-security',
          'x-dns-prefetch-control',
          'x-download-options',
          'x-frame-options',
          'x-permitted-cross-domain-policies',
          'x-xss-protection',
        ])
          expect(response.headers[name], name).toBeUndefined();
      },
    );

    it('are on errors and on methods no route takes', async () => {
      for (const response of [
        await app.inject({ url: '/api/boom' }),
        await app.inject({ method: 'POST', url: '/status' }),
        await app.inject({ method: 'DELETE', url: '/api/nope' }),
      ]) {
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
        expect(response.headers['x-frame-options']).toBe('DENY');
      }
    });
  });

  describe('the single-page app', () => {
    it('serves index.html at / with the analytics id left empty, kept by no browser or proxy', async () => {
      const response = await app.inject({ url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toBe(indexHtml);
    });

    it.each(['/status/3', '/status/abc/', '/cookies', '/Cookies/', '/reuse-travel', '/status', '/index.html'])(
      'answers %s with index.html for the router',
      async (url) => {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).toBe(indexHtml);
      },
    );

    it('shows a status link that opens nothing at once, keeping nothing for it', async () => {
      const response = await app.inject({ url: '/status/1?epat=abc.def&x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers.location).toBeUndefined();
      expect(String(response.headers['set-cookie'])).not.toContain('formSession');
    });

    it.each([
      '/anything',
      '/no/such/page?epat=abc.def',
      '/status/3/4',
      '/cookies.html',
      '/cookiesx',
      '/.vite/manifest.json',
    ])(
      'sends %s, not a page of the service, to the start page (without JavaScript too), dropping its query',
      async (url) => {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await app.inject({ method, url });
          expect(response.statusCode).toBe(302);
          expect(response.headers.location).toBe('/');
        }
      },
    );

    it('answers every page of the service with index.html', async () => {
      // The page saying the answers are saved leads to the start page without answers saved, and
      // the page a saved application's link opens says, without a link, that it opens none.
      const leadHome = [APPLICATION_SAVED_PATH] as string[];
      for (const path of PAGE_PATHS) {
        const response = await app.inject({ url: path.replace(':applicantIndex', '2') });
        if (leadHome.includes(path)) {
          expect(response.statusCode, path).toBe(303);
          expect(response.headers.location, path).toBe('/');
          continue;
        }
        expect(response.statusCode, path).toBe(path === CONTINUE_APPLICATION_PATH ? 404 : 200);
        expect(response.body, path).toBe(indexHtml);
      }
    });

    it.each([
      ['/cookies?lang=ar', '/cookies', 'ar'],
      ['/?lang=en', '/', 'en'],
      ['/cookies?lang=fr', '/cookies', undefined],
    ])(
      // A status link's language is kept the same way, its page answered at once (status-forms.test.ts).
      'follows the language link %s by keeping the language in a cookie and dropping the parameter',
      async (url, location, language) => {
        const response = await app.inject({ url });
        expect(response.statusCode).toBe(302);
        expect(response.headers.location).toBe(location);
        expect(response.headers['set-cookie']).toBe(
          language === undefined ? undefined : `lang=${language}; Path=/; SameSite=Lax`,
        );
      },
    );

    it('answers HEAD for SPA routes too', async () => {
      const response = await app.inject({ method: 'HEAD', url: '/status/3' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it('lets browsers keep hashed assets for a year, other files not', async () => {
      const asset = await app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(asset.body).toBe(appJs);
      const robots = await app.inject({ url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['cache-control']).toBe('no-cache');
    });

    it('serves /robots.txt as plain text and /favicon.ico as GOV.UK’s icon, not index.html', async () => {
      const robots = await app.inject({ url: '/robots.txt' });
      expect(robots.statusCode).toBe(200);
      expect(robots.headers['content-type']).toMatch(/^text\/plain\b/);
      expect(robots.body).toMatch(/^User-agent: \*$/m);
      expect(robots.body).toMatch(/^Disallow: \/status\?$/m);
      const favicon = await app.inject({ url: '/favicon.ico' });
      expect(favicon.statusCode).toBe(200);
      expect(favicon.headers['content-type']).toBe('image/vnd.microsoft.icon');
      expect(favicon.headers['cache-control']).toBe('no-cache');
      expect(favicon.rawPayload.equals(await readFile(join(webRoot, 'favicon.ico')))).toBe(true);
    });

    it('serves the precompressed brotli or gzip file by Accept-Encoding', async () => {
      const br = await app.inject({
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(appJs);

      const gzip = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(appJs);

      const none = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
      expect(none.headers['content-encoding']).toBeUndefined();
      expect(none.body).toBe(appJs);
    });

    it('compresses index.html by Accept-Encoding', async () => {
      const br = await app.inject({ url: '/status/3', headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(indexHtml);

      const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'br;q=0, gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(indexHtml);
    });

    it('answers 404, not index.html, for a missing asset or a compressed file by its own name', async () => {
      for (const url of ['/assets/missing.js', '/assets/app-abc123.js.br', '/assets/app-abc123.js.gz', '/assets']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).not.toContain('<html');
      }
    });
  });

  describe('the API and errors', () => {
    it('answers an unknown API path with a JSON 404 for any method', async () => {
      for (const method of ['GET', 'POST', 'PUT'] as const) {
        const response = await app.inject({ method, url: '/api/nope' });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.json()).toEqual({ error: 'NotFound', message: expect.any(String) });
      }
    });

    it('answers an unknown health path, a method no page takes and a POST elsewhere with a JSON 404', async () => {
      expect((await app.inject({ url: '/health/nope' })).json()).toMatchObject({ error: 'NotFound' });
      for (const request of [
        { method: 'PUT', url: '/status' },
        { method: 'POST', url: '/no/such/page' },
      ] as const) {
        const response = await app.inject(request);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: 'NotFound' });
      }
    });

    it('refuses a form sent to a page without the form token (403)', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/status',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'cookies=accept',
      });
      expect(response.statusCode).toBe(403);
      // The answer to a form that is not this service's sets no cookie at all.
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('answers an unexpected failure with the generic JSON 500 and no details', async () => {
      const response = await app.inject({ url: '/api/boom' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: 'InternalServerError',
        message: 'Sorry, there is a problem with the service',
      });
      expect(response.body).not.toContain('database said no');
    });

    it('answers client errors as JSON with their message', async () => {
      const badJson = await app.inject({
        method: 'POST',
        url: '/api/echo',
        headers: { 'content-type': 'application/json' },
        payload: '{"oops"',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json()).toMatchObject({ error: 'BadRequest', message: expect.any(String) });
      const teapot = await app.inject({ url: '/api/teapot' });
      expect(teapot.statusCode).toBe(418);
      expect(teapot.json()).toEqual({ error: 'Teapot', message: 'I am a teapot' });
    });

    it('compresses large JSON answers on the fly', async () => {
      const payload = { text: 'x'.repeat(5000) };
      const response = await app.inject({
        method: 'POST',
        url: '/api/echo',
        payload,
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual({ received: payload });
    });
  });

  describe('health', () => {
    it('is live', async () => {
      const response = await app.inject({ url: '/health/live' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });

    it('is ready while the database answers', async () => {
      const response = await app.inject({ url: '/health/ready' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    });
  });
});

describe('readiness without a database', () => {
  it('answers 503 when the database is closed', async () => {
    // Readiness writes to a table of the migrations.
    const closing = await openMigratedPglite();
    // The probe asks the database at most once a second: the clock moves on between the two asks.
    let clock = Date.parse('2026-11-27T10:00:00Z');
    const app = await buildApp(testConfig(), {
      database: closing,
      logDestination: new LogCapture(),
      now: () => new Date(clock),
    });
    try {
      expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
      await closing.close();
      clock += 1_000;
      const response = await app.inject({ url: '/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable' });
      expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('the app with analytics', () => {
  const config = (): Config => testConfig({ ANALYTICS_ID: 'G-ABC123DEF4' });

  it('allows the Google Analytics hosts in the policy and nothing unsafe', async () => {
    await withApp(config(), async (app) => {
      const csp = String((await app.inject({ url: '/' })).headers['content-security-policy']);
      const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? '';
      expect(directive('script-src')).toBe("script-src 'self' https://www.googletagmanager.com");
      for (const name of ['img-src', 'connect-src']) {
        expect(directive(name)).toContain('https://www.googletagmanager.com');
        expect(directive(name)).toContain('https://*.google-analytics.com');
        expect(directive(name)).toContain('https://*.analytics.google.com');
      }
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
    });
  });

  it('puts the id in the meta tag of index.html for the SPA to read', async () => {
    await withApp(config(), async (app) => {
      for (const url of ['/', '/status/3']) {
        const body = (await app.inject({ url })).body;
        expect(body).toContain('<meta name="analytics-id" content="G-ABC123DEF4">');
        expect(body).not.toContain('content=""');
      }
    });
  });
});

describe('an app whose web app is not built', () => {
  it('still answers health and the API, and says pages need a build', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'no-web-'));
    try {
      await withApp(testConfig({}, { webRoot: join(empty, 'missing') }), async (app) => {
        expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
        expect((await app.inject({ url: '/api/nope' })).statusCode).toBe(404);
        const page = await app.inject({ url: '/status/3' });
        expect(page.statusCode).toBe(404);
        expect(page.json()).toMatchObject({ error: 'NotFound', message: expect.stringContaining('npm run build') });
      });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('logging', () => {
  it('never writes query strings, bodies, headers or personal data', async () => {
    const logs = new LogCapture();
    const app = await buildApp(testConfig({ LOG_LEVEL: 'trace' }), { database, logDestination: logs });
    app.post('/api/boom', () => {
      throw Object.assign(new Error('insert failed'), { detail: 'Key (passport)=(SECRET-PASSPORT) exists' });
    });
    const secretHeaders = {
      cookie: 'cookieConsent_analytics=yes; session=SECRET-COOKIE',
      referer: 'https://example.gov.uk/status?epat=SECRET-TOKEN',
      authorization: 'Bearer SECRET-AUTH',
    };
    try {
      const page = await app.inject({ url: '/status?epat=SECRET-TOKEN', headers: secretHeaders });
      expect(page.statusCode).toBe(404);
      const failure = await app.inject({
        method: 'POST',
        url: '/api/boom?epat=SECRET-TOKEN',
        headers: secretHeaders,
        payload: { familyName: 'SECRET-NAME', email: 'secret@example.com', passportNumber: 'SECRET-PASSPORT' },
      });
      expect(failure.statusCode).toBe(500);
      const notFound = await app.inject({
        method: 'PUT',
        url: '/api/nope?epat=SECRET-TOKEN',
        headers: secretHeaders,
        payload: { email: 'secret@example.com' },
      });
      expect(notFound.statusCode).toBe(404);
    } finally {
      await app.close();
    }

    expect(logs.lines.length).toBeGreaterThan(0);
    for (const line of logs.lines) {
      expect(line).not.toMatch(/SECRET|secret@example\.com|epat/);
      JSON.parse(line); // every line is JSON
    }
    const entries = logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toContainEqual(
      expect.objectContaining({ req: { id: expect.any(String), method: 'GET', path: '/status' } }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ res: { statusCode: 404 } }));
    const failed = entries.find((e) => e.msg === 'Request failed');
    expect(failed).toMatchObject({ level: 50, err: { type: 'Error', message: 'insert failed' } });
  });
});
