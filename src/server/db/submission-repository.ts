import { randomBytes, randomUUID } from 'node:crypto';
import type { ApplicantPayload } from '#shared/api/new-from-concession.ts';
import { newApplicationReference } from '#shared/domain/application-reference.ts';
import { INITIAL_STATUS } from '#shared/domain/application-status.ts';
import { normalisePassportNumber } from '#shared/domain/passport-number.ts';
import type { Language } from '#shared/i18n/languages.ts';
import { personSearchText } from '#shared/search/person-search.ts';
import type { Database, Queryable } from './database.ts';
import { enqueueJobs, jobKinds } from './job-repository.ts';

/** One applicant of a submission: the payload as sent, plus the fields the service works with. */
export interface NewApplication {
  /** The applicant's `concessionForm` exactly as received (stored as JSON, read back with the same schema). */
  readonly concessionForm: ApplicantPayload['concessionForm'];
  /** The applicant's `secondaryDetails` exactly as received (stored as JSON, read back with the same schema). */
  readonly secondaryDetails: ApplicantPayload['secondaryDetails'];
  /** concessionForm.passportNumber; stored upper-case without spaces (must be 3–15 letters and digits). */
  readonly passportNumber: string;
  /** concessionForm.certificateOfSponsorshipReferenceNumber */
  readonly cosReference: string;
  /** secondaryDetails.familyName */
  readonly familyName: string;
  /** secondaryDetails.givenNames */
  readonly givenNames: string;
  /** concessionForm.dateOfArrivalInUK, YYYY-MM-DD */
  readonly arrivalDate: string;
  /** secondaryDetails.lteToDate, YYYY-MM-DD: the leave date, from which retention is counted */
  readonly leaveDate: string;
  /** secondaryDetails.airPortOfDeparture: the place the routing check looks at */
  readonly placeOfDeparture: string;
  /** secondaryDetails.workerEmailAddress when given: the worker gets a confirmation too */
  readonly workerEmail?: string | undefined;
}

export interface NewSubmission {
  /** concessionForm.formGroupId ("CWC-…"), the same for every applicant: the idempotency key. */
  readonly formGroupId: string;
  /** A hash of the request body (e.g. sha256 hex): tells a replay from a different request under the same key. */
  readonly requestHash: string;
  readonly sponsorEmail: string;
  readonly sponsorName: string;
  /** The sponsor licence number. */
  readonly sponsorReference: string;
  /** The language the sponsor used (the page's): the emails and documents follow it (decision 032). English when not given. */
  readonly language?: Language | undefined;
  /** In the order of the request; at least one. */
  readonly applicants: readonly NewApplication[];
}

export interface StoredApplicant {
  readonly applicantId: string;
  /** Position in the request's list (0-based). */
  readonly index: number;
}

/**
 * created: stored now, with its jobs. replayed: this formGroupId was stored before from the same
 * request (same hash): nothing is added, and the ids are those given the first time, so the
 * answer can be rebuilt from the request and these ids alone. conflict: the formGroupId was used
 * by a different request.
 */
export type StoreSubmissionResult =
  | {
      readonly outcome: 'created' | 'replayed';
      readonly submissionId: string;
      readonly applicants: readonly StoredApplicant[];
    }
  | { readonly outcome: 'conflict' };

/**
 * Stores a submission, its applications (status INITIAL_STATUS, one audit line each) and its jobs
 * (a `send-confirmation` and one `decide` per application) in one transaction.
 *
 * Two identical requests at the same moment: the second INSERT waits on the unique form_group_id
 * until the first commits, then does nothing; the second then reads the first's rows and answers
 * 'replayed' with the same ids. If the first rolled back, the second simply inserts.
 */
export async function storeSubmission(
  db: Database,
  input: NewSubmission,
  now: Date = new Date(),
  newReference: () => string = () => newApplicationReference(randomBytes),
): Promise<StoreSubmissionResult> {
  if (input.applicants.length === 0) throw new Error('A submission needs at least one applicant');
  const passportNumbers = input.applicants.map((applicant, index) => {
    const normalised = normalisePassportNumber(applicant.passportNumber);
    if (normalised === undefined)
      throw new Error(`Applicant ${index}: the passport number is not 3 to 15 letters and digits`);
    return normalised;
  });

  // A new reference that happens to be taken (50 random bits: about once in 10^14 groups) rolls
  // the whole group back; it is then tried again with new references.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await storeOnce(db, input, passportNumbers, now, newReference);
    } catch (error) {
      if (attempt >= 3 || !isReferenceCollision(error)) throw error;
    }
  }
}

function isReferenceCollision(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === 'applications_pkey';
}

async function storeOnce(
  db: Database,
  input: NewSubmission,
  passportNumbers: readonly string[],
  now: Date,
  newReference: () => string,
): Promise<StoreSubmissionResult> {
  return db.transaction(async (tx) => {
    const submissionId = randomUUID();
    // The language column is named only when a language is given: without one the column's
    // default (English) applies, and a database migrated before 012 (as an old migration's test
    // builds) still takes the row.
    const language = input.language === undefined ? [] : [input.language];
    const inserted = await tx.query(
      `INSERT INTO submissions (id, form_group_id, request_hash, sponsor_name, sponsor_reference, sponsor_email, created_at${language.length > 0 ? ', language' : ''})
       VALUES ($1, $2, $3, $4, $5, $6, $7::timestamptz${language.length > 0 ? ', $8' : ''})
       ON CONFLICT (form_group_id) DO NOTHING`,
      [
        submissionId,
        input.formGroupId,
        input.requestHash,
        input.sponsorName,
        input.sponsorReference,
        input.sponsorEmail,
        now,
        ...language,
      ],
    );
    // Read committed: this statement sees the row a concurrent transaction committed meanwhile.
    if (inserted.rowCount === 0) return existingSubmission(tx, input);

    // The applicant id is the reference people see and type (decision 013).
    const applicants: StoredApplicant[] = input.applicants.map((_, index) => ({ applicantId: newReference(), index }));
    const ids = applicants.map((a) => a.applicantId);
    const column = <T>(pick: (applicant: NewApplication, index: number) => T) => input.applicants.map(pick);
    // One statement per table rather than one per applicant: a group of 10 costs 4 round trips.
    await tx.query(
      `INSERT INTO applications (
         applicant_id, submission_id, position, status, concession_form, secondary_details,
         passport_number, cos_reference, family_name, given_names, worker_email, place_of_departure,
         arrival_date, leave_date, created_at, updated_at, search_text)
       SELECT a.applicant_id, $1, a.position, $15::text, a.concession_form::jsonb, a.secondary_details::jsonb,
              a.passport_number, a.cos_reference, a.family_name, a.given_names, a.worker_email, a.place_of_departure,
              a.arrival_date::date, a.leave_date::date, $2::timestamptz, $2::timestamptz, a.search_text
       FROM unnest($3::text[], $4::integer[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
                   $11::text[], $12::text[], $13::text[], $14::text[], $16::text[])
         AS a(applicant_id, position, concession_form, secondary_details, passport_number, cos_reference, family_name,
              given_names, worker_email, place_of_departure, arrival_date, leave_date, search_text)`,
      [
        submissionId,
        now,
        ids,
        column((_, index) => index),
        column((a) => JSON.stringify(a.concessionForm)),
        column((a) => JSON.stringify(a.secondaryDetails)),
        passportNumbers,
        column((a) => a.cosReference),
        column((a) => a.familyName),
        column((a) => a.givenNames),
        column((a) => (a.workerEmail === undefined || a.workerEmail.trim() === '' ? null : a.workerEmail.trim())),
        column((a) => a.placeOfDeparture),
        column((a) => a.arrivalDate),
        column((a) => a.leaveDate),
        INITIAL_STATUS,
        // What the caseworker's search finds (migration 022), folded as the status page folds it.
        column((a, index) => personSearchText({ ...a, applicantId: ids[index] ?? '' })),
      ],
    );
    await tx.query(
      `INSERT INTO status_changes (applicant_id, actor, from_status, to_status, reason, changed_at)
       SELECT id, 'submission', NULL, $3::text, NULL, $2::timestamptz FROM unnest($1::text[]) AS id`,
      [ids, now, INITIAL_STATUS],
    );
    // The confirmation first in the queue, so the sponsor normally hears "received" before any decision.
    await enqueueJobs(tx, [
      { kind: jobKinds.sendConfirmation, payload: { submissionId }, runAfter: now },
      ...ids.map((applicantId) => ({ kind: jobKinds.decide, payload: { applicantId }, runAfter: now })),
    ]);
    return { outcome: 'created', submissionId, applicants };
  });
}

async function existingSubmission(tx: Queryable, input: NewSubmission): Promise<StoreSubmissionResult> {
  const { rows } = await tx.query<{ id: string; requestHash: string | null }>(
    'SELECT id, request_hash AS "requestHash" FROM submissions WHERE form_group_id = $1',
    [input.formGroupId],
  );
  const existing = rows[0];
  if (existing === undefined) throw new Error('The submission that held this form group id has disappeared');
  if (existing.requestHash !== input.requestHash) return { outcome: 'conflict' };
  const applicants = await tx.query<StoredApplicant>(
    'SELECT applicant_id AS "applicantId", position AS index FROM applications WHERE submission_id = $1 ORDER BY position',
    [existing.id],
  );
  return { outcome: 'replayed', submissionId: existing.id, applicants: applicants.rows };
}

export interface SubmissionRecord {
  readonly id: string;
  readonly formGroupId: string;
  readonly sponsorName: string | null;
  readonly sponsorReference: string;
  readonly sponsorEmail: string | null;
  /** The language of the submission's emails and documents. */
  readonly language: Language;
  readonly createdAt: Date;
  readonly personalDataDeletedAt: Date | null;
}

export async function findSubmission(db: Queryable, submissionId: string): Promise<SubmissionRecord | undefined> {
  const { rows } = await db.query<SubmissionRecord>(
    `SELECT id, form_group_id AS "formGroupId", sponsor_name AS "sponsorName", sponsor_reference AS "sponsorReference",
            sponsor_email AS "sponsorEmail", language, created_at AS "createdAt", personal_data_deleted_at AS "personalDataDeletedAt"
     FROM submissions WHERE id = $1`,
    [submissionId],
  );
  return rows[0];
}

/**
 * What a request for a new status link by an application reference needs of the submission that
 * reference belongs to: no personal data, only whether a sponsor email address is still kept.
 */
export interface SubmissionOfReference {
  readonly submissionId: string;
  /** The sponsor licence number as stored. */
  readonly sponsorReference: string;
  /** False once the personal data is deleted (retention): there is no address to send a link to. */
  readonly hasSponsorEmail: boolean;
  /** When the submission was received, which the retention rule counts from. */
  readonly createdAt: Date;
}

/**
 * The submission the application `reference` (an applicant id, written the service's way)
 * belongs to, or undefined. One look-up through the two primary keys, so an unknown reference
 * costs what a known one does.
 */
export async function findSubmissionOfReference(
  db: Queryable,
  reference: string,
): Promise<SubmissionOfReference | undefined> {
  const { rows } = await db.query<SubmissionOfReference>(
    `SELECT s.id AS "submissionId", s.sponsor_reference AS "sponsorReference",
            s.sponsor_email IS NOT NULL AS "hasSponsorEmail", s.created_at AS "createdAt"
     FROM applications a JOIN submissions s ON s.id = a.submission_id
     WHERE a.applicant_id = $1`,
    [reference],
  );
  return rows[0];
}
