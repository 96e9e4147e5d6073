// Test support (not a test file): the database engines a server test can run on. PGlite in
// memory always; PostgreSQL as well when DATABASE_URL is set, each database in a fresh schema that
// is dropped afterwards, so parallel and repeated runs never see each other's tables.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeEach, inject } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { dumpEmptyPglite, openDatabase } from '../db/database.ts';
import { defaultMigrationsDirectory, readMigrations, runMigrations } from '../db/migrations.ts';
import { storeSubmission } from '../db/submission-repository.ts';

export interface TestDatabase {
  readonly db: Database;
  /** A second, independent connection (pool) to the same data, e.g. to act as another instance. */
  openAnother(): Promise<Database>;
  /** Closes every connection opened here and drops the schema. */
  dispose(): Promise<void>;
}

export interface TestEngine {
  readonly name: 'pglite' | 'postgres';
  open(): Promise<TestDatabase>;
}

export function testEngines(): TestEngine[] {
  const engines: TestEngine[] = [{ name: 'pglite', open: openPgliteTestDatabase }];
  const { databaseUrl } = loadConfig();
  if (databaseUrl !== undefined) engines.push({ name: 'postgres', open: () => openPostgresTestDatabase(databaseUrl) });
  return engines;
}

// initdb takes seconds and the migrations a second more: the server projects' global setup
// does both once per run and leaves the results as dumps, which load in a fraction of that.
// Without it (a file run some other way) initdb runs once per test file, and the migrations
// once per describe block.
let emptyPglite: Promise<Blob> | undefined;
let migratedPglite: Promise<Blob | undefined> | undefined;

function providedDump(which: 'empty' | 'migrated'): Promise<Blob> | undefined {
  const dumps = inject('pgliteDumps') as { empty: string; migrated: string } | undefined;
  return dumps === undefined ? undefined : readFile(dumps[which]).then((data) => new Blob([data]));
}

async function openPgliteTestDatabase(): Promise<TestDatabase> {
  emptyPglite ??= providedDump('empty') ?? dumpEmptyPglite();
  return openPgliteFrom(await emptyPglite);
}

/** A migrated in-memory PGlite from the global setup's dump, or undefined without one. */
async function openMigratedPgliteTestDatabase(): Promise<TestDatabase | undefined> {
  migratedPglite ??= providedDump('migrated') ?? Promise.resolve(undefined);
  const dump = await migratedPglite;
  return dump === undefined ? undefined : openPgliteFrom(dump);
}

/**
 * A migrated in-memory PGlite of its own, for a test that needs a database but none of the
 * describe-block handling of `useMigratedTestDatabase`. The caller closes it.
 */
export async function openMigratedPglite(): Promise<Database> {
  const test = (await openMigratedPgliteTestDatabase()) ?? (await openPgliteTestDatabase());
  await runMigrations(test.db);
  return test.db;
}

async function openPgliteFrom(dump: Blob): Promise<TestDatabase> {
  const db = await openDatabase({ engine: 'pglite', initialData: dump });
  // One in-memory PGlite is one connection; "another" shares it, which is what a second caller
  // in the same process would get.
  return { db, openAnother: () => Promise.resolve(db), dispose: () => db.close() };
}

async function openPostgresTestDatabase(connectionString: string): Promise<TestDatabase> {
  const schema = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const opened: Database[] = [];
  const open = async (): Promise<Database> => {
    const db = await openDatabase({ engine: 'postgres', connectionString, schema, maxConnections: 4 });
    opened.push(db);
    return db;
  };
  const db = await open();
  return {
    db,
    openAnother: open,
    async dispose() {
      await Promise.all(opened.map((d) => d.close()));
      try {
        await admin.query(`DROP SCHEMA ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

/**
 * A migrated database of `engine` for the tests of the enclosing describe block, opened once (on
 * PGlite from the migrated dump of the global setup; on PostgreSQL migrated) and emptied before
 * each test, so each test starts from empty tables as if the database were new. A test that
 * closes it gets a new one for the next. Closed (and on PostgreSQL dropped) after the block. The
 * object returned stands for the current test's database: read `.db` inside a test or hook, not
 * when the block is defined.
 */
export function useMigratedTestDatabase(engine: TestEngine): Omit<TestDatabase, 'dispose'> {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    if (current !== undefined && (await emptied(current.db))) return;
    await current?.dispose().catch(() => undefined);
    current = (engine.name === 'pglite' ? await openMigratedPgliteTestDatabase() : undefined) ?? (await engine.open());
    // A no-op on the migrated dump (it checks the record of migrations), the migrations otherwise.
    await runMigrations(current.db);
  });
  afterAll(async () => {
    await current?.dispose();
    current = undefined;
  });
  const opened = (): TestDatabase => {
    if (current === undefined) throw new Error('The test database is open during the tests of its block only');
    return current;
  };
  return {
    get db() {
      return opened().db;
    },
    openAnother: () => opened().openAnother(),
  };
}

/** Brings an empty database to `version` (the migrations up to it, not the later ones). */
async function migrateUpTo(db: Database, version: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  try {
    const source = fileURLToPath(defaultMigrationsDirectory);
    for (const migration of (await readMigrations()).filter((m) => m.version <= version)) {
      const file = `${String(migration.version).padStart(3, '0')}-${migration.name}.sql`;
      await copyFile(join(source, file), join(dir, file));
    }
    await runMigrations(db, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `test` on a new database of `engine` brought to `version` (for a migration's test: rows as
 * an older release wrote them, then `runMigrations`), and disposes of it after.
 */
export async function onDatabaseAt(
  engine: TestEngine,
  version: number,
  test: (db: Database) => Promise<void>,
): Promise<void> {
  const opened = await engine.open();
  try {
    await migrateUpTo(opened.db, version);
    await test(opened.db);
  } finally {
    await opened.dispose();
  }
}

/**
 * storeSubmission on a database brought to a version before 022, for a migration's test: today's
 * insert also writes migration 022's search_text, which such a database lacks, so the column is
 * there for the insert only and the rows are left as a release of then stored them.
 */
export async function storeBefore022(
  db: Database,
  ...args: Parameters<typeof storeSubmission> extends [unknown, ...infer Rest] ? Rest : never
): ReturnType<typeof storeSubmission> {
  await db.exec('ALTER TABLE applications ADD COLUMN search_text text');
  try {
    return await storeSubmission(db, ...args);
  } finally {
    await db.exec('ALTER TABLE applications DROP COLUMN search_text');
  }
}

/** Empties every table but the record of migrations; false when the database cannot (it was closed). */
async function emptied(db: Database): Promise<boolean> {
  try {
    const { rows } = await db.query<{ name: string }>(
      `SELECT quote_ident(tablename) AS name FROM pg_catalog.pg_tables
       WHERE schemaname = current_schema() AND tablename <> 'schema_migrations'`,
    );
    if (rows.length > 0) await db.exec(`TRUNCATE ${rows.map((row) => row.name).join(', ')} RESTART IDENTITY CASCADE`);
    return true;
  } catch {
    return false;
  }
}

/** The number of rows of each table a submission writes to. */
export async function countRows(
  db: Database,
): Promise<Record<'submissions' | 'applications' | 'status_changes' | 'outbox_jobs', number>> {
  const { rows } = await db.query<{
    submissions: number;
    applications: number;
    status_changes: number;
    outbox_jobs: number;
  }>(
    `SELECT (SELECT count(*)::int FROM submissions) AS submissions,
            (SELECT count(*)::int FROM applications) AS applications,
            (SELECT count(*)::int FROM status_changes) AS status_changes,
            (SELECT count(*)::int FROM outbox_jobs) AS outbox_jobs`,
  );
  const [counts] = rows;
  if (counts === undefined) throw new Error('no counts');
  return counts;
}
