// Sending applications: the API's call (POST /api/public/newFromConcession) and the check your
// answers page's form without JavaScript both come here. Every answer is checked with the
// browser's own rules against the server's clock, and the group is stored once per formGroupId.
// Its emails (the sponsor's and each worker's) count against the sending client's limit of
// distinct addresses an hour (decision 044): over it, nothing is stored.
import { createHash } from 'node:crypto';
import {
  validateSubmission,
  type ApplicantPayload,
  type NewFromConcessionRequest,
  type ResponseItem,
  type SubmissionError,
} from '#shared/api/new-from-concession.ts';
import { findPlaceOfDeparture } from '#shared/countries/places.ts';
import type { Language } from '#shared/i18n/languages.ts';
import type { Database } from '../db/database.ts';
import { storeSubmission, type NewApplication, type NewSubmission } from '../db/submission-repository.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';
import type { SecurityEventPlace } from '../security/security-log.ts';
import { spendEmailSender, type EmailSenderLimit } from './email-senders.ts';

export interface SubmissionServiceOptions {
  readonly database: Database;
  /** Counts each submission stored (METRICS_PORT). */
  readonly metrics?: ServiceMetrics | undefined;
  /** The distinct addresses a client may have emailed in an hour (EMAIL_SENDER_LIMIT); none counted without. */
  readonly emailSenders?: EmailSenderLimit | undefined;
}

/** What sending applications came to: stored (now, or before for the same body), refused answers, or a used group id. */
export type SubmissionResult =
  | { readonly outcome: 'created' | 'replayed'; readonly items: readonly ResponseItem[] }
  | { readonly outcome: 'refused'; readonly errors: readonly SubmissionError[] }
  | { readonly outcome: 'conflict' }
  /** Its emails would take the client past its distinct addresses of the hour: nothing stored. */
  | { readonly outcome: 'emailsTooMany'; readonly retryAfterSeconds: number };

/**
 * Checks every answer with the browser's own rules against the server's clock, counts the
 * addresses its emails go to against the client's hour (from `client`, when given), and stores
 * the group once per formGroupId; a group stored now (not a replay) is counted.
 */
export async function acceptSubmission(
  options: SubmissionServiceOptions,
  applicants: NewFromConcessionRequest,
  now: Date,
  /** The language of the pages the answers were sent from: the submission's emails follow it. */
  language: Language = 'en',
  /** Where the request came from: the client whose emails these are. */
  client?: SecurityEventPlace,
): Promise<SubmissionResult> {
  const errors = validateSubmission(applicants, now);
  if (errors.length > 0) return { outcome: 'refused', errors };
  // Counted before storing, in a transaction of its own: a store that then fails leaves its
  // addresses counted, which only errs on the side of the strangers; a retry counts them no more.
  if (options.emailSenders !== undefined && client !== undefined) {
    const refused = await spendEmailSender(
      options.database,
      options.emailSenders,
      client,
      'submission',
      emailsOf(applicants),
      now,
    );
    if (refused !== undefined) return { outcome: 'emailsTooMany', retryAfterSeconds: refused.retryAfterSeconds };
  }
  const result = await storeSubmission(options.database, toNewSubmission(applicants, language), now);
  if (result.outcome === 'conflict') return { outcome: 'conflict' };
  if (result.outcome === 'created') options.metrics?.submissionAccepted();
  const ids = new Map(result.applicants.map(({ index, applicantId }) => [index, applicantId]));
  const items = applicants.map((applicant, index) => ({ ...applicant, applicantId: ids.get(index)! }));
  return { outcome: result.outcome, items };
}

/** The addresses a submission's emails go to: the sponsor's (once per group) and each worker's given. */
const emailsOf = (applicants: NewFromConcessionRequest) => [
  applicants[0]?.concessionForm.sponsorEmailAddress,
  ...applicants.map((applicant) => applicant.secondaryDetails.workerEmailAddress),
];

// The schema's output has its keys in the schema's order whatever the order sent, so the same
// answers give the same hash however a client serialises them.
function requestHash(applicants: NewFromConcessionRequest): string {
  return createHash('sha256').update(JSON.stringify(applicants)).digest('hex');
}

function toNewSubmission(applicants: NewFromConcessionRequest, language: Language): NewSubmission {
  // validateSubmission has checked that every applicant carries the same group and sponsor.
  const [first] = applicants as [ApplicantPayload, ...ApplicantPayload[]];
  const form = first.concessionForm;
  return {
    formGroupId: form.formGroupId,
    requestHash: requestHash(applicants),
    sponsorEmail: form.sponsorEmailAddress.trim(),
    sponsorName: form.sponsorName.trim(),
    sponsorReference: form.sponsorshipReferenceNumber.trim(),
    language,
    applicants: applicants.map(toNewApplication),
  };
}

function toNewApplication({ concessionForm: form, secondaryDetails: details }: ApplicantPayload): NewApplication {
  return {
    concessionForm: form,
    secondaryDetails: details,
    passportNumber: form.passportNumber,
    cosReference: form.certificateOfSponsorshipReferenceNumber.trim(),
    familyName: details.familyName.trim(),
    givenNames: details.givenNames.trim(),
    arrivalDate: form.dateOfArrivalInUK,
    leaveDate: details.lteToDate,
    // The list's own name, whatever spelling was sent: the routing check and caseworkers read this.
    placeOfDeparture: findPlaceOfDeparture(details.airPortOfDeparture)?.name ?? details.airPortOfDeparture.trim(),
    workerEmail: details.workerEmailAddress,
  };
}
