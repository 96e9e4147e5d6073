// Test support (not a test file): the database engines a server test can run on. PGlite in
// memory always; PostgreSQL as well when DATABASE_URL is set, each test in a fresh schema that is
// dropped afterwards, so parallel and repeated runs never see each other's tables.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach } from 'vitest';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { dumpEmptyPglite, openDatabase } from '../db/database.ts';
import { runMigrations } from '../db/migrations.ts';

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

// initdb takes seconds; loading its result takes a fraction of that. One per test file (worker).
let emptyPglite: Promise<Blob> | undefined;

async function openPgliteTestDatabase(): Promise<TestDatabase> {
  emptyPglite ??= dumpEmptyPglite();
  const db = await openDatabase({ engine: 'pglite', initialData: await emptyPglite });
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
 * A fresh, migrated database of `engine` for each test of the enclosing describe block, closed
 * (and on PostgreSQL dropped) after it. The object returned stands for the current test's
 * database: read `.db` inside a test or hook, not when the block is defined.
 */
export function useMigratedTestDatabase(engine: TestEngine): Omit<TestDatabase, 'dispose'> {
  let current: TestDatabase | undefined;
  beforeEach(async () => {
    current = await engine.open();
    await runMigrations(current.db);
  });
  afterEach(async () => {
    await current?.dispose();
    current = undefined;
  });
  const opened = (): TestDatabase => {
    if (current === undefined) throw new Error('The test database is open during each test only');
    return current;
  };
  return {
    get db() {
      return opened().db;
    },
    openAnother: () => opened().openAnother(),
  };
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
