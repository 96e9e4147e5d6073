// POST /api/public/publicStatus and POST /api/public/pdf-maker: the request and
// response shapes, and the error types the status page tells apart.
import * as v from 'valibot';
import { APPLICATION_STATUSES, REJECTION_REASONS } from '../domain/application-status.ts';
import { LANGUAGE_PARAMETER, type Language } from '../i18n/languages.ts';
import { hasForbiddenCharacters } from '../validation/characters.ts';

/** The path of the status call. */
export const PUBLIC_STATUS_PATH = '/api/public/publicStatus';
/** The query parameter of a status link (`/status?epat=…`) that holds its token. */
export const STATUS_TOKEN_PARAMETER = 'epat';

/**
 * The address of a status link, after the service's own: its token, then the language its email is
 * written in, so that the link opens in that language in any browser (the language link's
 * parameter, which the server keeps in the language cookie and drops from the address before the
 * status page takes the token out of it).
 */
export function statusLinkPath(token: string, language: Language): string {
  // A JWT is base64url and dots, which encodeURIComponent leaves alone; it guards anything else.
  return `/status?${STATUS_TOKEN_PARAMETER}=${encodeURIComponent(token)}&${LANGUAGE_PARAMETER}=${language}`;
}
/** The path of the document download. */
export const PDF_MAKER_PATH = '/api/public/pdf-maker';
/** The path of the call that emails a new status link in place of an expired one. */
export const NEW_STATUS_LINK_PATH = '/api/public/newStatusLink';

/** The `error` of each refusal the status page answers differently. */
export const STATUS_ERRORS = {
  /** 401: the link is not one of ours, or was altered. */
  invalidToken: 'InvalidTokenError',
  /** 401: the link was ours but its time is over. */
  expiredToken: 'ExpiredTokenError',
  /** 403: the licence number does not match the submission. */
  authorisation: 'AuthorisationError',
  /** 429: locked out after too many failed attempts. */
  rateLimit: 'RateLimitError',
} as const;

/** What a 403 AuthorisationError adds: the wrong numbers left before the link is locked (at least 1). */
export interface MismatchBody {
  readonly remainingAttempts: number;
}

/** What a 429 RateLimitError adds: when the lockout ends (an ISO timestamp). */
export interface LockedBody {
  readonly lockedUntil: string;
}

const token = v.pipe(v.string(), v.minLength(1), v.maxLength(4096));
// A control or bidi character cannot be part of a licence number: refused as the wrong shape
// before it is compared, so it costs the sponsor none of their attempts. A token is left to the
// signature check, which answers one that is not ours as "not found" whatever it holds.
const licenceNumber = v.pipe(
  v.string(),
  v.maxLength(200),
  v.check((value) => !hasForbiddenCharacters(value), 'The licence number holds a control or bidirectional character'),
);

/** The body of the status call. */
export const publicStatusRequestSchema = v.strictObject({
  publicAccessTokenJWT: token,
  sponsorLicenceNumber: licenceNumber,
});

/** The body of the document download: the status call's, plus the applications wanted. */
export const pdfMakerRequestSchema = v.strictObject({
  publicAccessTokenJWT: token,
  sponsorLicenceNumber: licenceNumber,
  applicantIds: v.pipe(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(100))), v.minLength(1), v.maxLength(10)),
});

/** The body of the new-link call: the old (usually expired) link's token and the licence number typed. */
export const newStatusLinkRequestSchema = v.strictObject({
  publicAccessTokenJWT: token,
  sponsorLicenceNumber: licenceNumber,
});

/**
 * The answer of the new-link call (202), the same whether or not the licence number matched or
 * the submission is locked, so the call tells nobody which numbers are right.
 */
export const newStatusLinkResponseSchema = v.object({ sent: v.literal(true) });

export type NewStatusLinkResponse = v.InferOutput<typeof newStatusLinkResponseSchema>;

const date = v.pipe(v.string(), v.regex(/^(\d{4}-\d{2}-\d{2})?$/));

/** One application as the status page shows it. */
export const statusItemSchema = v.object({
  applicantId: v.string(),
  cosReference: v.string(),
  familyName: v.string(),
  givenNames: v.string(),
  status: v.picklist(APPLICATION_STATUSES),
  decisionReason: v.nullable(v.picklist(REJECTION_REASONS)),
  /** The passport number with all but its last 3 characters masked. */
  passportNumber: v.string(),
  nationality: v.string(),
  dateOfArrival: date,
  firstWorkDate: date,
  lastWorkDate: date,
  leaveDate: date,
  /** When the application was received (ISO timestamp). */
  submittedAt: v.string(),
});

export type StatusItem = v.InferOutput<typeof statusItemSchema>;

/** The answer of the status call. */
export const publicStatusResponseSchema = v.object({
  items: v.array(statusItemSchema),
  sponsorName: v.string(),
  sponsorReference: v.string(),
});

export type PublicStatusResponse = v.InferOutput<typeof publicStatusResponseSchema>;

/** A passport number shown on screen: every character but the last 3 replaced by "•". */
export function maskPassportNumber(passportNumber: string): string {
  const visible = 3;
  return passportNumber.length <= visible
    ? passportNumber
    : `${'•'.repeat(passportNumber.length - visible)}${passportNumber.slice(-visible)}`;
}
