import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMigrations } from '../db/migrations.ts';
import { openMigratedDatabase } from './service-database.ts';

describe('the database a command opens', () => {
  it('is the configured one, with every migration applied', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'service-database-'));
    try {
      const expected = (await readMigrations()).map((m) => m.version);
      const database = await openMigratedDatabase({ dataDir, databaseUrl: undefined });
      try {
        const { rows } = await database.query<{ version: number }>(
          'SELECT version FROM schema_migrations ORDER BY version',
        );
        expect(rows.map((row) => row.version)).toEqual(expected);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
