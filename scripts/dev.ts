// `npm run dev`: the API server, restarted on every change, beside Vite's dev server with hot
// reload (which proxies /api and /health to the API server). Ctrl+C stops both.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const windows = process.platform === 'win32';
const bin = (name: string): string => join(process.cwd(), 'node_modules', '.bin', windows ? `${name}.cmd` : name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
    shell: windows,
  }),
  spawn(bin('vite'), [], { stdio: 'inherit', shell: windows }),
];

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

for (const child of children) {
  child.on('exit', (code, signal) => {
    // One side failing (a port in use, say) leaves the other useless: stop both and say so.
    if (!stopRequested && (code !== 0 || signal !== null)) exitCode = code ?? 1;
    if (children.every((c) => !alive(c))) process.exit(exitCode);
    if (!stopRequested) {
      stopRequested = true;
      stopAll();
    }
  });
}

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
