// The status page polls with the same token again and again, and checking an ES256 signature is
// the largest cost of a status call after the query. A token that verified is remembered, by its
// exact text, until a second before it expires; nearer its expiry (and for any token not seen
// before) the full check runs, so an expired or tampered token is refused exactly as before.
import { decodeJwt } from 'jose';
import type { StatusLinkTokens } from './status-link-tokens.ts';

/** Enough for every status page open at once on one instance; the oldest entries go first. */
const DEFAULT_CAPACITY = 10_000;

/** `tokens.verify`, answering a token already verified from memory while it is well within its expiry. */
export function rememberVerifiedTokens(
  tokens: () => Promise<Pick<StatusLinkTokens, 'verify'>>,
  now: () => Date,
  capacity = DEFAULT_CAPACITY,
): (token: string) => Promise<{ submissionId: string }> {
  const verified = new Map<string, { readonly submissionId: string; readonly usableUntil: number }>();
  return async (token) => {
    const known = verified.get(token);
    if (known !== undefined && now().getTime() < known.usableUntil) return { submissionId: known.submissionId };
    verified.delete(token);
    const result = await (await tokens()).verify(token);
    // verify required exp; a second's margin keeps the boundary second to the full check.
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number') {
      if (verified.size >= capacity) verified.delete(verified.keys().next().value as string);
      verified.set(token, { submissionId: result.submissionId, usableUntil: (exp - 1) * 1000 });
    }
    return result;
  };
}
