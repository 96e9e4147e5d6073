// The check page of pre-clearance documents (decision 027): the check call the page makes, and
// what the page shows without JavaScript. Its address and the QR code's link: clearance-check-link.ts.
import * as v from 'valibot';
import { asciiDigits } from '../text/ascii-digits.ts';
import type { ClearanceCheckAnswers } from '../validation/clearance-check.ts';
import type { FieldErrors } from '../validation/fields.ts';

/** The path of the check call. */
export const CLEARANCE_CHECK_PATH = '/api/public/clearanceCheck';

/** The longest token the call takes: a document's is about 500 characters. */
const MAX_CLEARANCE_TOKEN_LENGTH = 4096;

const isoDay = v.pipe(v.string(), v.isoDate());
const timestamp = v.pipe(v.string(), v.maxLength(40), v.isoTimestamp());

/** The check call's body: the typed code and date of birth, or the token of a QR code's link. */
export const clearanceCheckRequestSchema = v.union([
  // Digits of any keyboard the page accepts are read as ASCII ones here too (decision 031).
  v.strictObject({
    checkCode: v.pipe(v.string(), v.maxLength(100), v.transform(asciiDigits)),
    dateOfBirth: v.pipe(v.string(), v.maxLength(10), v.transform(asciiDigits)),
  }),
  v.strictObject({ token: v.pipe(v.string(), v.maxLength(MAX_CLEARANCE_TOKEN_LENGTH)) }),
]);

const text = v.pipe(v.string(), v.maxLength(500));

/** The check's answer: the live clearance, its withdrawal, or "not valid" and nothing else. */
export const clearanceCheckResponseSchema = v.variant('outcome', [
  v.object({
    outcome: v.literal('valid'),
    applicationReference: text,
    checkCode: text,
    familyName: text,
    givenNames: text,
    /** What lets an officer match the person in front of them. */
    dateOfBirth: isoDay,
    /** As answered ("POL - Polish"); the page names the country in its language. */
    nationality: text,
    /** Masked but for its last characters (`maskPassportNumber`): never the whole number. */
    passportNumber: text,
    arrivalDate: isoDay,
    firstWorkDate: isoDay,
    lastWorkDate: isoDay,
    leaveDate: isoDay,
    sponsorName: text,
    documentIssuedAt: timestamp,
    checkedAt: timestamp,
  }),
  v.object({
    outcome: v.literal('withdrawn'),
    applicationReference: text,
    withdrawnAt: timestamp,
    checkedAt: timestamp,
  }),
  v.object({ outcome: v.literal('not-valid'), checkedAt: timestamp }),
]);

/** The check's answer. */
export type ClearanceCheckResponse = v.InferOutput<typeof clearanceCheckResponseSchema>;

/**
 * The error of a check refused by the limits of an address's checks that found nothing (429, decision
 * 042), with `Retry-After` and `retryAt` (the ISO time to try again at). It is no answer about the document.
 */
export const CHECKS_LOCKED_ERROR = 'ChecksLockedError';

/** What the check page shows. */
export type ClearanceCheckView =
  /** The question, as typed, with its errors (none before it is asked). */
  | {
      readonly kind: 'ask';
      readonly answers: ClearanceCheckAnswers;
      readonly errors: FieldErrors<'check-code' | 'date-of-birth'>;
    }
  | { readonly kind: 'checking' }
  /** The answer; `checkCode`, the code typed for it (as the service writes it), for "Check another document". */
  | { readonly kind: 'result'; readonly result: ClearanceCheckResponse; readonly checkCode?: string }
  /** Refused by a limit of this connection's checks: try again at `until` (an ISO time on the whole minute). */
  | { readonly kind: 'locked'; readonly until: string }
  | { readonly kind: 'failed' };

/** The question before anything is typed. */
export const EMPTY_CLEARANCE_CHECK: ClearanceCheckAnswers = {
  'check-code': '',
  'date-of-birth': { day: '', month: '', year: '' },
};
