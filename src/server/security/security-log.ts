// The security log (OWASP ASVS 5.0 V16): one structured line per security event, and a Prometheus
// counter per event. A line holds the event, a keyed hash of the client address (so an operator can
// follow one client across lines and instances without the log holding the address), the route
// pattern and the outcome: never a passport number, email address, name, licence number or token.
// Every value comes from a fixed set or from Fastify's route patterns, so nothing a client typed
// reaches a line.
import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import type { ServiceMetrics } from '../metrics/metrics.ts';

/** The events the log knows, each with what it means. */
export const securityEvents = {
  'licence-number-wrong': 'a wrong sponsor licence number for a status link',
  'licence-lockout-started': 'too many wrong licence numbers: a status link locked for a client',
  'licence-lockout-ended': 'a licence lockout ended (its hour over, or a caseworker unlocked it)',
  'status-link-recovery-unmatched': 'a new status link asked for with a reference and licence number that do not match',
  'check-not-valid': 'a document check that found no valid document',
  'check-limited': 'a document check refused or slowed by a limit',
  'cross-site-refused': 'a form without a valid form token, or a request from another site, refused',
  'role-refused': 'a member of staff refused a page or action their roles do not allow',
  'sign-in-succeeded': 'a member of staff signed in',
  'sign-in-failed': 'a staff sign-in that did not complete',
  'rate-limited': 'a request refused by a rate limit',
  'email-sender-limited': 'an email to a new address refused: the client has reached its distinct-recipients limit',
} as const;
export type SecurityEvent = keyof typeof securityEvents;

/** Where an event happened: the client address (as the trusted proxies give it) and the route pattern. */
export interface SecurityEventPlace {
  readonly address: string;
  readonly route: string;
}

export interface SecurityLog {
  /** Writes one line for `event` and counts it; `outcome` is a word from the caller's fixed set. */
  record(event: SecurityEvent, place: SecurityEventPlace, outcome: string): void;
}

/** The part of a logger the security log writes to. */
interface SecurityLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

export interface SecurityLogOptions {
  readonly logger: SecurityLogger;
  /** The key of the client addresses' hash (SECURITY_LOG_KEY); a random key of this process when undefined. */
  readonly addressKey: string | undefined;
  readonly metrics?: ServiceMetrics | undefined;
}

/** The label of a request no route matched: its raw URL could hold anything. */
const UNMATCHED = 'unmatched';

/** Where a request happened, for the log: its client address and its route's pattern. */
export function placeOf(request: FastifyRequest): SecurityEventPlace {
  return { address: request.ip, route: request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED) };
}

export function createSecurityLog(options: SecurityLogOptions): SecurityLog {
  const key = options.addressKey ?? randomBytes(32).toString('hex');
  // An IPv6 address counts by its /64, as the rate limits count it: one host can hold the whole /64.
  const clientOf = (address: string) =>
    createHmac('sha256', key).update(normalizeIP(address), 'utf8').digest('base64url').slice(0, 16);
  return {
    record(event, place, outcome) {
      options.logger.warn(
        { securityEvent: event, client: clientOf(place.address), route: place.route, outcome },
        'security event',
      );
      options.metrics?.securityEvent(event);
    },
  };
}
