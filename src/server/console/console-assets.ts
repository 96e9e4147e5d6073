// The console's styles, scripts, fonts and images under /caseworker/assets/: GOV.UK Frontend's own
// built files, straight from the package, and the console's few of its own (assets/ beside this
// file, copied beside the bundle by the build). Apart from the public pages' build: the console
// needs components the public pages leave out of their stylesheet, and changes without them.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { govukFrontendDist } from './console-views.ts';

export const CONSOLE_ASSETS_PATH = '/caseworker/assets';

const govukFolder = join(govukFrontendDist, 'govuk');
const ownFolder = fileURLToPath(new URL('./assets/', import.meta.url));
// Not content-hashed: a day's caching, checked again after it (a release changes them rarely).
const cacheControl = 'public, max-age=86400';

export async function registerConsoleAssets(app: FastifyInstance): Promise<void> {
  // GOV.UK Frontend's stylesheet finds its fonts and images under /assets/: here they are under the console's path.
  const stylesheet = (await readFile(join(govukFolder, 'govuk-frontend.min.css'), 'utf8')).replaceAll(
    'url(/assets/',
    `url(${CONSOLE_ASSETS_PATH}/`,
  );
  app.get(`${CONSOLE_ASSETS_PATH}/govuk-frontend.min.css`, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', cacheControl).send(stylesheet),
  );
  const files = {
    'govuk-frontend.min.js': join(govukFolder, 'govuk-frontend.min.js'),
    'console.js': join(ownFolder, 'console.js'),
    'console.css': join(ownFolder, 'console.css'),
  };
  for (const [name, path] of Object.entries(files)) {
    const body = await readFile(path);
    const type = name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8';
    app.get(`${CONSOLE_ASSETS_PATH}/${name}`, async (_request, reply) =>
      reply.type(type).header('cache-control', cacheControl).send(body),
    );
  }
  await app.register(fastifyStatic, {
    root: join(govukFolder, 'assets'),
    prefix: `${CONSOLE_ASSETS_PATH}/`,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', cacheControl);
    },
  });
}
