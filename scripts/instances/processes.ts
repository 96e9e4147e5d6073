// The processes the bench starts, each kept in one list so that every one of them is stopped at
// the end, whatever happened: asked with SIGTERM, then killed when it has not exited in time.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';

export interface ManagedProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last of what it wrote (stdout and stderr), for a failure's report. */
  output(): string;
  readonly exited: Promise<void>;
  running(): boolean;
}

const started: ManagedProcess[] = [];
const keptOutput = 20_000;

/** Keeps `child` in the list of processes to stop, with the tail of its output. */
export function startManaged(name: string, child: ChildProcess): ManagedProcess {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-keptOutput);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A process that could not start at all emits 'error' (and maybe no 'exit').
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      keep(Buffer.from(String(error)));
      resolve();
    });
  });
  const managed: ManagedProcess = {
    name,
    child,
    output: () => output,
    exited,
    running: () => child.exitCode === null && child.signalCode === null && child.pid !== undefined,
  };
  started.push(managed);
  return managed;
}

/** Starts `node <entry>` (a built file) with exactly `env`. */
export function startNode(name: string, entry: string, cwd: string, env: Record<string, string>): ManagedProcess {
  return startManaged(name, spawn(process.execPath, [entry], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
}

/** Stops `managed`: `signal`, then SIGKILL after `graceMs`. */
async function stop(managed: ManagedProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5_000): Promise<void> {
  if (!managed.running()) return;
  managed.child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const killed = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      if (managed.running()) managed.child.kill('SIGKILL');
      resolve();
    }, graceMs);
  });
  await Promise.race([managed.exited, killed]);
  clearTimeout(timer);
  await managed.exited;
}

/** Stops every process started here that still runs, all at once. */
export async function stopAll(): Promise<void> {
  await Promise.all(started.map((managed) => stop(managed)));
}

/** Kills every process started here at once, for an exit that cannot wait (a second signal). */
export function killAllNow(): void {
  for (const managed of started) if (managed.running()) managed.child.kill('SIGKILL');
}
