// The service's bearer tokens and ids (a browser's session, its form token, a draft's link, a staff
// session): 32 random bytes, base64url (43 characters). They come from the operating system's
// random source through Node's crypto, as `randomBytes` gives them, but taken many at a time: a
// call to the source costs far more than the bytes it returns, and every page a visitor without a
// form token asks for needs one (about a tenth of the start page's time, one call a page). Node's
// own randomUUID keeps random bytes the same way. Each byte is handed out once.
import { randomFillSync } from 'node:crypto';

const TOKEN_BYTES = 32;
/** Tokens' bytes fetched at a time. */
const POOL_TOKENS = 128;

const pool = Buffer.alloc(TOKEN_BYTES * POOL_TOKENS);
let next = pool.length;

/** A new random token: 32 bytes, base64url. */
export function randomToken(): string {
  if (next === pool.length) {
    randomFillSync(pool);
    next = 0;
  }
  const token = pool.toString('base64url', next, next + TOKEN_BYTES);
  // Overwritten, so no token stays readable in the pool once handed out.
  pool.fill(0, next, next + TOKEN_BYTES);
  next += TOKEN_BYTES;
  return token;
}
