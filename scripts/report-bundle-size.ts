// Prints how much gzipped JavaScript the first load of `/` transfers, and what each lazily
// loaded chunk adds; fails the build when the first load is over the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KIB = 60;
const root = 'dist/web';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

const manifest = JSON.parse(readFileSync(join(root, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const gzipKiB = (file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length / 1024;

// A chunk's own file plus every chunk it imports statically: what loading it downloads.
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dependency of manifest[key]?.imports ?? []) staticClosure(dependency, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
// Visiting `/` also loads the start page's own chunk straight away.
const startPageKey = Object.keys(manifest).find((key) => manifest[key]?.src?.endsWith('features/info/start-page.tsx'));
const firstLoad = staticClosure(entryKey);
if (startPageKey) staticClosure(startPageKey, firstLoad);
const jsFiles = (keys: Iterable<string>) =>
  [...keys].map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'));
const firstLoadKiB = jsFiles(firstLoad).reduce((sum, file) => sum + gzipKiB(file), 0);

console.log(`\nFirst load of / : ${firstLoadKiB.toFixed(1)} KiB of gzipped JavaScript (budget ${BUDGET_KIB} KiB)`);
console.log('Lazily loaded chunks (gzipped, what each adds beyond the first load):');
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || key === startPageKey) continue;
  const extra = jsFiles([...staticClosure(key)].filter((k) => !firstLoad.has(k)));
  const kib = extra.reduce((sum, file) => sum + gzipKiB(file), 0);
  console.log(`  ${(chunk.src ?? key).padEnd(50)} ${kib.toFixed(1).padStart(6)} KiB`);
}
if (firstLoadKiB > BUDGET_KIB) {
  console.error(`The first load is over the ${BUDGET_KIB} KiB budget.`);
  process.exit(1);
}
