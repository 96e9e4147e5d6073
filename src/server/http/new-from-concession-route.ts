import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  NEW_FROM_CONCESSION_PATH,
  SUBMISSION_VALIDATION_ERROR,
  newFromConcessionRequestSchema,
  validateSubmission,
  type ApplicantPayload,
  type NewFromConcessionRequest,
  type ResponseItem,
  type SubmissionError,
} from '#shared/api/new-from-concession.ts';
import { findPlaceOfDeparture } from '#shared/countries/places.ts';
import { languageOfCookies, type Language } from '#shared/i18n/languages.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { NewApplication, NewSubmission } from '../db/submission-repository.ts';
import { storeSubmission } from '../db/submission-repository.ts';
import { HttpError } from './http-error.ts';
import { parseBody, registerJsonApi } from './json-api.ts';
import type { RateLimits } from './rate-limits.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';

// Ten applicants of ordinary answers take about 15 KiB; the schema's own limits allow far more
// than any real form, so the body limit is what stops an oversized request early.
const SUBMISSION_BODY_LIMIT = 64 * 1024;

export interface SubmissionRouteOptions {
  readonly config: Pick<Config, 'submissionRateLimit'>;
  readonly database: Database;
  /** The per-address budgets: these calls spend `submissions`. */
  readonly limits: RateLimits;
  readonly now: () => Date;
  readonly metrics?: ServiceMetrics | undefined;
}

/**
 * POST /api/public/newFromConcession: checks the shape, then every answer with the
 * browser's own rules against the server's clock, and stores the group once per formGroupId.
 * 201 with one item per applicant (the applicant as sent, plus its applicantId); 200 with the
 * same answer for a retry of the same body; 400 naming each failed rule; 409 for a different
 * body under a used formGroupId.
 */
export async function registerNewFromConcessionRoute(
  app: FastifyInstance,
  options: SubmissionRouteOptions,
): Promise<void> {
  await registerJsonApi(app, (scope) => submissionRoutes(scope, options));
}

function submissionRoutes(app: FastifyInstance, options: SubmissionRouteOptions): void {
  app.post(
    NEW_FROM_CONCESSION_PATH,
    {
      bodyLimit: SUBMISSION_BODY_LIMIT,
      config: { rateLimit: options.limits.perMinute('submissions', options.config.submissionRateLimit) },
    },
    async (request, reply) => {
      const applicants = parseBody(
        newFromConcessionRequestSchema,
        request.body,
        'The request is not a list of 1 to 10 applications in the expected shape',
      );
      // The browser's call carries the language cookie of the pages it was sent from.
      const language = languageOfCookies(request.headers.cookie ?? '');
      const result = await acceptSubmission(options.database, applicants, options.now(), language);
      if (result.outcome === 'created') options.metrics?.submissionAccepted();
      if (result.outcome === 'refused') {
        throw new HttpError(400, SUBMISSION_VALIDATION_ERROR, 'One or more answers are not valid', result.errors);
      }
      if (result.outcome === 'conflict') {
        throw new HttpError(409, 'Conflict', 'This formGroupId was already used for a different submission');
      }
      return reply.code(result.outcome === 'created' ? 201 : 200).send(result.items);
    },
  );
}

/** What sending applications came to: stored (now, or before for the same body), refused answers, or a used group id. */
export type SubmissionResult =
  | { readonly outcome: 'created' | 'replayed'; readonly items: readonly ResponseItem[] }
  | { readonly outcome: 'refused'; readonly errors: readonly SubmissionError[] }
  | { readonly outcome: 'conflict' };

/**
 * Checks every answer with the browser's own rules against the server's clock, and stores the
 * group once per formGroupId: the API's answer, and the answer to the check your answers page's
 * form sent without JavaScript.
 */
export async function acceptSubmission(
  database: Database,
  applicants: NewFromConcessionRequest,
  now: Date,
  /** The language of the pages the answers were sent from: the submission's emails follow it. */
  language: Language = 'en',
): Promise<SubmissionResult> {
  const errors = validateSubmission(applicants, now);
  if (errors.length > 0) return { outcome: 'refused', errors };
  const result = await storeSubmission(database, toNewSubmission(applicants, language), now);
  if (result.outcome === 'conflict') return { outcome: 'conflict' };
  const ids = new Map(result.applicants.map(({ index, applicantId }) => [index, applicantId]));
  const items = applicants.map((applicant, index) => ({ ...applicant, applicantId: ids.get(index)! }));
  return { outcome: result.outcome, items };
}

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
