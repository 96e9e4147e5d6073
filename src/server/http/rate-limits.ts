// Budgets per client address, shared by every route that spends one and by every instance: the
// counts are kept in the database (decision 026), so N instances behind a load balancer allow what
// one allows. The API's routes spend theirs through @fastify/rate-limit (its headers and 429), with
// the database as its store; the pages' forms and new sessions spend theirs here, once a form has
// shown that it came from this service's pages.
import rateLimit, { normalizeIP, type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { countHit, readHits, type WindowCount } from '../db/rate-limit-repository.ts';
import type { AddressBudgets, Budget, Spent } from '../services/address-budgets.ts';
import { placeOf, type SecurityLog } from '../security/security-log.ts';
import { HttpError } from './http-error.ts';

export interface RateLimits extends AddressBudgets {
  /** A route's `config.rateLimit`: at most `max` requests a minute from one address, spent from `budget`. */
  perMinute(
    budget: Budget,
    max: number,
  ): { max: number; timeWindow: number; keyGenerator: (r: FastifyRequest) => string };
}

/** The key of a budget for a client address; an IPv6 address counts by its /64, which one host can hold whole. */
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
  options: { readonly database: Database; readonly now: () => Date; readonly securityLog: SecurityLog },
): Promise<RateLimits> {
  const { database, now, securityLog } = options;
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
    perMinute: (budget, max) => ({ max, timeWindow: 60_000, keyGenerator: (request) => budgetKey(budget, request.ip) }),
    async take(address, budget, max, windowMs) {
      const at = now();
      return spentOf(await countHit(database, budgetKey(budget, address), windowMs, at), max, at);
    },
    async left(address, budget, max) {
      const at = now();
      const count = await readHits(database, budgetKey(budget, address), at);
      if (count === undefined || count.hits < max) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Math.ceil((count.windowEndsAt.getTime() - at.getTime()) / 1000) };
    },
  };
}
