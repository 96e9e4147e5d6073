// The named status sets of #shared/domain/application-status.ts in SQL. A statement takes a set as
// a parameter (`status = ANY($n::text[])`), except where a partial index on the statuses must stay
// usable: PostgreSQL reads a partial index only when it can prove from the statement's own text
// that the rows it wants satisfy the index's predicate, and a parameter proves nothing once a
// prepared statement's plan is generic. There the set is written into the text as literals, here,
// from the set itself; domain-constraints.test.ts checks the indexes' predicates against the sets.
import type { ApplicationStatus } from '#shared/domain/application-status.ts';

/** `column = 'a'` or `column IN ('a', 'b')`: a condition on the statuses of `set`, as literals. */
export function statusIn(column: string, set: readonly ApplicationStatus[]): string {
  if (set.length === 0) return 'false';
  const literals = set.map((status) => `'${status.replaceAll("'", "''")}'`);
  return literals.length === 1 ? `${column} = ${literals.join('')}` : `${column} IN (${literals.join(', ')})`;
}

/** `column <> 'a'` or `column NOT IN ('a', 'b')`: a condition on the statuses outside `set`, as literals. */
export function statusNotIn(column: string, set: readonly ApplicationStatus[]): string {
  if (set.length === 0) return 'true';
  const literals = set.map((status) => `'${status.replaceAll("'", "''")}'`);
  return literals.length === 1 ? `${column} <> ${literals.join('')}` : `${column} NOT IN (${literals.join(', ')})`;
}
