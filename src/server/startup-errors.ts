// What a failed start says. The usual causes are outside the code — DATA_DIR is a file, read-only,
// on a full disk, or owned by someone else — and the person starting the service needs the path
// and the problem in plain words, not "[object Object]" (what the embedded database's own file
// errors print as) or a bare error code.
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What each file-system error code means for the person starting the service. */
const PROBLEMS: Record<string, string> = {
  EACCES: 'permission denied (this process may not write there)',
  EPERM: 'operation not permitted (this process may not write there)',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the disk',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EISDIR: 'a folder is in the way of a file',
  EEXIST: 'something is already in the way',
  ENOENT: 'it does not exist',
  EIO: 'input/output error on the disk',
  EMFILE: 'too many files are open',
  ENAMETOOLONG: 'the path is too long',
};

/**
 * The embedded database (PGlite, compiled to WebAssembly) throws its file errors as plain
 * objects `{ name: 'ErrnoError', errno }` with WASI error numbers and no path.
 */
const WASI_ERRNO: Record<number, string> = {
  2: 'EACCES',
  19: 'EDQUOT',
  20: 'EEXIST',
  29: 'EIO',
  31: 'EISDIR',
  33: 'EMFILE',
  37: 'ENAMETOOLONG',
  44: 'ENOENT',
  51: 'ENOSPC',
  54: 'ENOTDIR',
  63: 'EPERM',
  69: 'EROFS',
};

export interface StartupFailure {
  /** The log message: what went wrong, where, and what to do. */
  readonly message: string;
  /** The file-system error code when there is one (ENOSPC …). */
  readonly code?: string;
  /** The path concerned, when known. */
  readonly path?: string;
}

function fileError(error: unknown): { code: string; path?: string; syscall?: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const e = error as { code?: unknown; path?: unknown; syscall?: unknown; name?: unknown; errno?: unknown };
  const path = typeof e.path === 'string' ? e.path : undefined;
  const syscall = typeof e.syscall === 'string' ? e.syscall : undefined;
  if (typeof e.code === 'string' && e.code in PROBLEMS)
    return { code: e.code, ...(path && { path }), ...(syscall && { syscall }) };
  if (e.name === 'ErrnoError' && typeof e.errno === 'number')
    return { code: WASI_ERRNO[e.errno] ?? `errno ${e.errno}` };
  return undefined;
}

/**
 * Node's recursive mkdir reports ENOENT when the real trouble is the folder it would create in
 * (read-only, not ours, a file): ask that nearest existing folder what is wrong with it.
 */
function realCause(file: { code: string; path?: string; syscall?: string }): {
  code: string;
  path?: string;
  syscall?: string;
} {
  if (file.code !== 'ENOENT' || file.syscall !== 'mkdir' || file.path === undefined) return file;
  let parent = dirname(file.path);
  while (!existsSync(parent) && dirname(parent) !== parent) parent = dirname(parent);
  try {
    if (!statSync(parent).isDirectory()) return { code: 'ENOTDIR', path: parent };
    accessSync(parent, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== undefined && code in PROBLEMS) return { code, path: parent, syscall: 'write to' };
  }
  return file;
}

/**
 * Describes why the service could not start. `dataDir` is DATA_DIR: a file error without a path
 * (the embedded database's) is put down to the database's folder in it.
 */
export function describeStartupFailure(error: unknown, dataDir: string, engine: 'pglite' | 'postgres'): StartupFailure {
  const found = fileError(error);
  const file = found === undefined ? undefined : realCause(found);
  if (file === undefined) {
    const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : 'an unexpected error';
    return { message: `Start-up failed: ${detail}` };
  }
  const path = file.path ?? (engine === 'pglite' ? join(dataDir, 'pglite') : dataDir);
  const problem = PROBLEMS[file.code] ?? 'a file-system error';
  const action = file.syscall ?? 'use';
  return {
    message:
      `Start-up failed: cannot ${action} ${path}: ${problem} (${file.code}). ` +
      `DATA_DIR (${dataDir}) must be a folder this process can write to, on a disk with free space.`,
    code: file.code,
    path,
  };
}
