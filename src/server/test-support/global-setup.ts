// Once per run of the server tests: an empty and a migrated embedded database, as dumps in files
// the test files load. initdb takes seconds (tens on a busy two-core machine) and so does loading
// the migrations: done once here rather than once in every test file and describe block.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config.ts';
import { dumpEmptyPglite, openDatabase, pgliteExtensions } from '../db/database.ts';
import { runMigrations } from '../db/migrations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files of PGlite dumps (`loadDataDir`): after initdb, and after the migrations too. */
    pgliteDumps: { readonly empty: string; readonly migrated: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'cwc-test-pglite-'));
  const empty = await dumpEmptyPglite();
  // Migrated on disk, through the service's own code, then dumped from there: the dump of an
  // in-memory database is taken with PGlite itself, which the service's Database does not expose.
  const dataDir = join(dir, 'migrated');
  const db = await openDatabase({ engine: 'pglite', dataDir, initialData: empty });
  await runMigrations(db);
  await db.close();
  const migratedDb = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  const migrated = await migratedDb.dumpDataDir('none');
  await migratedDb.close();

  const dumps = { empty: join(dir, 'empty.tar'), migrated: join(dir, 'migrated.tar') };
  await writeFile(dumps.empty, Buffer.from(await empty.arrayBuffer()));
  await writeFile(dumps.migrated, Buffer.from(await migrated.arrayBuffer()));
  project.provide('pgliteDumps', dumps);
  await createSharedExtensions();
  return () => rm(dir, { recursive: true, force: true });
}

/**
 * Migration 022 creates pg_trgm in the public schema unless the database has it. The test files
 * migrate their own schemas side by side: created once here, before them, two cannot race to it.
 */
async function createSharedExtensions(): Promise<void> {
  const { databaseUrl } = loadConfig();
  if (databaseUrl === undefined) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  } finally {
    await client.end();
  }
}
