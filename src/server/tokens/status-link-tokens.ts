import { SignJWT, errors, jwtVerify } from 'jose';
import { statusLinkPath } from '#shared/api/public-status.ts';
import type { Language } from '#shared/i18n/languages.ts';
import type { Config } from '../config.ts';
import { SIGNING_ALGORITHM, generatedKeyPems, signingKeyOf } from './signing-keys.ts';

// Status links sit in emails for weeks and are the first of two factors (with the sponsor
// licence number) that open an applicant's status and documents. Signed, not encrypted: the
// token holds only the submission id, which is no secret on its own.

/** The `iss` claim: who made the token. */
export const STATUS_LINK_ISSUER = 'creative-worker-concession';
/** The `aud` claim: what the token opens. Another token of this service can never open the status page. */
export const STATUS_LINK_AUDIENCE = 'creative-worker-concession:status';

const ALGORITHM = SIGNING_ALGORITHM;
const SECONDS_PER_DAY = 86_400;

/** Signs and checks the tokens (`epat`) of status links. */
export interface StatusLinkTokens {
  /** A signed token for one submission, valid for `statusLinkTtlDays`. */
  sign(submissionId: string): Promise<string>;
  /** The submission a token opens; throws ExpiredTokenError or InvalidTokenError. */
  verify(token: string): Promise<{ submissionId: string }>;
  /**
   * For a new link in place of an old one: the token must be ours (signature, algorithm, `iss`,
   * `aud`, `sub`, `iat`) but its `exp` may have passed; one issued more than `maxAgeDays` ago
   * throws InvalidTokenError, as does anything verify refuses as invalid.
   */
  verifyIgnoringExpiry(token: string, maxAgeDays: number): Promise<{ submissionId: string; issuedAt: Date }>;
  /** The address emailed to the sponsor, which opens in the language of the email (`language`). */
  statusLink(token: string, language: Language): string;
}

/** A token this service signed whose time has run out: the status page says "Link expired". */
export class ExpiredTokenError extends Error {
  /** The token's `iat` (seconds), when it has one: a new link may be given for it. */
  readonly issuedAt: number | undefined;

  constructor(issuedAt?: number) {
    super('The status link token has expired');
    this.name = 'ExpiredTokenError';
    this.issuedAt = issuedAt;
  }
}

/**
 * Any other token that does not open the status page (forged, altered, for another audience,
 * malformed): the status page says "Application not found". `reason` is jose's error code, for
 * logs; the token itself is never kept on the error.
 */
export class InvalidTokenError extends Error {
  readonly reason: string;

  constructor(reason: string) {
    super(`The status link token is not valid (${reason})`);
    this.name = 'InvalidTokenError';
    this.reason = reason;
  }
}

export async function createStatusLinkTokens(
  config: Pick<Config, 'tokenKeys' | 'dataDir' | 'statusLinkTtlDays' | 'publicBaseUrl'>,
  options: { now?: () => Date } = {},
): Promise<StatusLinkTokens> {
  const now = options.now ?? (() => new Date());
  const { privateKey, publicKey, keyId } = await signingKeyOf(
    config.tokenKeys ?? (await generatedKeyPems(config.dataDir, 'status-link')),
    config.tokenKeys === undefined ? 'the key files in DATA_DIR/keys' : 'TOKEN_PRIVATE_KEY and TOKEN_PUBLIC_KEY',
  );
  const ttlSeconds = config.statusLinkTtlDays * SECONDS_PER_DAY;

  /** The claims of a token we signed, checked as at `currentDate`; throws ExpiredTokenError or InvalidTokenError. */
  async function checkedClaims(
    token: string,
    currentDate: Date,
    extraClaims: string[] = [],
  ): Promise<{ sub: string; iat: number | undefined }> {
    if (typeof token !== 'string' || token === '') throw new InvalidTokenError('ERR_MISSING_TOKEN');
    try {
      const { payload } = await jwtVerify(token, publicKey, {
        // Pinned: the header's own `alg` is never trusted (no `none`, no HS256 keyed with the public key).
        algorithms: [ALGORITHM],
        issuer: STATUS_LINK_ISSUER,
        audience: STATUS_LINK_AUDIENCE,
        requiredClaims: ['exp', 'iss', 'aud', 'sub', ...extraClaims],
        currentDate,
      });
      if (typeof payload.sub !== 'string' || payload.sub === '')
        throw new InvalidTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
      return { sub: payload.sub, iat: payload.iat };
    } catch (error) {
      // jose checks the signature before any claim, so only a token we signed can be "expired".
      if (error instanceof errors.JWTExpired)
        throw new ExpiredTokenError(typeof error.payload.iat === 'number' ? error.payload.iat : undefined);
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError(error instanceof errors.JOSEError ? error.code : 'ERR_MALFORMED');
    }
  }

  return {
    async sign(submissionId) {
      if (typeof submissionId !== 'string' || submissionId === '') throw new TypeError('A submission id is required');
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: ALGORITHM, kid: keyId, typ: 'JWT' })
        .setIssuer(STATUS_LINK_ISSUER)
        .setAudience(STATUS_LINK_AUDIENCE)
        .setSubject(submissionId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(privateKey);
    },

    async verify(token) {
      const { sub } = await checkedClaims(token, now());
      return { submissionId: sub };
    },

    async verifyIgnoringExpiry(token, maxAgeDays) {
      let claims: { sub: string; iat: number | undefined };
      try {
        claims = await checkedClaims(token, now(), ['iat']);
      } catch (error) {
        if (!(error instanceof ExpiredTokenError)) throw error;
        // Checked again in full as at the moment it was issued, so every rule but the clock
        // still applies; only a token that verified (signature first) gets this far.
        const issuedAt = error.issuedAt;
        if (issuedAt === undefined) throw new InvalidTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
        claims = await checkedClaims(token, new Date(issuedAt * 1000), ['iat']).catch((again: unknown) => {
          // Expired at its own issue: not a token this service makes.
          throw again instanceof ExpiredTokenError ? new InvalidTokenError('ERR_JWT_EXPIRED') : again;
        });
      }
      if (claims.iat === undefined) throw new InvalidTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
      const issuedAt = new Date(claims.iat * 1000);
      // Beyond the retention period the submission's details may be gone: no new link for it.
      if (now().getTime() - issuedAt.getTime() > maxAgeDays * SECONDS_PER_DAY * 1000)
        throw new InvalidTokenError('ERR_TOKEN_TOO_OLD');
      return { submissionId: claims.sub, issuedAt };
    },

    statusLink(token, language) {
      return `${config.publicBaseUrl}${statusLinkPath(token, language)}`;
    },
  };
}
