// The migrations repeat some facts of src/shared/domain in CHECK constraints (old migrations are
// never edited). These tests read the constraints of the migrated database and compare them with
// the shared lists, so a value added on one side only fails here rather than in production.
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, REJECTION_REASONS } from '#shared/domain/application-status.ts';
import { STORED_PASSPORT_NUMBER_PATTERN } from '#shared/domain/passport-number.ts';
import { LANGUAGES } from '#shared/i18n/languages.ts';
import type { Database } from './database.ts';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';

/** The definitions of the CHECK constraints on exactly this one column. */
async function columnChecks(db: Database, table: string, column: string): Promise<string[]> {
  const { rows } = await db.query<{ definition: string }>(
    `SELECT pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c
     JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'c' AND c.conrelid = to_regclass($1) AND cardinality(c.conkey) = 1 AND a.attname = $2`,
    [table, column],
  );
  return rows.map((row) => row.definition);
}

/** The text literals of the one CHECK on the column: the values an IN (...) allows. */
async function allowedValues(db: Database, table: string, column: string): Promise<string[]> {
  const checks = await columnChecks(db, table, column);
  expect(checks).toHaveLength(1);
  return [...(checks[0] ?? '').matchAll(/'((?:[^']|'')*)'::text/g)]
    .map((match) => (match[1] ?? '').replace(/''/g, "'"))
    .sort();
}

const sorted = (values: readonly string[]) => [...values].sort();

describe.each(testEngines())('the CHECK constraints on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('allow exactly the shared application statuses', async () => {
    for (const [table, column] of [
      ['applications', 'status'],
      ['status_changes', 'from_status'],
      ['status_changes', 'to_status'],
    ] as const) {
      expect(await allowedValues(test.db, table, column), `${table}.${column}`).toEqual(sorted(APPLICATION_STATUSES));
    }
  });

  it('allow exactly the shared rejection reasons', async () => {
    expect(await allowedValues(test.db, 'applications', 'decision_reason')).toEqual(sorted(REJECTION_REASONS));
  });

  it('allow exactly the shared languages on a submission and a saved draft', async () => {
    expect(await allowedValues(test.db, 'submissions', 'language')).toEqual(sorted(LANGUAGES));
    expect(await allowedValues(test.db, 'form_sessions', 'language')).toEqual(sorted(LANGUAGES));
  });

  it('store passport numbers in the shared stored form', async () => {
    const checks = await columnChecks(test.db, 'lost_stolen_passports', 'passport_number');
    expect(checks).toHaveLength(1);
    expect(checks[0]).toContain(`'${STORED_PASSPORT_NUMBER_PATTERN}'`);
  });
});
