// Which failures mean "the database is not there for the moment" rather than "this request or
// this code is wrong". The HTTP layer answers the first kind 503 with Retry-After, so browsers
// offer Try again and load balancers look elsewhere, instead of a 500 that reads as a bug.

// SQLSTATE classes and codes (PostgreSQL appendix A), the same from pg and from PGlite:
// 08 connection exception, 53 insufficient resources (53100 disk full, 53300 too many
// connections), 57P operator intervention (57P01 admin shutdown, 57P03 cannot connect now),
// 58 system error (58030 I/O error).
const unavailableClasses = ['08', '53', '57P', '58'];
const unavailableCodes = new Set([
  // A statement or lock wait cut short by statement_timeout or lock_timeout: the database is too slow.
  '57014',
  '55P03',
  // The database accepts no writes: a standby after a failover, or made read-only to protect a full disk.
  '25006',
]);

// Network errors of the connection to a PostgreSQL server.
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

// pg and pg-pool say these without a code; PGlite says it is closed once shut down.
const unavailableMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Query read timeout/,
  /^Cannot use a pool after calling end/,
  /^PGlite is closed/,
];

/**
 * True when `error` (or an error it wraps, as `cause` or among `errors`) says the database cannot
 * be reached or cannot do its work for now: down, cut off, timing out, out of disk or read-only.
 */
export function isDatabaseUnavailableError(error: unknown): boolean {
  return isUnavailable(error, 0);
}

function isUnavailable(error: unknown, depth: number): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  // The embedded database's WebAssembly aborted (a failed write can do it): nothing works until a restart.
  if (error instanceof Error && error.name === 'RuntimeError') return true;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string') {
    if (networkCodes.has(code) || unavailableCodes.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && unavailableClasses.some((prefix) => code.startsWith(prefix))) return true;
  }
  if (typeof message === 'string' && unavailableMessages.some((pattern) => pattern.test(message))) return true;
  // Node reports a refused connection to every address of a host as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isUnavailable(inner, depth + 1))) return true;
  return isUnavailable(cause, depth + 1);
}
