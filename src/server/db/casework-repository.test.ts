// The queue in progress reads its pages from indexes (migration 020), not from every application:
// each statement's plan, with sequential scans priced out, names the index it needs. At a million
// applications the same plans are what keep a page to milliseconds.
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { personSearchTerms, personSearchText } from '#shared/search/person-search.ts';
import { sampleSubmission } from '../test-support/sample-submissions.ts';
import { storeBefore022, testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { recordStatusChange } from './application-repository.ts';
import {
  inProgressStatements,
  searchStatement,
  type InProgressFilter,
  type SearchTerms,
} from './casework-repository.ts';
import { defaultMigrationsDirectory, runMigrations } from './migrations.ts';

describe.each(testEngines())('the queue in progress’s plans on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  const plan = (filter: InProgressFilter, which: 'page' | 'count' = 'page') =>
    test.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_sort = off');
      const statements = inProgressStatements(filter);
      const params = which === 'page' ? [...statements.params, 50, 0] : statements.params;
      const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${statements[which]}`, params);
      return rows.map((row) => Object.values(row).join('')).join('\n');
    });

  it('reads a page in either order from the index of the applications in progress in that order', async () => {
    expect(await plan({ order: 'arrival' })).toContain('applications_in_progress_arrival');
    expect(await plan({ order: 'time-left' })).toContain('applications_in_progress_created');
    expect(await plan({ order: 'arrival', checks: 'passed' })).toContain('applications_in_progress_arrival');
    // Counted from an index alone, the checks' outcome included.
    expect(await plan({ order: 'arrival' }, 'count')).toMatch(/Index Only Scan using applications_in_progress_/);
    expect(await plan({ order: 'arrival', checks: 'not-run' }, 'count')).toMatch(
      /Index Only Scan using applications_in_progress_/,
    );
  });

  it('finds a sponsor’s applications and a member of staff’s through their own indexes', async () => {
    expect(await plan({ order: 'arrival', licence: 'ABC123' })).toContain('submissions_licence_number');
    expect(await plan({ order: 'arrival', licence: 'ABC123' }, 'count')).toContain('submissions_licence_number');
    expect(await plan({ order: 'time-left', assignedTo: 'subject-1' })).toContain('application_assignments_staff');
  });
});

describe.each(testEngines())('migration 020 on $name', (engine) => {
  it('copies the outcome the checks recorded before it onto the applications', async () => {
    const test = await engine.open();
    const directory = await mkdtemp(join(tmpdir(), 'migrations-020-'));
    try {
      const shipped = fileURLToPath(defaultMigrationsDirectory);
      const files = (await readdir(shipped)).filter((file) => file.endsWith('.sql')).sort();
      const copy = async (file: string) => copyFile(join(shipped, file), join(directory, file));
      for (const file of files.filter((name) => name < '020')) await copy(file);
      await runMigrations(test.db, directory);

      const now = new Date('2026-03-02T10:00:00Z');
      const stored = await storeBefore022(test.db, sampleSubmission(now, [{}, {}, {}]), now);
      if (stored.outcome !== 'created') throw new Error('not stored');
      const [passed, failed, notRun] = stored.applicants.map((a) => a.applicantId);
      const line = (applicantId: string, actor: string) =>
        recordStatusChange(test.db, {
          applicantId,
          actor,
          fromStatus: 'in-progress',
          toStatus: 'in-progress',
          reason: null,
          changedAt: now,
        });
      await line(passed!, 'automated');
      await line(failed!, 'check:routing');

      for (const file of files.filter((name) => name >= '020')) await copy(file);
      await runMigrations(test.db, directory);
      const { rows } = await test.db.query<{ applicantId: string; outcome: string | null }>(
        'SELECT applicant_id AS "applicantId", checks_outcome AS outcome FROM applications ORDER BY position',
      );
      expect(rows).toEqual([
        { applicantId: passed, outcome: 'passed' },
        { applicantId: failed, outcome: 'failed' },
        { applicantId: notRun, outcome: null },
      ]);
    } finally {
      await test.dispose();
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe.each(testEngines())('the search’s plans on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  const plan = (terms: SearchTerms) =>
    test.db.transaction(async (tx) => {
      // Nor a whole index read in its order to group without sorting, which the empty tables make cheap.
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL enable_indexscan = off');
      const statement = searchStatement(terms);
      const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${statement.sql}`, [...statement.params, 50]);
      return rows.map((row) => Object.values(row).join('')).join('\n');
    });

  it('reads each thing looked for from its index, never every application or submission', async () => {
    const everything = await plan({
      applicantIds: ['CWC-7K3M9-QF2XA-A'],
      cos: 'C4X9K27TT1',
      passportNumber: 'ZX9988776',
      licence: 'TNB42R7',
      name: personSearchTerms('zoe muller'),
    });
    for (const index of [
      'applications_pkey',
      'applications_cos_reference',
      'applications_passport_number',
      'submissions_licence_number',
      'applications_submission',
      'applications_search_text',
    ]) {
      expect(everything, index).toContain(index);
    }
    expect(everything).not.toMatch(/Seq Scan on (applications|submissions)/);
    expect(await plan({ applicantIds: [], name: personSearchTerms('o’brien') })).toContain(
      'Bitmap Index Scan on applications_search_text',
    );
  });
});

describe.each(testEngines())('migration 022 on $name', (engine) => {
  it('fills the searchable text of the applications stored before it, as the service folds it, and of no deleted one', async () => {
    const test = await engine.open();
    const directory = await mkdtemp(join(tmpdir(), 'migrations-022-'));
    try {
      const shipped = fileURLToPath(defaultMigrationsDirectory);
      const files = (await readdir(shipped)).filter((file) => file.endsWith('.sql')).sort();
      const copy = async (file: string) => copyFile(join(shipped, file), join(directory, file));
      for (const file of files.filter((name) => name < '022')) await copy(file);
      await runMigrations(test.db, directory);

      const now = new Date('2026-03-02T10:00:00Z');
      const people = [
        { familyName: 'Müller-Lüdenscheidt', givenNames: 'Zoë', cosReference: 'C4X 9K2' },
        { familyName: 'O’Brien', givenNames: 'Seán', cosReference: 'COS2' },
        { familyName: 'Deleted', givenNames: 'Since', cosReference: 'COS3' },
      ];
      const stored = await storeBefore022(test.db, sampleSubmission(now, people), now);
      if (stored.outcome !== 'created') throw new Error('not stored');
      const ids = stored.applicants.map((a) => a.applicantId);
      await test.db.query(
        `UPDATE applications SET family_name = NULL, given_names = NULL, cos_reference = NULL, passport_number = NULL,
           concession_form = NULL, secondary_details = NULL, place_of_departure = NULL, personal_data_deleted_at = now()
         WHERE applicant_id = $1`,
        [ids[2]],
      );

      for (const file of files.filter((name) => name >= '022')) await copy(file);
      await runMigrations(test.db, directory);
      const { rows } = await test.db.query<{ applicantId: string; text: string | null }>(
        'SELECT applicant_id AS "applicantId", search_text AS text FROM applications ORDER BY position',
      );
      expect(rows).toEqual([
        { applicantId: ids[0], text: personSearchText({ ...people[0]!, applicantId: ids[0]! }) },
        { applicantId: ids[1], text: personSearchText({ ...people[1]!, applicantId: ids[1]! }) },
        { applicantId: ids[2], text: null },
      ]);
      // The constraint holds, and is valid: an application with personal data and no text is refused.
      await expect(
        test.db.query('UPDATE applications SET search_text = NULL WHERE applicant_id = $1', [ids[0]]),
      ).rejects.toThrow(/applications_search_text_with_personal_data/);
      const { rows: constraint } = await test.db.query<{ valid: boolean }>(
        `SELECT convalidated AS valid FROM pg_constraint
         WHERE conname = 'applications_search_text_with_personal_data' AND connamespace = current_schema()::regnamespace`,
      );
      expect(constraint).toEqual([{ valid: true }]);
    } finally {
      await test.dispose();
      await rm(directory, { recursive: true, force: true });
    }
  });
});
