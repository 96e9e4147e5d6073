import type { ApplicationStatus, RejectionReason } from '#shared/domain/application-status.ts';
import type { Queryable } from './database.ts';

/** One application. The personal fields are null once its retention period is over. */
export interface ApplicationRecord {
  readonly applicantId: string;
  readonly submissionId: string;
  readonly formGroupId: string;
  readonly position: number;
  readonly status: ApplicationStatus;
  readonly decisionReason: RejectionReason | null;
  readonly concessionForm: Record<string, unknown> | null;
  readonly secondaryDetails: Record<string, unknown> | null;
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

/** A row of `applicationColumns`. */
export interface ApplicationRow {
  applicant_id: string;
  submission_id: string;
  form_group_id: string;
  position: number;
  status: ApplicationStatus;
  decision_reason: RejectionReason | null;
  concession_form: Record<string, unknown> | null;
  secondary_details: Record<string, unknown> | null;
  passport_number: string | null;
  cos_reference: string | null;
  family_name: string | null;
  given_names: string | null;
  worker_email: string | null;
  place_of_departure: string | null;
  arrival_date: string;
  leave_date: string;
  created_at: Date;
  updated_at: Date;
  personal_data_deleted_at: Date | null;
  sponsor_name: string | null;
  sponsor_reference: string;
  sponsor_email: string | null;
}

/** The columns of an ApplicationRecord, for a query over `applications a` and `submissions s`. */
export const applicationColumns = `
  a.applicant_id, a.submission_id, s.form_group_id, a.position, a.status, a.decision_reason,
  a.concession_form, a.secondary_details, a.passport_number, a.cos_reference, a.family_name,
  a.given_names, a.worker_email, a.place_of_departure, a.arrival_date, a.leave_date,
  a.created_at, a.updated_at, a.personal_data_deleted_at,
  s.sponsor_name, s.sponsor_reference, s.sponsor_email`;

const selectApplications = `SELECT ${applicationColumns} FROM applications a JOIN submissions s ON s.id = a.submission_id`;

/** An ApplicationRecord from a row of `applicationColumns`. */
export const toApplication = (row: ApplicationRow): ApplicationRecord => ({
  applicantId: row.applicant_id,
  submissionId: row.submission_id,
  formGroupId: row.form_group_id,
  position: row.position,
  status: row.status,
  decisionReason: row.decision_reason,
  concessionForm: row.concession_form,
  secondaryDetails: row.secondary_details,
  passportNumber: row.passport_number,
  cosReference: row.cos_reference,
  familyName: row.family_name,
  givenNames: row.given_names,
  workerEmail: row.worker_email,
  placeOfDeparture: row.place_of_departure,
  arrivalDate: row.arrival_date,
  leaveDate: row.leave_date,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  personalDataDeletedAt: row.personal_data_deleted_at,
  sponsorName: row.sponsor_name,
  sponsorReference: row.sponsor_reference,
  sponsorEmail: row.sponsor_email,
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

/** Applications of one submission in the order they were sent. */
export async function listApplicationsOfSubmission(db: Queryable, submissionId: string): Promise<ApplicationRecord[]> {
  const { rows } = await db.query<ApplicationRow>(`${selectApplications} WHERE a.submission_id = $1 ORDER BY a.position`, [
    submissionId,
  ]);
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
         decision_email_job = CASE WHEN $2::text IN ('approved', 'rejected') THEN NULL ELSE decision_email_job END
     WHERE applicant_id = $1`,
    [applicantId, status, reason, now],
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

export async function recordStatusChange(tx: Queryable, change: NewStatusChange): Promise<void> {
  await tx.query(
    `INSERT INTO status_changes (applicant_id, actor, from_status, to_status, reason, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6::timestamptz)`,
    [change.applicantId, change.actor, change.fromStatus, change.toStatus, change.reason, change.changedAt],
  );
}

/** The audit trail of one application, oldest first. */
export async function listStatusChanges(db: Queryable, applicantId: string): Promise<StatusChangeRecord[]> {
  const { rows } = await db.query<{
    id: number;
    applicant_id: string;
    changed_at: Date;
    actor: string;
    from_status: ApplicationStatus | null;
    to_status: ApplicationStatus;
    reason: string | null;
  }>('SELECT * FROM status_changes WHERE applicant_id = $1 ORDER BY id', [applicantId]);
  return rows.map((row) => ({
    id: row.id,
    applicantId: row.applicant_id,
    changedAt: row.changed_at,
    actor: row.actor,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    reason: row.reason,
  }));
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
  const applications = await db.query(
    `UPDATE applications
     SET concession_form = NULL, secondary_details = NULL, passport_number = NULL, cos_reference = NULL,
         family_name = NULL, given_names = NULL, worker_email = NULL, place_of_departure = NULL,
         personal_data_deleted_at = $3::timestamptz, updated_at = $3::timestamptz
     WHERE personal_data_deleted_at IS NULL AND status <> 'in-progress'
       AND leave_date + $2::integer < $1::date`,
    [options.today, options.retentionDays, options.now],
  );
  const submissions = await db.query(
    `UPDATE submissions s
     SET sponsor_name = NULL, sponsor_email = NULL, request_hash = NULL, personal_data_deleted_at = $1::timestamptz
     WHERE s.personal_data_deleted_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.submission_id = s.id AND a.personal_data_deleted_at IS NULL)`,
    [options.now],
  );
  return { applications: applications.rowCount, submissions: submissions.rowCount };
}
