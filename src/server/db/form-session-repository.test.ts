import { describe, expect, it } from 'vitest';
import { runMigrations } from './migrations.ts';
import { insertFormSession } from './form-session-repository.ts';
import { onDatabaseAt, testEngines } from '../test-support/test-databases.ts';

const now = new Date('2026-03-02T10:00:00Z');
const idHash = (n: number) => Buffer.alloc(32, n);
const values = { formState: '{}', statusToken: null, notice: null, statusOpenedAt: null };

describe.each(testEngines())('migration 016 on $name', (engine) => {
  it('gives each session already kept a draft id of its own, never saved and with no link', async () => {
    await onDatabaseAt(engine, 15, async (db) => {
      for (const n of [1, 2, 3]) await insertFormSession(db, idHash(n), values, now);
      await runMigrations(db);
      const { rows } = await db.query<{ draftId: string; savedAt: Date | null; returnTokenHash: Uint8Array | null }>(
        `SELECT draft_id AS "draftId", saved_at AS "savedAt", return_token_hash AS "returnTokenHash" FROM form_sessions`,
      );
      expect(rows).toHaveLength(3);
      expect(new Set(rows.map((row) => row.draftId)).size).toBe(3);
      for (const row of rows) {
        expect(row.draftId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(row).toMatchObject({ savedAt: null, returnTokenHash: null });
      }
    });
  });
});
