// A statement's parameters written into its text, to ask for the plan of a prepared statement
// with them (`EXPLAIN EXECUTE planned(…)`): by the tests that check a plan and by bench:scale.

/** A parameter's value as an SQL literal of unknown type, which EXECUTE casts to the parameter's. */
export function sqlLiteral(value: unknown): string {
  const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;
  if (value === null || value === undefined) return 'NULL';
  if (value instanceof Date) return quoted(value.toISOString());
  if (Array.isArray(value))
    return quoted(`{${value.map((item) => `"${String(item).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  return quoted(String(value));
}
