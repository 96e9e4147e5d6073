import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database, Queryable } from './database.ts';
import type { AppliedMigration } from './migration-repository.ts';
import { listAppliedMigrations, lockMigrations, recordMigration } from './migration-repository.ts';
import { fillSearchText } from './search-text.ts';

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly checksum: string;
  readonly sql: string;
}

// Beside this module in src/server/db, and beside the bundle in dist/server (the build copies
// the files there), so the same line finds them in both.
export const defaultMigrationsDirectory = new URL('./migrations/', import.meta.url);

const fileNamePattern = /^(\d{3,})-([a-z0-9]+(?:-[a-z0-9]+)*)\.sql$/;

/** Reads `NNN-kebab-name.sql` files in version order; any other `.sql` name is a mistake and throws. */
export async function readMigrations(directory: URL | string = defaultMigrationsDirectory): Promise<Migration[]> {
  const path = directory instanceof URL ? fileURLToPath(directory) : directory;
  const migrations: Migration[] = [];
  for (const file of await readdir(path)) {
    if (!file.endsWith('.sql')) continue;
    const match = fileNamePattern.exec(file);
    if (match?.[1] === undefined || match[2] === undefined) {
      throw new Error(`Migration file ${file} must be named NNN-kebab-case-name.sql`);
    }
    const sql = await readFile(`${path}/${file}`, 'utf8');
    const version = Number(match[1]);
    const clash = migrations.find((m) => m.version === version);
    if (clash !== undefined) throw new Error(`Migrations ${clash.name} and ${match[2]} share version ${version}`);
    migrations.push({ version, name: match[2], checksum: sha256(sql), sql });
  }
  return migrations.sort((a, b) => a.version - b.version);
}

/**
 * What a migration needs done by the service's code after its SQL, in its transaction: data the
 * SQL cannot compute as the service does (migration 022's searchable text is folded by the same
 * function the status page's search uses). By file name, so a test's copy of the files runs them too.
 */
const FOLLOW_UPS: Readonly<Record<string, (tx: Queryable) => Promise<void>>> = {
  '022-search-text': fillSearchText,
};

/**
 * Applies the migrations the database has not seen, oldest first, each in its own transaction
 * under an advisory lock, so instances starting together apply each file exactly once.
 * Returns the migrations this call applied.
 */
export async function runMigrations(
  db: Database,
  directory: URL | string = defaultMigrationsDirectory,
): Promise<Migration[]> {
  const migrations = await readMigrations(directory);
  const applied = await listAppliedMigrations(db);
  checkUnchanged(migrations, applied);
  const appliedVersions = new Set(applied.map((m) => m.version));
  // Most starts find nothing to do: leave without queueing behind the lock.
  if (migrations.every((m) => appliedVersions.has(m.version))) return [];

  const done: Migration[] = [];
  for (const migration of migrations) {
    if (appliedVersions.has(migration.version)) continue;
    const ran = await db.transaction(async (tx) => {
      await lockMigrations(tx);
      // Read again under the lock: another instance may have applied it while we waited.
      const current = await listAppliedMigrations(tx);
      if (current.some((m) => m.version === migration.version)) return false;
      await tx.exec(migration.sql);
      await FOLLOW_UPS[`${String(migration.version).padStart(3, '0')}-${migration.name}`]?.(tx);
      await recordMigration(tx, migration);
      return true;
    });
    if (ran) done.push(migration);
  }
  return done;
}

// Migrations are forward-only: an applied file that changed would leave databases that ran the old
// text and databases that ran the new one silently different.
function checkUnchanged(migrations: readonly Migration[], applied: readonly AppliedMigration[]): void {
  for (const done of applied) {
    const file = migrations.find((m) => m.version === done.version);
    if (file !== undefined && file.checksum !== done.checksum) {
      throw new Error(
        `Migration ${String(done.version).padStart(3, '0')}-${done.name} was changed after it was applied; add a new migration instead`,
      );
    }
  }
  // Versions the files do not know are left alone: an older release can run against a database a
  // newer release has already migrated (a rolling deploy).
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
