import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { TcpProxy } from '../test-support/tcp-proxy.ts';
import { startTcpProxy } from '../test-support/tcp-proxy.ts';
import { isDatabaseUnavailableError } from './database-errors.ts';
import type { Database } from './database.ts';
import { DatabaseInUseError, openDatabase } from './database.ts';
import type { TestDatabase } from '../test-support/test-databases.ts';
import { testEngines } from '../test-support/test-databases.ts';

describe.each(testEngines())('database on $name', (engine) => {
  let test: TestDatabase;
  beforeEach(async () => {
    test = await engine.open();
  });
  afterEach(async () => {
    await test.dispose();
  });

  it('runs parameterised queries and counts rows', async () => {
    const { db } = test;
    await db.exec(
      'CREATE TABLE thing (id integer PRIMARY KEY, label text NOT NULL); CREATE INDEX thing_label ON thing (label);',
    );
    const inserted = await db.query('INSERT INTO thing (id, label) VALUES ($1, $2), ($3, $4)', [1, 'a', 2, 'b']);
    expect(inserted.rowCount).toBe(2);
    const updated = await db.query('UPDATE thing SET label = $1 WHERE id = $2', ['c', 2]);
    expect(updated.rowCount).toBe(1);
    const selected = await db.query<{ id: number; label: string }>('SELECT id, label FROM thing ORDER BY id');
    expect(selected.rows).toEqual([
      { id: 1, label: 'a' },
      { id: 2, label: 'c' },
    ]);
    expect(selected.rowCount).toBe(2);
  });

  it('returns the same JavaScript values on both engines', async () => {
    const { rows } = await test.db.query(
      `SELECT count(*) AS n, 42::bigint AS big, 1.50::numeric AS amount, '2025-03-30'::date AS day,
              '2025-03-30 01:30:00'::timestamp AS local_time, '2025-03-30T01:30:00+01:00'::timestamptz AS instant,
              '{"a":[1,2]}'::jsonb AS doc, true AS yes, NULL::text AS nothing`,
    );
    expect(rows[0]).toEqual({
      n: 1,
      big: 42,
      amount: '1.50',
      day: '2025-03-30',
      local_time: new Date('2025-03-30T01:30:00Z'),
      instant: new Date('2025-03-30T00:30:00Z'),
      doc: { a: [1, 2] },
      yes: true,
      nothing: null,
    });
  });

  it('refuses a bigint that a JavaScript number cannot hold exactly', async () => {
    await expect(test.db.query('SELECT 9007199254740993::bigint AS big')).rejects.toThrow(/too large/);
  });

  it('commits a transaction and returns its result', async () => {
    const { db } = test;
    await db.exec('CREATE TABLE thing (id integer PRIMARY KEY)');
    const result = await db.transaction(async (tx) => {
      await tx.query('INSERT INTO thing (id) VALUES ($1)', [1]);
      return 'done';
    });
    expect(result).toBe('done');
    expect((await db.query('SELECT id FROM thing')).rows).toEqual([{ id: 1 }]);
  });

  it('rolls a transaction back when its function throws', async () => {
    const { db } = test;
    await db.exec('CREATE TABLE thing (id integer PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO thing (id) VALUES ($1)', [1]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query('SELECT id FROM thing')).rows).toEqual([]);
    // The connection is usable afterwards.
    await db.transaction((tx) => tx.query('INSERT INTO thing (id) VALUES (2)'));
    expect((await db.query('SELECT id FROM thing')).rows).toEqual([{ id: 2 }]);
  });
});

describe('the embedded database in a folder', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'pglite-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is opened by one owner at a time, and taken over from an owner that died', { timeout: 60_000 }, async () => {
    const dataDir = join(dir, 'pglite');
    const db = await openDatabase({ engine: 'pglite', dataDir });
    await expect(openDatabase({ engine: 'pglite', dataDir })).rejects.toThrow(DatabaseInUseError);
    await expect(openDatabase({ engine: 'pglite', dataDir })).rejects.toThrow(`in use by process ${process.pid}`);
    await db.close();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);

    // A lock left by a process that no longer runs (a finished child's pid).
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await writeFile(`${dataDir}.lock`, child.stdout.toString());
    const again = await openDatabase({ engine: 'pglite', dataDir });
    expect(await readFile(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    await again.close();
  });
});

const postgresUrl = loadConfig().databaseUrl;

describe.skipIf(postgresUrl === undefined)('a PostgreSQL connection lost in the middle of a transaction', () => {
  let proxy: TcpProxy;
  let db: Database | undefined;
  beforeEach(async () => {
    const target = new URL(postgresUrl!);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  });
  afterEach(async () => {
    await db?.close();
    db = undefined;
    await proxy.stop();
  });

  it('fails that transaction, as unavailable, and the pool connects again once the server is back', async () => {
    const url = new URL(postgresUrl!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const opened = await openDatabase({ engine: 'postgres', connectionString: url.href, maxConnections: 2 });
    db = opened;
    // Cut while the client is checked out and between statements: pg emits 'error' on the
    // client, which without a listener is an uncaught exception (and the test run reports it).
    const cut = opened.transaction(async (tx) => {
      await tx.query('SELECT 1');
      await proxy.stop();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return tx.query('SELECT 2');
    });
    const error = await cut.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailableError(error)).toBe(true);
    await expect(opened.query('SELECT 1')).rejects.toSatisfy(isDatabaseUnavailableError);

    await proxy.start();
    expect((await opened.transaction((tx) => tx.query<{ ok: number }>('SELECT 1 AS ok'))).rows).toEqual([{ ok: 1 }]);
  });
});
