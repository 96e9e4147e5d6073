// What the /api/public/* routes share: a plugin scope that takes JSON only, and reading a body with
// a shared valibot schema into a 400 that names where and which check failed. Their limits per
// client address are the budgets of rate-limits.ts.
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { HttpError, type HttpErrorDetail } from './http-error.ts';

/**
 * Registers `routes` in a plugin scope of their own, so that what is set here touches no other
 * route: JSON bodies only (Fastify would otherwise accept text/plain and the schema would answer
 * a puzzling 400).
 */
export async function registerJsonApi(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    await routes(scope);
  });
}

// Where and what, never the value received (it may be a passport number): the path of the
// offending key and valibot's name of the check that failed. A list's position is the index.
function schemaDetails(issues: readonly v.BaseIssue<unknown>[]): HttpErrorDetail[] {
  return issues.slice(0, 50).map((issue) => {
    const keys = (issue.path ?? []).map((item) => item.key);
    const [first, ...rest] = keys;
    return typeof first === 'number'
      ? { index: first, field: rest.map(String).join('.') || '(applicant)', rule: issue.type }
      : { field: keys.map(String).join('.') || '(body)', rule: issue.type };
  });
}

/** The body as `schema` reads it, or a 400 `InvalidRequest` with `message` and the failed checks. */
export function parseBody<T extends v.GenericSchema>(schema: T, body: unknown, message: string): v.InferOutput<T> {
  const parsed = v.safeParse(schema, body);
  if (parsed.success) return parsed.output;
  throw new HttpError(400, 'InvalidRequest', message, schemaDetails(parsed.issues));
}
