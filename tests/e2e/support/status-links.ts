// Status-link tokens signed with the service's own key (the global setup hands it to the tests),
// so that a test can make a link the service itself could have sent: for any submission, in date
// or long expired.
import { importPKCS8, SignJWT } from 'jose';
import { inject } from 'vitest';
import { STATUS_LINK_AUDIENCE, STATUS_LINK_ISSUER } from '../../../src/server/tokens/status-link-tokens.ts';

/** A status-link token for `submission`: valid for an hour, or, when `expired`, signed 100 days ago for 90. */
export async function signedStatusToken(submission = 'a-submission', { expired = false } = {}): Promise<string> {
  const key = await importPKCS8(inject('tokenPrivateKey'), 'ES256');
  const token = new SignJWT({})
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(STATUS_LINK_ISSUER)
    .setAudience(STATUS_LINK_AUDIENCE)
    .setSubject(submission);
  if (!expired) return token.setIssuedAt().setExpirationTime('1h').sign(key);
  // Expired, but younger than the retention period: the service still knows the submission.
  const past = Math.floor(Date.now() / 1000) - 100 * 86_400;
  return token
    .setIssuedAt(past)
    .setExpirationTime(past + 90 * 86_400)
    .sign(key);
}
