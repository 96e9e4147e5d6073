// The queue in progress reads its pages from indexes (migration 020), not from every application:
// each statement's plan, with sequential scans priced out, names the index it needs. At a million
// applications the same plans are what keep a page to milliseconds.
import { describe, expect, it } from 'vitest';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { inProgressStatements, type InProgressFilter } from './casework-repository.ts';

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
    expect(await plan({ order: 'arrival', checks: 'passed' })).toContain('status_changes_applicant');
    expect(await plan({ order: 'arrival' }, 'count')).toMatch(/applications_in_progress_/);
  });

  it('finds a sponsor’s applications and a member of staff’s through their own indexes', async () => {
    expect(await plan({ order: 'arrival', licence: 'ABC123' })).toContain('submissions_licence_number');
    expect(await plan({ order: 'arrival', licence: 'ABC123' }, 'count')).toContain('submissions_licence_number');
    expect(await plan({ order: 'time-left', assignedTo: 'subject-1' })).toContain('application_assignments_staff');
  });
});
