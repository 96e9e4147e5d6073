// `npm run dev`: the service as it changes, at two addresses.
// - http://localhost:3000 (PORT): the server as `npm start` runs it, so the pages arrive rendered
//   on the server and their forms work without JavaScript. Vite rebuilds the web app (dist/web)
//   and its server entry (dist/web-server) on every change, and the server restarts on every
//   change of its own code or of those builds.
// - http://localhost:5173: Vite's dev server with hot reload, where the app renders in the browser
//   only (it proxies /api and /health to the server).
// Ctrl+C stops them all.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const windows = process.platform === 'win32';
const bin = (name: string): string => join(process.cwd(), 'node_modules', '.bin', windows ? `${name}.cmd` : name);
// The files whose change means a new build of the web app: the server reads them once, at start.
const builtPage = join('dist', 'web', 'index.html');
const builtEntry = join('dist', 'web-server', 'entry-server.js');

const children: ChildProcess[] = [];
let stopRequested = false;
let exitCode = 0;
const alive = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

function stopAll(): void {
  for (const child of children) if (alive(child)) child.kill('SIGTERM');
  // Whatever does not stop in time is not worth waiting for.
  setTimeout(() => {
    for (const child of children) if (alive(child)) child.kill('SIGKILL');
    process.exit(exitCode || 1);
  }, 10_000).unref();
}

function start(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  const child = spawn(bin(command), args, { stdio: 'inherit', env, shell: windows });
  children.push(child);
  child.on('exit', (code, signal) => {
    // One part failing (a port in use, say) leaves the rest useless: stop them all and say so.
    if (!stopRequested && (code !== 0 || signal !== null)) exitCode = code ?? 1;
    if (children.every((c) => !alive(c))) process.exit(exitCode);
    if (!stopRequested) {
      stopRequested = true;
      stopAll();
    }
  });
}

const builtSince = (path: string, time: number): boolean => existsSync(path) && statSync(path).mtimeMs >= time;

process.on('SIGTERM', () => {
  stopRequested = true;
  stopAll();
});
// Ctrl+C's SIGINT reaches the children from the terminal already, and signalled twice the server
// would skip its clean shutdown: pass it on only to whichever is still running after a moment.
process.on('SIGINT', () => {
  stopRequested = true;
  setTimeout(stopAll, 2_000).unref();
});

// Rebuilt over the last build, not into an emptied folder: the server would restart on a file
// removed and find no build. Old assets stay behind until `npm run build` empties the folders.
const watchBuild = ['--watch', '--no-emptyOutDir', '--logLevel', 'warn'];
const startedAt = Date.now();
start('vite', ['build', ...watchBuild]);
start('vite', ['build', '--ssr', 'entry-server.tsx', ...watchBuild]);
start('vite', []);

// The server reads the built page and entry when it starts: it starts once both are built afresh.
while (!stopRequested && !(builtSince(builtPage, startedAt) && builtSince(builtEntry, startedAt))) await sleep(250);
if (!stopRequested) {
  console.log('The web app is built: starting the server, which renders its pages');
  start(
    'tsx',
    ['watch', '--clear-screen=false', '--include', builtPage, '--include', builtEntry, 'src/server/main.ts'],
    {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? 'development',
    },
  );
}
