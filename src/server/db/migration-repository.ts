import type { Queryable } from './database.ts';

export interface AppliedMigration {
  readonly version: number;
  readonly name: string;
  readonly checksum: string;
}

// One fixed key for every instance sharing the database: whoever holds it applies migrations,
// the others wait and then find nothing left to do. Released at COMMIT or ROLLBACK.
const migrationLockKey = 4_823_917_201;

/** Waits until no other instance is migrating; held until the surrounding transaction ends. */
export async function lockMigrations(tx: Queryable): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(${migrationLockKey})`);
}

/** The applied migrations, or none when even the ledger table (migration 001) is missing. */
export async function listAppliedMigrations(db: Queryable): Promise<AppliedMigration[]> {
  // pg_class is read with the statement's own snapshot. to_regclass() would consult the backend's
  // catalog cache instead, which does not see a table another instance created while this one
  // waited for the migration lock, and the ledger would be created twice.
  const { rows } = await db.query<{ exists: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       WHERE c.relname = 'schema_migrations' AND n.nspname = current_schema()
     ) AS exists`,
  );
  if (rows[0]?.exists !== true) return [];
  const applied = await db.query<AppliedMigration>(
    'SELECT version, name, checksum FROM schema_migrations ORDER BY version',
  );
  return applied.rows;
}

export async function recordMigration(tx: Queryable, migration: AppliedMigration): Promise<void> {
  await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
    migration.version,
    migration.name,
    migration.checksum,
  ]);
}
