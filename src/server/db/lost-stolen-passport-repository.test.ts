import { describe, expect, it } from 'vitest';
import { addLostStolenPassports, isPassportLostOrStolen } from './lost-stolen-passport-repository.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';

describe.each(testEngines())('the lost or stolen list on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('adds new numbers only, counting them', async () => {
    const now = new Date('2026-03-02T10:00:00Z');
    expect(await addLostStolenPassports(test.db, ['AB123456', 'CD654321', 'AB123456'], 'test', now)).toBe(2);
    expect(await addLostStolenPassports(test.db, ['CD654321', 'EF000111'], 'test', now)).toBe(1);
    expect(await addLostStolenPassports(test.db, [], 'test', now)).toBe(0);
    expect(await isPassportLostOrStolen(test.db, 'EF000111')).toBe(true);
    expect(await isPassportLostOrStolen(test.db, 'ZZ999999')).toBe(false);
  });

  it('refuses a number not in the stored form', async () => {
    await expect(addLostStolenPassports(test.db, ['ab123456'], 'test', new Date())).rejects.toThrow();
  });
});
