// The token of a saved draft's emailed link ("Save and come back later"): 32 random bytes,
// base64url, a bearer secret that opens the draft once. Only its SHA-256 is stored, so the table
// alone opens no draft; the token itself is only ever in the email, never in the database or a log.
import { randomToken } from './random-tokens.ts';
import { createHash } from 'node:crypto';

/** The SHA-256 a draft link's token is stored and looked up as. */
export function draftLinkTokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A new token for a draft's link, and the hash to store. */
export function newDraftLinkToken(): { readonly token: string; readonly hash: Buffer } {
  const token = randomToken();
  return { token, hash: draftLinkTokenHash(token) };
}
