import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeStartupFailure } from './startup-errors.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'startup-errors-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const nodeError = (code: string, syscall: string, path: string) =>
  Object.assign(new Error(`${code}: ${syscall} '${path}'`), { code, syscall, path });

describe('a failed start', () => {
  it('names the embedded database folder and the problem for its plain-object file errors (a full disk)', () => {
    // What PGlite throws when the disk fills: no message, no path.
    const failure = describeStartupFailure({ name: 'ErrnoError', errno: 51 }, '/srv/data', 'pglite');
    expect(failure).toMatchObject({ code: 'ENOSPC', path: '/srv/data/pglite' });
    expect(failure.message).toContain('/srv/data/pglite: no space left on the disk (ENOSPC)');
    expect(failure.message).not.toContain('[object Object]');
    expect(describeStartupFailure({ name: 'ErrnoError', errno: 69 }, '/srv/data', 'pglite').message).toContain(
      'the file system is read-only (EROFS)',
    );
  });

  it('names the path of a file-system error', () => {
    const failure = describeStartupFailure(nodeError('EACCES', 'open', '/srv/data/pglite.lock'), '/srv/data', 'pglite');
    expect(failure.message).toBe(
      'Start-up failed: cannot open /srv/data/pglite.lock: permission denied (this process may not write there) (EACCES). ' +
        'DATA_DIR (/srv/data) must be a folder this process can write to, on a disk with free space.',
    );
  });

  it('finds the real cause behind the ENOENT of a recursive mkdir: a file where a folder should be', async () => {
    await writeFile(join(dir, 'file'), 'not a folder');
    const failure = describeStartupFailure(
      nodeError('ENOENT', 'mkdir', join(dir, 'file', 'data', 'pglite')),
      join(dir, 'file', 'data'),
      'pglite',
    );
    expect(failure).toMatchObject({ code: 'ENOTDIR', path: join(dir, 'file') });
    expect(failure.message).toContain('a part of the path is a file, not a folder');
  });

  it('keeps the message of any other error', () => {
    expect(
      describeStartupFailure(new Error('connect ECONNREFUSED 127.0.0.1:5432'), '/srv/data', 'postgres').message,
    ).toBe('Start-up failed: connect ECONNREFUSED 127.0.0.1:5432');
    expect(describeStartupFailure({ some: 'object' }, '/srv/data', 'postgres').message).toBe(
      'Start-up failed: an unexpected error',
    );
  });
});
