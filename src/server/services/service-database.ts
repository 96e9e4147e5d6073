// The database a command-line tool works on: the one the configuration names (PostgreSQL with
// DATABASE_URL, the embedded PGlite in DATA_DIR otherwise), migrated, so a new release's tables
// exist even when a command runs before the server has started.
import type { Config } from '../config.ts';
import { databaseOptionsFromConfig, openDatabase, type Database } from '../db/database.ts';
import { runMigrations } from '../db/migrations.ts';

/** Opens the configured database and applies the migrations it has not seen; the caller closes it. */
export async function openMigratedDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
