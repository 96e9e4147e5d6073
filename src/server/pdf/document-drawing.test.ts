// The pool of drawing threads (decision 054) gives way to the event loop: its threads run at a
// lower scheduling priority than the server's own thread, so a burst of downloads slows the status
// calls and pages beside it as little as the machine allows. Read from Linux's per-thread nice
// values (/proc/self/task/*/stat), where a thread's priority is its own.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentPool, DRAWING_THREAD_NICE } from './document-drawing.ts';

/** Each thread of this process by its id, with its nice value (field 19 of its stat line). */
function niceOfThreads(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const id of readdirSync('/proc/self/task')) {
    const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    nice.set(Number(id), Number(fields[19 - 3]));
  }
  return nice;
}

describe.runIf(process.platform === 'linux')('the drawing threads', () => {
  const pool = createDocumentPool({ threads: 2, queue: 0 });
  afterAll(() => pool.close());

  it('run at a lower priority than the server’s own thread', async () => {
    const before = niceOfThreads();
    await pool.ready();
    const added = [...niceOfThreads()].filter(([id]) => !before.has(id));
    expect(DRAWING_THREAD_NICE).toBeGreaterThan(0);
    // Each drawing thread (piscina's own helpers may start beside them, at the process's priority).
    expect(added.filter(([, nice]) => nice === DRAWING_THREAD_NICE)).toHaveLength(2);
    expect(niceOfThreads().get(process.pid)).toBe(0);
  });
});
