// The migrations repeat some facts of src/shared/domain in CHECK constraints and in the
// predicates of partial indexes (old migrations are never edited). These tests read the migrated
// database and compare it with the shared lists and status sets, so a value added on one side
// only fails here rather than in production (or, for an index, in a slow query).
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STATUSES,
  COS_HOLDING_STATUSES,
  DECIDED_STATUSES,
  FINAL_STATUSES,
  OPEN_STATUSES,
  PURGEABLE_STATUSES,
  REJECTION_REASONS,
  type ApplicationStatus,
} from '#shared/domain/application-status.ts';
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

/** The partial indexes on applications whose predicate names the status, by name, with their predicates. */
async function statusIndexes(db: Database): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; predicate: string }>(
    `SELECT c.relname AS name, pg_get_expr(i.indpred, i.indrelid) AS predicate
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = to_regclass('applications') AND i.indpred IS NOT NULL`,
  );
  return new Map(rows.filter((row) => /\bstatus\b/.test(row.predicate)).map((row) => [row.name, row.predicate]));
}

/**
 * The statuses an index's predicate admits, evaluated by the database itself: each status as an
 * application row whose other columns are null (the predicates here ask only that the personal
 * data is not deleted yet besides the status).
 */
async function admittedStatuses(db: Database, predicate: string): Promise<string[]> {
  const { rows } = await db.query<{ status: string }>(
    `SELECT applications.status FROM unnest($1::text[]) AS given(value),
       LATERAL json_populate_record(NULL::applications, json_build_object('status', given.value)) AS applications
     WHERE ${predicate} ORDER BY applications.status`,
    [APPLICATION_STATUSES],
  );
  return rows.map((row) => row.status);
}

// The statements that read these indexes write the same sets into their text (src/server/db/status-sql.ts).
const INDEXED_SETS: Record<string, readonly ApplicationStatus[]> = {
  applications_in_progress_arrival: OPEN_STATUSES,
  applications_in_progress_created: OPEN_STATUSES,
  applications_cos_in_use: COS_HOLDING_STATUSES,
  applications_retention: PURGEABLE_STATUSES,
};

/** The partial indexes on status_changes, by name, with their predicates. */
async function statusChangeIndexes(db: Database): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; predicate: string }>(
    `SELECT c.relname AS name, pg_get_expr(i.indpred, i.indrelid) AS predicate
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = to_regclass('status_changes') AND i.indpred IS NOT NULL`,
  );
  return new Map(rows.map((row) => [row.name, row.predicate]));
}

/** The changes `from → to` of one status to another that an index's predicate admits, evaluated by the database. */
async function admittedChanges(db: Database, predicate: string): Promise<string[]> {
  const { rows } = await db.query<{ change: string }>(
    `SELECT status_changes.from_status || ' → ' || status_changes.to_status AS change
     FROM unnest($1::text[]) AS origin(value) CROSS JOIN unnest($1::text[]) AS target(value),
       LATERAL json_populate_record(NULL::status_changes,
         json_build_object('from_status', origin.value, 'to_status', target.value)) AS status_changes
     WHERE ${predicate} ORDER BY 1`,
    [APPLICATION_STATUSES],
  );
  return rows.map((row) => row.change);
}

const changes = (from: readonly ApplicationStatus[], to: readonly ApplicationStatus[]) =>
  from.flatMap((origin) => to.map((target) => `${origin} → ${target}`)).sort();

// The decisions export reads these (casework-repository.ts, listDecisionsMade).
const INDEXED_CHANGES: Record<string, readonly string[]> = {
  status_changes_decisions: changes(OPEN_STATUSES, DECIDED_STATUSES),
  status_changes_withdrawals: changes(
    APPLICATION_STATUSES.filter((status) => !FINAL_STATUSES.includes(status)),
    FINAL_STATUSES,
  ),
};

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

describe.each(testEngines())('the partial indexes on the status on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  it('hold exactly the applications of the shared status sets', async () => {
    const indexes = await statusIndexes(test.db);
    // A new partial index on the status is named here with its set.
    expect([...indexes.keys()].sort()).toEqual(Object.keys(INDEXED_SETS).sort());
    for (const [name, set] of Object.entries(INDEXED_SETS)) {
      expect(await admittedStatuses(test.db, indexes.get(name) ?? 'false'), name).toEqual(sorted(set));
    }
  });

  it('on the status lines hold exactly the changes of the shared status sets', async () => {
    const indexes = await statusChangeIndexes(test.db);
    expect([...indexes.keys()].sort()).toEqual(Object.keys(INDEXED_CHANGES).sort());
    for (const [name, set] of Object.entries(INDEXED_CHANGES)) {
      expect(await admittedChanges(test.db, indexes.get(name) ?? 'false'), name).toEqual(set);
    }
  });
});
