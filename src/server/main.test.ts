import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Running } from './test-support/child-process.ts';
import {
  killIfRunning,
  logMessages,
  makeServerDirectory,
  startServer,
  startTsx,
  expectExitCode,
} from './test-support/child-process.ts';

describe('the server process', () => {
  let dir: string;
  let serverEnv: Record<string, string>;
  let running: Running | undefined;
  beforeEach(async () => {
    ({ dir, env: serverEnv } = await makeServerDirectory());
  });
  afterEach(async () => {
    await killIfRunning(running);
    running = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('migrates, serves, and exits 0 on SIGTERM after closing cleanly', { timeout: 120_000 }, async () => {
    const server = await startServer({ ...serverEnv, ANALYTICS_ID: 'G-TEST12345' });
    running = server;

    const page = await fetch(`${server.baseUrl}/status/3`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('content="G-TEST12345"');
    // The embedded database lives in DATA_DIR.
    expect(existsSync(join(dir, 'data', 'pglite'))).toBe(true);

    server.child.kill('SIGTERM');
    await expectExitCode(server, 0);
    const lines = server
      .stdout()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg: string; port?: number });
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['Migrations applied', 'Shutting down: finishing requests in progress', 'Stopped']),
    );
    expect(lines.find((l) => l.msg.includes('listening on port'))?.port).toBe(Number(new URL(server.baseUrl).port));
  });

  it(
    'removes the temporary files of outbox writes a crash cut short, and keeps the emails',
    { timeout: 120_000 },
    async () => {
      const outbox = join(dir, 'data', 'outbox');
      await mkdir(outbox, { recursive: true });
      // Left by a process that died between writing and renaming (pid 2^22 + 1: above any pid_max).
      const leftover = '2026-03-05T10-00-00-000Z-job-1.eml.4194305.0f8fad5b-d9cb-469f-a165-70867728950e.tmp';
      await writeFile(join(outbox, leftover), 'half an email');
      await writeFile(join(outbox, '2026-03-05T09-00-00-000Z-job-0.eml'), 'a whole email');
      const server = await startServer(serverEnv);
      running = server;
      expect(await readdir(outbox)).toEqual(['2026-03-05T09-00-00-000Z-job-0.eml']);
      expect(logMessages(server)).toContain('Removed unfinished outbox files left by an earlier crash');
    },
  );

  // Run as root (as in a container) chmod does not stop writes: a file where DATA_DIR should be
  // fails the same way, and is what runs everywhere.
  it.each([
    ['a file', (base: string) => join(base, 'file'), (base: string) => join(base, 'file')],
    ['a path under a file', (base: string) => join(base, 'file', 'data'), (base: string) => join(base, 'file')],
  ])('says what is wrong with DATA_DIR, and where, when it is %s', { timeout: 60_000 }, async (_, dataDir, culprit) => {
    await writeFile(join(dir, 'file'), 'not a folder');
    running = startTsx('src/server/main.ts', [], {
      ...serverEnv,
      NODE_ENV: 'development',
      PORT: '0',
      DATA_DIR: dataDir(dir),
    });
    await expectExitCode(running, 1);
    const failure = logMessages(running).find((message) => message.startsWith('Start-up failed'));
    expect(failure).toContain(culprit(dir));
    expect(failure).toContain('a part of the path is a file, not a folder (ENOTDIR)');
    expect(failure).toContain(`DATA_DIR (${dataDir(dir)})`);
    expect(running.stdout()).not.toContain('[object Object]');
  });

  it.skipIf(process.getuid?.() === 0)(
    'says DATA_DIR is not writable, and where, when it is read-only',
    { timeout: 60_000 },
    async () => {
      const readOnly = join(dir, 'read-only');
      await mkdir(readOnly, { mode: 0o555 });
      await chmod(readOnly, 0o555);
      running = startTsx('src/server/main.ts', [], {
        ...serverEnv,
        NODE_ENV: 'development',
        PORT: '0',
        DATA_DIR: readOnly,
      });
      await expectExitCode(running, 1);
      const failure = logMessages(running).find((message) => message.startsWith('Start-up failed'));
      expect(failure).toContain(readOnly);
      expect(failure).toContain('(EACCES)');
    },
  );

  it('refuses to start in production without the values it needs, naming each', { timeout: 60_000 }, async () => {
    running = startTsx('src/server/main.ts', [], {
      NODE_ENV: 'production',
      PORT: 'eighty',
      DATA_DIR: join(dir, 'data'),
    });
    await expectExitCode(running, 1);
    expect(running.stderr()).toContain('PUBLIC_BASE_URL is required when NODE_ENV=production');
    expect(running.stderr()).toContain('PORT must be a whole number');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });
});
