// The built web app's own files (scripts, styles, fonts, images) under config.webRoot.
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

// Vite puts content-hashed file names under assets/: a changed file gets a new name, so browsers
// may keep them for a year. Anything else (index.html above all) must be checked every time,
// or users would get an old page pointing at assets that no longer exist.
const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

/** Serves the files of the build at `webRoot`, each as its precompressed encoding where the browser takes one. */
export async function registerStaticFiles(app: FastifyInstance, webRoot: string): Promise<void> {
  const assetsDir = join(webRoot, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    index: false,
    // Vite's .vite/manifest.json and the like are build details, not pages.
    dotfiles: 'ignore',
    serveDotFiles: false,
    // The build writes .br and .gz beside each compressible file: no compressing per request.
    preCompressed: true,
    cacheControl: false,
    // The .br/.gz files are served only as encodings of their original, never by their own name.
    allowedPath: (pathName) => !/\.(?:br|gz)$/.test(pathName),
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? immutable : revalidate);
    },
  });
}
