import { describe, expect, it } from 'vitest';
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
    // A read-only transaction answers SELECT 1 as a full disk or a standby does, and refuses writes.
    let writable: boolean | undefined;
    const rolledBack = new Error('rolled back: the failed write left the transaction aborted');
    await expect(
      test.db.transaction(async (tx) => {
        await tx.query('SET TRANSACTION READ ONLY');
        expect((await tx.query<{ ok: number }>('SELECT 1 AS ok')).rows[0]?.ok).toBe(1);
        writable = await isDatabaseWritable(tx);
        throw rolledBack;
      }),
    ).rejects.toBe(rolledBack);
    expect(writable).toBe(false);
    expect(await isDatabaseWritable(test.db)).toBe(true);
  });

  it('fails once the database is closed', async () => {
    await test.db.close();
    expect(await isDatabaseWritable(test.db)).toBe(false);
  });
});
