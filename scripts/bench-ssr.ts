// npm run bench:ssr: requests per second and latency of pages rendered on the server (decision
// 022), next to serving the built index.html as a static file from a bare Fastify in the same
// process and run, which is what every page cost before. Needs `npm run build` (the built
// index.html and the server entry in dist/web-server). On PostgreSQL when DATABASE_URL is set,
// else on the embedded PGlite in a temporary folder.
//
// Options (environment): BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';

// React's production build renders, as in a deployment (NODE_ENV=production): set before React
// loads, so the service's modules are imported after it. The service's own settings stay those
// of local use, which need no keys.
process.env.NODE_ENV = 'production';
const { buildApp } = await import('../src/server/app.ts');
const { loadConfig } = await import('../src/server/config.ts');
const { measure, openBenchDatabase, printRuns } = await import('./bench-support.ts');

const baseConfig = loadConfig({ ...process.env, NODE_ENV: 'development' });

async function main(): Promise<void> {
  const entry = join(baseConfig.webRoot, '..', 'web-server', 'entry-server.js');
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first`);
  const index = await readFile(join(baseConfig.webRoot, 'index.html'), 'utf8');
  const { database, engine, cleanUp } = await openBenchDatabase(baseConfig.databaseUrl);
  // The pages alone: no job worker competing for the cores, no request logs.
  const app = await buildApp({ ...baseConfig, logLevel: 'warn', runWorker: false }, { database });
  const bare = Fastify();
  bare.get('/index.html', (_request, reply) => reply.type('text/html; charset=utf-8').send(index));

  try {
    const appUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });
    const page = (path: string, cookie = '') => ({
      url: `${appUrl}${path}`,
      method: 'GET' as const,
      headers: cookie === '' ? {} : { cookie },
    });
    const runs = [
      await measure('static index.html, bare Fastify', { url: `${bareUrl}/index.html`, method: 'GET' }),
      await measure('/ rendered', page('/')),
      await measure('/your-contact-details rendered (a question page)', page('/your-contact-details')),
      await measure('/cookies rendered in Arabic', page('/cookies', 'lang=ar')),
    ];
    printRuns(`GET of pages (HTML, uncompressed), ${engine}`, runs);
  } finally {
    await Promise.all([app.close(), bare.close()]);
    await cleanUp();
  }
}

await main();
