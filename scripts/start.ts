// `npm start`: build when the build is missing or older than the sources, then run the server in
// this very process, so SIGTERM and Ctrl+C reach it without a wrapper in between.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.cwd();
const outputs = [
  join(root, 'dist', 'web', 'index.html'),
  join(root, 'dist', 'web-server', 'entry-server.js'),
  join(root, 'dist', 'server', 'main.js'),
];
const inputs = [join(root, 'src'), join(root, 'vite.config.ts'), join(root, 'package.json')];

async function newestChange(path: string): Promise<number> {
  if (!existsSync(path)) return 0;
  const info = await stat(path);
  if (!info.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : info.mtimeMs;
  let newest = 0;
  for (const entry of await readdir(path)) newest = Math.max(newest, await newestChange(join(path, entry)));
  return newest;
}

async function buildIsCurrent(): Promise<boolean> {
  if (!outputs.every((o) => existsSync(o))) return false;
  const built = Math.min(...(await Promise.all(outputs.map(async (o) => (await stat(o)).mtimeMs))));
  const changed = Math.max(...(await Promise.all(inputs.map(newestChange))));
  return changed <= built;
}

if (!(await buildIsCurrent())) {
  console.log('The build is missing or out of date: running npm run build');
  const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], {
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    console.error('The build failed; not starting the server.');
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(join(root, 'dist', 'server', 'main.js')).href);
