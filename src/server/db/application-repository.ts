import * as v from 'valibot';
import { applicantPayloadSchema, type ApplicantPayload } from '#shared/api/new-from-concession.ts';
import {
  COS_HOLDING_STATUSES,
  DECIDED_STATUSES,
  OPEN_STATUSES,
  PURGEABLE_STATUSES,
  type ApplicationStatus,
  type RejectionReason,
} from '#shared/domain/application-status.ts';
import type { Language } from '#shared/i18n/languages.ts';
import type { Queryable } from './database.ts';
import { statusIn } from './status-sql.ts';

/** One application. The personal fields are null once its retention period is over. */
export interface ApplicationRecord {
  readonly applicantId: string;
  readonly submissionId: string;
  readonly formGroupId: string;
  readonly position: number;
  readonly status: ApplicationStatus;
  readonly decisionReason: RejectionReason | null;
  /** As it was sent and stored (it passed the shared payload schema). */
  readonly concessionForm: ApplicantPayload['concessionForm'] | null;
  readonly secondaryDetails: ApplicantPayload['secondaryDetails'] | null;
  readonly passportNumber: string | null;
  readonly cosReference: string | null;
  readonly familyName: string | null;
  readonly givenNames: string | null;
  readonly workerEmail: string | null;
  readonly placeOfDeparture: string | null;
  /** YYYY-MM-DD */
  readonly arrivalDate: string;
  /** YYYY-MM-DD */
  readonly leaveDate: string;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly personalDataDeletedAt: Date | null;
  readonly sponsorName: string | null;
  readonly sponsorReference: string;
  readonly sponsorEmail: string | null;
  /** The submission's language: its emails and documents follow it (decision 032). */
  readonly language: Language;
}

export interface StatusChangeRecord {
  readonly id: number;
  readonly applicantId: string;
  readonly changedAt: Date;
  readonly actor: string;
  readonly fromStatus: ApplicationStatus | null;
  readonly toStatus: ApplicationStatus;
  readonly reason: string | null;
}

/** A row of `applicationColumns`: the JSON columns are not trusted until parsed. */
export type ApplicationRow = Omit<ApplicationRecord, 'concessionForm' | 'secondaryDetails'> & {
  readonly concessionForm: unknown;
  readonly secondaryDetails: unknown;
};

/** The columns of an ApplicationRecord, for a query over `applications a` and `submissions s`. */
export const applicationColumns = `
  a.applicant_id AS "applicantId", a.submission_id AS "submissionId", s.form_group_id AS "formGroupId",
  a.position, a.status, a.decision_reason AS "decisionReason",
  a.concession_form AS "concessionForm", a.secondary_details AS "secondaryDetails",
  a.passport_number AS "passportNumber", a.cos_reference AS "cosReference", a.family_name AS "familyName",
  a.given_names AS "givenNames", a.worker_email AS "workerEmail", a.place_of_departure AS "placeOfDeparture",
  a.arrival_date AS "arrivalDate", a.leave_date AS "leaveDate",
  a.created_at AS "createdAt", a.updated_at AS "updatedAt", a.personal_data_deleted_at AS "personalDataDeletedAt",
  s.sponsor_name AS "sponsorName", s.sponsor_reference AS "sponsorReference", s.sponsor_email AS "sponsorEmail",
  s.language`;

const selectApplications = `SELECT ${applicationColumns} FROM applications a JOIN submissions s ON s.id = a.submission_id`;

// The strict shared schemas, not looser ones: storeSubmission is the only writer and stores only
// payloads that passed them, so a row that fails was changed behind the service's back, or the
// schema changed without a migration of the stored JSON (migrations are forward-only: one that
// changes the payload must rewrite the stored rows too). Either way, failing loudly beats showing
// a sponsor or a caseworker a document with fields silently blank.
const storedConcessionFormSchema = v.nullable(applicantPayloadSchema.entries.concessionForm);
const storedSecondaryDetailsSchema = v.nullable(applicantPayloadSchema.entries.secondaryDetails);

/** Thrown when a stored payload no longer matches the shared schema. Names the fields, never their values (personal data). */
export class StoredPayloadError extends Error {
  constructor(applicantId: string, column: string, issues: readonly v.BaseIssue<unknown>[]) {
    const fields = issues
      .map(
        (issue) =>
          `${v.getDotPath(issue) ?? '(the whole object)'} ${issue.input === undefined ? 'missing' : `is not ${issue.expected ?? issue.type}`}`,
      )
      .join(', ');
    super(`Application ${applicantId}: the stored ${column} does not match the payload schema: ${fields}`);
    this.name = 'StoredPayloadError';
  }
}

function parseStored<T>(schema: v.GenericSchema<unknown, T>, value: unknown, applicantId: string, column: string): T {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new StoredPayloadError(applicantId, column, result.issues);
  return result.output;
}

/** An ApplicationRecord from a row of `applicationColumns`, its JSON parsed with the shared schemas. */
export const toApplication = (row: ApplicationRow): ApplicationRecord => ({
  ...row,
  concessionForm: parseStored(storedConcessionFormSchema, row.concessionForm, row.applicantId, 'concessionForm'),
  secondaryDetails: parseStored(
    storedSecondaryDetailsSchema,
    row.secondaryDetails,
    row.applicantId,
    'secondaryDetails',
  ),
});

/**
 * One application, or undefined. With `forUpdate` (inside a transaction) the row stays locked until
 * the transaction ends, so two deciders or a decider and a caseworker change it one after the other.
 */
export async function findApplication(
  db: Queryable,
  applicantId: string,
  options: { readonly forUpdate?: boolean } = {},
): Promise<ApplicationRecord | undefined> {
  const { rows } = await db.query<ApplicationRow>(
    `${selectApplications} WHERE a.applicant_id = $1${options.forUpdate === true ? ' FOR UPDATE OF a' : ''}`,
    [applicantId],
  );
  const row = rows[0];
  return row === undefined ? undefined : toApplication(row);
}

/**
 * The application, locked until the transaction ends, when it is in progress; undefined (and not
 * locked) otherwise. A caller that holds several rows takes only undecided ones this way, so the
 * send-decisions job, which holds the submission's row and then updates decided applications,
 * never waits for it (decision-emails.ts, on the order of row locks). A row another transaction
 * is deciding is waited for, then read again: decided meanwhile, it is left out.
 */
export async function lockApplicationInProgress(
  tx: Queryable,
  applicantId: string,
): Promise<ApplicationRecord | undefined> {
  const { rows } = await tx.query<ApplicationRow>(
    `${selectApplications} WHERE a.applicant_id = $1 AND a.status = ANY($2::text[]) FOR UPDATE OF a`,
    [applicantId, OPEN_STATUSES],
  );
  const row = rows[0];
  return row === undefined ? undefined : toApplication(row);
}

/** Applications of one submission in the order they were sent. */
export async function listApplicationsOfSubmission(db: Queryable, submissionId: string): Promise<ApplicationRecord[]> {
  const { rows } = await db.query<ApplicationRow>(
    `${selectApplications} WHERE a.submission_id = $1 ORDER BY a.position`,
    [submissionId],
  );
  return rows.map(toApplication);
}

/** Applications, oldest first, optionally with one status. */
export async function listApplications(
  db: Queryable,
  filter: { readonly status?: ApplicationStatus | undefined; readonly limit?: number | undefined } = {},
): Promise<ApplicationRecord[]> {
  const { rows } = await db.query<ApplicationRow>(
    `${selectApplications} WHERE ($1::text IS NULL OR a.status = $1) ORDER BY a.created_at, s.id, a.position LIMIT $2`,
    [filter.status ?? null, filter.limit ?? 10_000],
  );
  return rows.map(toApplication);
}

/**
 * Sets the status (and the reason, which only a rejection has). Use with the audit line below. A
 * new approval or rejection is a decision no email has announced yet (decision 014); updated_at
 * then dates the decision, which the email window is counted from.
 */
export async function updateApplicationStatus(
  tx: Queryable,
  applicantId: string,
  status: ApplicationStatus,
  reason: RejectionReason | null,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE applications
     SET status = $2, decision_reason = $3, updated_at = $4::timestamptz,
         decision_email_job = CASE WHEN $2::text = ANY($5::text[]) THEN NULL ELSE decision_email_job END
     WHERE applicant_id = $1`,
    [applicantId, status, reason, now, DECIDED_STATUSES],
  );
}

export interface NewStatusChange {
  readonly applicantId: string;
  readonly actor: string;
  readonly fromStatus: ApplicationStatus | null;
  readonly toStatus: ApplicationStatus;
  /** A rejection reason or a short note; never personal data. */
  readonly reason: string | null;
  readonly changedAt: Date;
}

/** Writes the audit line of a status change; returns its id (a staff action's audit line points at it). */
export async function recordStatusChange(tx: Queryable, change: NewStatusChange): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO status_changes (applicant_id, actor, from_status, to_status, reason, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz)
     RETURNING id`,
    [change.applicantId, change.actor, change.fromStatus, change.toStatus, change.reason, change.changedAt],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('The status change was not recorded');
  return id;
}

/** The audit trail of one application, oldest first. */
export async function listStatusChanges(db: Queryable, applicantId: string): Promise<StatusChangeRecord[]> {
  const { rows } = await db.query<StatusChangeRecord>(
    `SELECT id, applicant_id AS "applicantId", changed_at AS "changedAt", actor,
            from_status AS "fromStatus", to_status AS "toStatus", reason
     FROM status_changes WHERE applicant_id = $1 ORDER BY id`,
    [applicantId],
  );
  return rows;
}

/** Copies what the automated checks recorded onto the application (migration 020), for the queue's filter. */
export async function recordChecksOutcome(
  tx: Queryable,
  applicantId: string,
  outcome: 'passed' | 'failed',
): Promise<void> {
  await tx.query('UPDATE applications SET checks_outcome = $2 WHERE applicant_id = $1', [applicantId, outcome]);
}

/** True when the automated checks have already run on the application (they run once). */
export async function hasAutomatedDecision(db: Queryable, applicantId: string): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (
       SELECT 1 FROM status_changes WHERE applicant_id = $1 AND (actor = 'automated' OR actor LIKE 'check:%')
     ) AS found`,
    [applicantId],
  );
  return rows[0]?.found === true;
}

export interface PurgeResult {
  readonly applications: number;
  readonly submissions: number;
}

/**
 * Deletes the personal data of decided applications whose leave date is more than retentionDays
 * before `today` (a London calendar day, YYYY-MM-DD), and of submissions left with no personal
 * data in any application. Ids, statuses, reasons and dates stay, so counts and the audit trail
 * still add up.
 */
export async function purgePersonalData(
  db: Queryable,
  options: { readonly today: string; readonly retentionDays: number; readonly now: Date },
): Promise<PurgeResult> {
  // The leave date compared with a date worked out first, so the retention index is read from
  // the first date due, not whole. The submissions looked at are those of the applications just
  // emptied: one left with none holding personal data is emptied too (a run does both in one
  // transaction, so none is left over from an earlier run).
  const applications = await db.query<{ submission_id: string }>(
    `UPDATE applications
     SET concession_form = NULL, secondary_details = NULL, passport_number = NULL, cos_reference = NULL,
         family_name = NULL, given_names = NULL, worker_email = NULL, place_of_departure = NULL, search_text = NULL,
         personal_data_deleted_at = $3::timestamptz, updated_at = $3::timestamptz
     WHERE personal_data_deleted_at IS NULL AND ${statusIn('status', PURGEABLE_STATUSES)}
       AND leave_date < $1::date - $2::integer
     RETURNING submission_id`,
    [options.today, options.retentionDays, options.now],
  );
  if (applications.rowCount === 0) return { applications: 0, submissions: 0 };
  const submissions = await db.query(
    `UPDATE submissions s
     SET sponsor_name = NULL, sponsor_email = NULL, request_hash = NULL, personal_data_deleted_at = $1::timestamptz
     WHERE s.id = ANY($2::text[]) AND s.personal_data_deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.submission_id = s.id AND a.personal_data_deleted_at IS NULL)`,
    [options.now, [...new Set(applications.rows.map((row) => row.submission_id))]],
  );
  return { applications: applications.rowCount, submissions: submissions.rowCount };
}

/**
 * Of `numbers` (certificate of sponsorship numbers as same-cos-reference.ts compares them), those
 * another application in progress or approved already has, compared in the same way by the
 * database (comparable_cos_reference, migration 011). The applications of the submission sent
 * under `exceptFormGroupId` do not count: a send tried again may have stored them already.
 */
export async function findCosReferencesInUse(
  db: Queryable,
  numbers: readonly string[],
  exceptFormGroupId: string | undefined,
): Promise<string[]> {
  if (numbers.length === 0) return [];
  const { rows } = await db.query<{ number: string }>(
    `SELECT DISTINCT comparable_cos_reference(a.cos_reference) AS number
       FROM applications a JOIN submissions s ON s.id = a.submission_id
      WHERE ${statusIn('a.status', COS_HOLDING_STATUSES)}
        AND comparable_cos_reference(a.cos_reference) = ANY($1::text[])
        AND s.form_group_id IS DISTINCT FROM $2
      ORDER BY number`,
    [numbers, exceptFormGroupId ?? null],
  );
  return rows.map((row) => row.number);
}
