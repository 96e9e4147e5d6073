import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listAppliedMigrations } from './migration-repository.ts';
import { defaultMigrationsDirectory, readMigrations, runMigrations } from './migrations.ts';
import type { TestDatabase } from '../test-support/test-databases.ts';
import { testEngines } from '../test-support/test-databases.ts';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'migrations-'));
  const first = join(fileURLToPath(defaultMigrationsDirectory), '001-schema-migrations.sql');
  await copyFile(first, join(directory, '001-schema-migrations.sql'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('reading migration files', () => {
  it('finds the shipped migrations, first of all the ledger table', async () => {
    const migrations = await readMigrations();
    expect(migrations[0]).toMatchObject({ version: 1, name: 'schema-migrations' });
    expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort((a, b) => a - b));
  });

  it('orders by number, not by text', async () => {
    await writeFile(join(directory, '010-ten.sql'), 'SELECT 10;');
    await writeFile(join(directory, '002-two.sql'), 'SELECT 2;');
    expect((await readMigrations(directory)).map((m) => m.version)).toEqual([1, 2, 10]);
  });

  it('rejects a badly named file', async () => {
    await writeFile(join(directory, '2_Add Things.sql'), 'SELECT 1;');
    await expect(readMigrations(directory)).rejects.toThrow(/2_Add Things\.sql must be named/);
  });

  it('rejects two files with one version', async () => {
    await writeFile(join(directory, '002-a.sql'), 'SELECT 1;');
    await writeFile(join(directory, '0002-b.sql'), 'SELECT 1;');
    await expect(readMigrations(directory)).rejects.toThrow(/share version 2/);
  });
});

describe.each(testEngines())('running migrations on $name', (engine) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await engine.open();
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('applies the shipped migrations to an empty database, then nothing the second time', async () => {
    const shipped = await readMigrations();
    const applied = await runMigrations(test.db);
    expect(applied.map((m) => m.version)).toEqual(shipped.map((m) => m.version));
    const recorded = await listAppliedMigrations(test.db);
    expect(recorded.map((m) => [m.version, m.name])).toEqual(shipped.map((m) => [m.version, m.name]));
    expect(await runMigrations(test.db)).toEqual([]);
  });

  it('applies each migration once when several instances start together', async () => {
    // Without the lock the second CREATE TABLE would fail and the row would be inserted twice.
    await writeFile(join(directory, '002-create-thing.sql'), 'CREATE TABLE thing (id integer PRIMARY KEY);');
    await writeFile(join(directory, '003-fill-thing.sql'), 'INSERT INTO thing (id) VALUES (1);');
    const instances = [test.db, await test.openAnother(), await test.openAnother()];
    const results = await Promise.all(instances.map((db) => runMigrations(db, directory)));
    expect(
      results
        .flat()
        .map((m) => m.version)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect((await test.db.query('SELECT id FROM thing')).rows).toEqual([{ id: 1 }]);
    expect((await listAppliedMigrations(test.db)).map((m) => m.version)).toEqual([1, 2, 3]);
  });

  it('keeps earlier migrations when a later one fails, and leaves nothing of the failed one', async () => {
    await writeFile(join(directory, '002-create-thing.sql'), 'CREATE TABLE thing (id integer PRIMARY KEY);');
    await writeFile(join(directory, '003-broken.sql'), 'CREATE TABLE other (id integer); SELEC oops;');
    await expect(runMigrations(test.db, directory)).rejects.toThrow();
    expect((await listAppliedMigrations(test.db)).map((m) => m.version)).toEqual([1, 2]);
    const { rows } = await test.db.query<{ exists: boolean }>(`SELECT to_regclass('other') IS NOT NULL AS exists`);
    expect(rows[0]?.exists).toBe(false);
  });

  it('refuses to start when an applied migration was edited', async () => {
    await writeFile(join(directory, '002-create-thing.sql'), 'CREATE TABLE thing (id integer PRIMARY KEY);');
    await runMigrations(test.db, directory);
    await writeFile(join(directory, '002-create-thing.sql'), 'CREATE TABLE thing (id bigint PRIMARY KEY);');
    await expect(runMigrations(test.db, directory)).rejects.toThrow(/002-create-thing was changed/);
  });
});
