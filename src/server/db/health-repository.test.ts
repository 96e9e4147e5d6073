import { describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { isDatabaseWritable } from './health-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';

describe.each(testEngines())('the readiness write on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('succeeds again and again, keeping one row', async () => {
    expect(await isDatabaseWritable(test.db)).toBe(true);
    expect(await isDatabaseWritable(test.db)).toBe(true);
    const { rows } = await test.db.query<{ n: number }>('SELECT count(*) AS n FROM readiness_probe');
    expect(rows[0]?.n).toBe(1);
  });

  it('fails where the database reads but does not write', async () => {
    // Read-only transactions answer SELECT 1 as a full disk or a standby does, and refuse writes.
    const readOnly: Pick<Database, 'transaction'> = {
      transaction: (fn) =>
        test.db.transaction(async (tx) => {
          await tx.query('SET TRANSACTION READ ONLY');
          expect((await tx.query<{ ok: number }>('SELECT 1 AS ok')).rows[0]?.ok).toBe(1);
          return fn(tx);
        }),
    };
    expect(await isDatabaseWritable(readOnly)).toBe(false);
    expect(await isDatabaseWritable(test.db)).toBe(true);
  });

  it('fails once the database is closed', async () => {
    await test.db.close();
    expect(await isDatabaseWritable(test.db)).toBe(false);
  });
});
