// Spending the budgets of the limits table (services/limits.ts, decision 050), shared by every route
// that spends one and by every instance: the counts are kept in the database (decision 026), so N
// instances behind a load balancer allow what one allows. The API's routes spend theirs through
// @fastify/rate-limit (its headers and 429), with the database as its store; the pages' forms, new
// sessions, the services and the console spend theirs here, with the same key and the same window.
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { countHit, type WindowCount } from '../db/rate-limit-repository.ts';
import { limitsTable, type Budget, type Limits, type LimitSettings, type Spent } from '../services/limits.ts';
import { placeOf, type SecurityLog } from '../security/security-log.ts';
import { HttpError } from '../http/http-error.ts';

export interface RateLimits extends Limits {
  /** A route's `config.rateLimit`: its requests spend `budget` of the request's address. */
  route(budget: Budget): { max: number; timeWindow: number; keyGenerator: (r: FastifyRequest) => string };
}

/** The key of a budget for a client address (or a staff member's id); an IPv6 address counts by its /64, which one host can hold whole. */
export const budgetKey = (budget: Budget, address: string) => `${budget}:${normalizeIP(address)}`;

/** What a hit counted at `at` as `count` came to, in a budget of `max`. */
export function spentOf(count: WindowCount, max: number, at: Date): Spent {
  return {
    allowed: count.hits <= max,
    retryAfterSeconds: Math.ceil((count.windowEndsAt.getTime() - at.getTime()) / 1000),
  };
}

/**
 * Registers @fastify/rate-limit for every route that asks for it (`config.rateLimit`), counting
 * in the database, and answering one over its budget with a 429 `TooManyRequests`.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  options: {
    readonly database: Database;
    readonly now: () => Date;
    readonly securityLog: SecurityLog;
    /** The settings that give the budgets their maximums. */
    readonly settings: LimitSettings;
  },
): Promise<RateLimits> {
  const { database, now, securityLog } = options;
  const table = limitsTable(options.settings);
  class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      done: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      const at = now();
      countHit(database, key, windowMs, at).then(
        (count) => done(null, { current: count.hits, ttl: count.windowEndsAt.getTime() - at.getTime() }),
        (error: Error) => done(error),
      );
    }
    child() {
      return this;
    }
  }
  await app.register(rateLimit, {
    global: false,
    store: DatabaseStore,
    errorResponseBuilder: (request, context) => {
      securityLog.record('rate-limited', placeOf(request), 'api');
      return new HttpError(
        429,
        'TooManyRequests',
        `Too many requests from this address: try again in ${context.after}`,
      );
    },
  });
  return {
    table,
    route: (budget) => ({
      max: table[budget].max,
      timeWindow: table[budget].windowMs,
      keyGenerator: (request) => budgetKey(budget, request.ip),
    }),
    async take(key, budget) {
      const at = now();
      const { max, windowMs } = table[budget];
      return spentOf(await countHit(database, budgetKey(budget, key), windowMs, at), max, at);
    },
  };
}
