import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openDatabase } from '../db/database.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { databaseUrlFor, testDatabaseUrl } from '../test-support/child-process.ts';
import { registerHealthRoutes } from './health-routes.ts';

async function ready(database: Database): Promise<{ statusCode: number; body: unknown }> {
  const app = Fastify();
  registerHealthRoutes(app, database, () => new Date());
  try {
    const response = await app.inject({ url: '/health/ready' });
    return { statusCode: response.statusCode, body: response.json() };
  } finally {
    await app.close();
  }
}

describe.each(testEngines())('readiness on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);
  let readOnly: Database | undefined;
  afterEach(async () => {
    if (readOnly !== test.db) await readOnly?.close();
    readOnly = undefined;
  });

  // The same data, seen through connections whose every transaction is read-only: reads work,
  // writes fail, as on a full disk or a standby.
  const openReadOnly = async (): Promise<Database> => {
    if (engine.name === 'pglite') {
      // One connection: the session setting holds for every later statement.
      await test.db.exec('SET default_transaction_read_only = on');
      return test.db;
    }
    const url = new URL(await databaseUrlFor(test.db, testDatabaseUrl()!));
    url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} -c default_transaction_read_only=on`);
    return openDatabase({ engine: 'postgres', connectionString: url.href, maxConnections: 1 });
  };

  it('is ready while the database takes writes', async () => {
    expect(await ready(test.db)).toEqual({ statusCode: 200, body: { status: 'ok' } });
  });

  it('is not ready while the database answers reads but cannot write', async () => {
    readOnly = await openReadOnly();
    expect((await readOnly.query<{ ok: number }>('SELECT 1 AS ok')).rows[0]?.ok).toBe(1);
    expect(await ready(readOnly)).toEqual({ statusCode: 503, body: { status: 'unavailable' } });
  });
});

describe.each(testEngines())('readiness under many callers on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  // The probe is public: a crowd of callers must cost the database what one load balancer does.
  it('asks the database at most once a second, however many call, and writes nothing per call', async () => {
    let statements = 0;
    const counted: Database = new Proxy(test.db, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (key === 'query' || key === 'exec' || key === 'transaction') {
          return (...args: unknown[]) => {
            statements += 1;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        }
        return value;
      },
    });
    let clock = Date.parse('2026-11-27T10:00:00Z');
    const app = Fastify();
    registerHealthRoutes(app, counted, () => new Date(clock));
    try {
      const calls = await Promise.all(Array.from({ length: 60 }, () => app.inject({ url: '/health/ready' })));
      expect(calls.map((call) => call.statusCode)).toEqual(Array.from({ length: 60 }, () => 200));
      clock += 900;
      expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
      expect(statements).toBe(1);

      clock += 200;
      expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
      expect(statements).toBe(2);
    } finally {
      await app.close();
    }
  });
});
