// The signed token in each pre-clearance document's QR code (decision 027). Anyone can verify it
// offline against the public keys at /.well-known/jwks.json; the check page verifies it and then
// asks the database for the live answer. It has its own key, never the status links' one, so a
// document's token opens nothing else, and a status link's token is never shown on paper.
import type { JSONWebKeySet } from 'jose';
import { SignJWT, createLocalJWKSet, errors, jwtVerify } from 'jose';
import * as v from 'valibot';
import { CHECK_A_CLEARANCE_PATH, CLEARANCE_TOKEN_PARAMETER } from '#shared/api/clearance-check-link.ts';
import type { Config } from '../config.ts';
import { SIGNING_ALGORITHM, generatedKeyPems, publicKeyPemOf, signingKeyOf, type SigningKey } from './signing-keys.ts';

/** The `iss` claim (the status links' too); the key, not the claim, keeps the two apart. */
const DOCUMENT_ISSUER = 'creative-worker-concession';
/** The header's `typ`: a document's token says what it is to anyone who decodes it. */
const DOCUMENT_TOKEN_TYPE = 'pre-clearance+jwt';

const isoDay = v.pipe(v.string(), v.isoDate());

// Short claim names: the token is printed as a QR code, and every character makes it denser.
const claimsSchema = v.object({
  iss: v.literal(DOCUMENT_ISSUER),
  /** The application reference. */
  sub: v.string(),
  /** The document's check code. */
  jti: v.string(),
  fn: v.string(),
  /** The given names; absent when the passport shows only one name (decision 029). */
  gn: v.optional(v.string(), ''),
  dob: isoDay,
  arr: isoDay,
  /** First and last work dates. */
  wd: v.tuple([isoDay, isoDay]),
  lv: isoDay,
  iat: v.number(),
  exp: v.number(),
});

/** What a document's token says: the document as issued, never its live status. */
export interface DocumentClaims {
  readonly applicationReference: string;
  readonly checkCode: string;
  readonly familyName: string;
  readonly givenNames: string;
  /** Calendar days, YYYY-MM-DD. */
  readonly dateOfBirth: string;
  readonly arrivalDate: string;
  readonly firstWorkDate: string;
  readonly lastWorkDate: string;
  readonly leaveDate: string;
  readonly issuedAt: Date;
}

/** A token that is not a document of this service, or no longer one (altered, another key, expired). */
export class InvalidDocumentTokenError extends Error {
  readonly reason: string;
  /**
   * Whether its signature verified against the published keys all the same (a document of this
   * service, past its expiry or with claims it does not know): such a token was not guessed.
   */
  readonly signatureVerified: boolean;

  constructor(reason: string) {
    super(`The document token is not valid (${reason})`);
    this.name = 'InvalidDocumentTokenError';
    this.reason = reason;
    // jose checks the claims only once the signature has verified.
    this.signatureVerified = reason === 'ERR_JWT_EXPIRED' || reason === 'ERR_JWT_CLAIM_VALIDATION_FAILED';
  }
}

export interface DocumentTokens {
  /** The key documents are signed with now, to publish and to record with each document issued. */
  readonly signingKey: Pick<SigningKey, 'keyId' | 'publicJwk'>;
  sign(claims: DocumentClaims): Promise<string>;
  /** The QR code's link: the check page with the token. */
  checkLink(token: string): string;
}

const DAY_SECONDS = 86_400;

export async function createDocumentTokens(
  config: Pick<Config, 'documentPrivateKey' | 'dataDir' | 'publicBaseUrl'>,
): Promise<DocumentTokens> {
  const key = await signingKeyOf(
    config.documentPrivateKey === undefined
      ? await generatedKeyPems(config.dataDir, 'document')
      : { privateKeyPem: config.documentPrivateKey, publicKeyPem: publicKeyPemOf(config.documentPrivateKey) },
    config.documentPrivateKey === undefined ? 'the key files in DATA_DIR/keys' : 'DOCUMENT_PRIVATE_KEY',
  );
  return {
    signingKey: { keyId: key.keyId, publicJwk: key.publicJwk },
    sign(claims) {
      const issuedAt = Math.floor(claims.issuedAt.getTime() / 1000);
      return (
        new SignJWT({
          jti: claims.checkCode,
          fn: claims.familyName,
          // A passport that shows only one name has no given names (decision 029): no claim then.
          ...(claims.givenNames === '' ? {} : { gn: claims.givenNames }),
          dob: claims.dateOfBirth,
          arr: claims.arrivalDate,
          wd: [claims.firstWorkDate, claims.lastWorkDate],
          lv: claims.leaveDate,
        })
          .setProtectedHeader({ alg: SIGNING_ALGORITHM, kid: key.keyId, typ: DOCUMENT_TOKEN_TYPE })
          .setIssuer(DOCUMENT_ISSUER)
          .setSubject(claims.applicationReference)
          .setIssuedAt(issuedAt)
          // The day after the leave date, whatever the time zone: the document is spent by then.
          .setExpirationTime(Date.parse(`${claims.leaveDate}T00:00:00Z`) / 1000 + 2 * DAY_SECONDS)
          .sign(key.privateKey)
      );
    },
    checkLink(token) {
      return `${config.publicBaseUrl}${CHECK_A_CLEARANCE_PATH}?${CLEARANCE_TOKEN_PARAMETER}=${encodeURIComponent(token)}`;
    },
  };
}

/**
 * The claims of a document's token, verified against `keys` (the published set) as at `now`;
 * throws InvalidDocumentTokenError for anything else. The header's own `alg` is never trusted.
 */
export async function verifyDocumentToken(token: string, keys: JSONWebKeySet, now: Date): Promise<DocumentClaims> {
  if (typeof token !== 'string' || token === '' || token.length > 4096)
    throw new InvalidDocumentTokenError('ERR_MALFORMED');
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, createLocalJWKSet(keys), {
      algorithms: [SIGNING_ALGORITHM],
      issuer: DOCUMENT_ISSUER,
      typ: DOCUMENT_TOKEN_TYPE,
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      currentDate: now,
    }));
  } catch (error) {
    throw new InvalidDocumentTokenError(error instanceof errors.JOSEError ? error.code : 'ERR_MALFORMED');
  }
  const claims = v.safeParse(claimsSchema, payload);
  if (!claims.success) throw new InvalidDocumentTokenError('ERR_JWT_CLAIM_VALIDATION_FAILED');
  const { sub, jti, fn, gn, dob, arr, wd, lv, iat } = claims.output;
  return {
    applicationReference: sub,
    checkCode: jti,
    familyName: fn,
    givenNames: gn,
    dateOfBirth: dob,
    arrivalDate: arr,
    firstWorkDate: wd[0],
    lastWorkDate: wd[1],
    leaveDate: lv,
    issuedAt: new Date(iat * 1000),
  };
}
