// Runs after `vite build` (which writes dist/web): bundles the server, and the job worker that runs
// alone, into dist/server with their migrations (so neither needs tsx, a development dependency
// the container image leaves out), and writes brotli and gzip copies of the web files for
// @fastify/static's preCompressed option, so no request pays for compression.
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { build } from 'esbuild';

const root = process.cwd();
const serverOut = join(root, 'dist', 'server');
const webOut = join(root, 'dist', 'web');
const migrationsSource = join(root, 'src', 'server', 'db', 'migrations');
const consoleSource = join(root, 'src', 'server', 'console');

// Text formats; images, fonts (woff and woff2 are compressed already) and archives are left alone.
const compressible = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.map',
  '.ico',
  '.webmanifest',
]);
// Below this, the headers of a compressed response outweigh what compression saves.
const minimumSize = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function bundleServer(): Promise<void> {
  await rm(serverOut, { recursive: true, force: true });
  await build({
    // main.js and worker.js, side by side, so both find ./migrations/ beside them; beside them too
    // the document pool's thread (document-drawing.ts finds ./document-worker.js next to itself).
    entryPoints: [
      { in: join(root, 'src', 'server', 'main.ts'), out: 'main' },
      { in: join(root, 'src', 'server', 'worker.ts'), out: 'worker' },
      { in: join(root, 'src', 'server', 'pdf', 'document-worker.ts'), out: 'document-worker' },
    ],
    outdir: serverOut,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    // Dependencies load from node_modules as usual (PGlite, for one, finds its .wasm files there).
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

// The bundle finds them with new URL('./migrations/', import.meta.url), as the source does.
async function copyMigrations(): Promise<number> {
  const target = join(serverOut, 'migrations');
  await mkdir(target, { recursive: true });
  const files = (await readdir(migrationsSource)).filter((f) => f.endsWith('.sql'));
  await Promise.all(files.map((f) => copyFile(join(migrationsSource, f), join(target, f))));
  return files.length;
}

// The caseworker console's templates and its own styles and script: the bundle finds them with
// new URL('./views/', import.meta.url) and new URL('./assets/', …), as the source does.
async function copyConsoleFiles(): Promise<void> {
  await Promise.all(
    ['views', 'assets'].map((folder) => cp(join(consoleSource, folder), join(serverOut, folder), { recursive: true })),
  );
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // .vite/manifest.json is for build tools, never served.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

async function precompress(path: string): Promise<boolean> {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  // A variant that is not smaller would only cost bytes; the server falls back to the original.
  await Promise.all([
    br.length < content.length ? writeFile(`${path}.br`, br) : rm(`${path}.br`, { force: true }),
    gz.length < content.length ? writeFile(`${path}.gz`, gz) : rm(`${path}.gz`, { force: true }),
  ]);
  return br.length < content.length || gz.length < content.length;
}

async function precompressWeb(): Promise<number> {
  if (!existsSync(webOut)) throw new Error('dist/web is missing: run `vite build` first (npm run build does both)');
  const jobs: Promise<boolean>[] = [];
  for await (const path of walk(webOut)) {
    // The server fills in index.html's analytics id at start-up and compresses the result itself.
    if (relative(webOut, path) === 'index.html') continue;
    if (!compressible.has(extname(path).toLowerCase())) continue;
    if ((await stat(path)).size < minimumSize) continue;
    jobs.push(precompress(path));
  }
  return (await Promise.all(jobs)).filter(Boolean).length;
}

const started = Date.now();
await bundleServer();
const migrations = await copyMigrations();
await copyConsoleFiles();
const compressed = await precompressWeb();
console.log(
  `Server, worker and document pool's thread bundled to ${relative(root, serverOut)} with ${migrations} migration(s) and the console's files; ` +
    `${compressed} web file(s) precompressed (br, gzip) in ${Date.now() - started} ms`,
);
