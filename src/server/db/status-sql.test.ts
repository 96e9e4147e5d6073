// The statements that take a status set as literals so a partial index stays usable: the text
// they write, and, with sequential scans priced out, the plan that reads the index. The indexes'
// predicates themselves are compared with the sets in domain-constraints.test.ts.
import { describe, expect, it } from 'vitest';
import { testEngines, useMigratedTestDatabase } from '../test-support/test-databases.ts';
import { findCosReferencesInUse, purgePersonalData } from './application-repository.ts';
import { inProgressStatements, listDecisionsMade } from './casework-repository.ts';
import type { Queryable } from './database.ts';
import { statusIn, statusNotIn } from './status-sql.ts';
import { sqlLiteral } from '../test-support/sql-literals.ts';

describe('statusIn', () => {
  it('writes one status as an equality and several as a list of literals', () => {
    expect(statusIn('a.status', ['in-progress'])).toBe(`a.status = 'in-progress'`);
    expect(statusIn('status', ['approved', 'rejected', 'withdrawn'])).toBe(
      `status IN ('approved', 'rejected', 'withdrawn')`,
    );
    expect(statusIn('status', [])).toBe('false');
  });
});

describe('statusNotIn', () => {
  it('writes one status as an inequality and several as a list of literals', () => {
    expect(statusNotIn('w.from_status', ['withdrawn'])).toBe(`w.from_status <> 'withdrawn'`);
    expect(statusNotIn('status', ['approved', 'rejected'])).toBe(`status NOT IN ('approved', 'rejected')`);
    expect(statusNotIn('status', [])).toBe('true');
  });
});

/** The statements `run` sends, answered with no rows: what a repository function would have the database do. */
async function statementsOf(run: (db: Queryable) => Promise<unknown>) {
  const sent: Array<{ readonly sql: string; readonly params: readonly unknown[] }> = [];
  const recorder: Queryable = {
    query: <Row>(sql: string, params: readonly unknown[] = []) => {
      sent.push({ sql, params });
      return Promise.resolve({ rows: [] as Row[], rowCount: 0 });
    },
    exec: () => Promise.resolve(),
  };
  await run(recorder);
  return sent;
}

describe.each(testEngines())('the statements of a status set written as literals on $name', (engine) => {
  const test = useMigratedTestDatabase(engine);

  // The plan a prepared statement settles on after a few runs: generic, made without the
  // parameters' values, so only what the statement's text says can make a partial index usable.
  const planOf = async (statement: { readonly sql: string; readonly params: readonly unknown[] } | undefined) => {
    if (statement === undefined) throw new Error('No statement was sent');
    return test.db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
      await tx.query(`PREPARE planned AS ${statement.sql}`);
      try {
        const args = statement.params.map(sqlLiteral).join(', ');
        const { rows } = await tx.query<Record<string, string>>(
          `EXPLAIN EXECUTE planned${args === '' ? '' : `(${args})`}`,
        );
        return rows.map((row) => Object.values(row).join('')).join('\n');
      } finally {
        await tx.query('DEALLOCATE planned');
      }
    });
  };

  it('read the queue of the open applications from their indexes', async () => {
    for (const [order, index] of [
      ['arrival', 'applications_in_progress_arrival'],
      ['time-left', 'applications_in_progress_created'],
    ] as const) {
      const statements = inProgressStatements({ order });
      expect(await planOf({ sql: statements.page, params: [...statements.params, 50, 0] })).toContain(index);
      expect(await planOf({ sql: statements.count, params: statements.params })).toContain('applications_in_progress_');
    }
  });

  it('find the certificate of sponsorship numbers in use through the index of the applications holding theirs', async () => {
    const [lookUp] = await statementsOf((db) => findCosReferencesInUse(db, ['C2G8K51'], undefined));
    expect(await planOf(lookUp)).toContain('applications_cos_in_use');
  });

  it('find the applications whose personal data is due for deletion through the retention index', async () => {
    const [purge] = await statementsOf((db) =>
      purgePersonalData(db, { today: '2026-11-27', retentionDays: 90, now: new Date('2026-11-27T03:00:00Z') }),
    );
    // By the leave date, not the whole index: the daily run reads only what is due.
    expect(await planOf(purge)).toMatch(/applications_retention[\s\S]*Index Cond: \(leave_date </);
  });

  it('read a range of decisions, and whether each was withdrawn since, from the indexes of those lines', async () => {
    const [, list] = await statementsOf((db) =>
      listDecisionsMade(db, new Date('2026-10-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z')),
    );
    const plan = await planOf(list);
    expect(plan).toContain('status_changes_decisions');
    expect(plan).toContain('status_changes_withdrawals');
    // The audit line of each decision by its status change, not a join of the whole audit log.
    expect(plan).toContain('staff_audit_status_change_id_key');
  });
});
