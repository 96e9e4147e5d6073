// What the /api/public/* routes share: a plugin scope that takes JSON only and limits requests
// per client address, and reading a body with a shared valibot schema into a 400 that names
// where and which check failed.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { HttpError, type HttpErrorDetail } from './http-error.ts';

/**
 * Registers `routes` in a plugin scope of their own, so that what is set here touches no other
 * route: JSON bodies only (Fastify would otherwise accept text/plain and the schema would answer
 * a puzzling 400), and the per-address rate limit that routes switch on with
 * `config: { rateLimit: perMinute(n) }`. The limit is kept in memory per instance: it stops one
 * address flooding an instance; whatever must hold across instances is in the database.
 */
export async function registerJsonApi(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void | Promise<void>,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('text/plain');
    await scope.register(rateLimit, RATE_LIMIT_PER_ROUTE);
    await routes(scope);
  });
}

/**
 * @fastify/rate-limit's options for a scope whose routes switch the limit on themselves, answering
 * one over the limit with a 429 `TooManyRequests`.
 */
export const RATE_LIMIT_PER_ROUTE = {
  global: false,
  errorResponseBuilder: (_request: unknown, context: { after: string }) =>
    new HttpError(429, 'TooManyRequests', `Too many requests from this address: try again in ${context.after}`),
};

/** The route option of at most `max` requests per client address per minute. */
export const perMinute = (max: number) => ({ max, timeWindow: 60_000 });

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
