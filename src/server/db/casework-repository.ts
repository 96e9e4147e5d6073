// The caseworker console's reads: the queues, the search, what an application's page adds to
// the application itself, and the decisions export. Statuses are dated by their status change
// (status_changes), not by applications.updated_at, which the retention run also moves.
import type { ApplicationStatus, RejectionReason } from '#shared/domain/application-status.ts';
import {
  applicationColumns,
  toApplication,
  type ApplicationRecord,
  type ApplicationRow,
} from './application-repository.ts';
import type { Queryable } from './database.ts';

/** One application as the lists show it. The names are null once its personal data is deleted. */
export interface CaseRow {
  readonly applicantId: string;
  readonly status: ApplicationStatus;
  readonly decisionReason: RejectionReason | null;
  readonly familyName: string | null;
  readonly givenNames: string | null;
  readonly sponsorReference: string;
  readonly submittedAt: Date;
  /** When it took its current status (its creation for one in progress). */
  readonly statusSince: Date;
  readonly personalDataDeleted: boolean;
}

const caseColumns = `
  a.applicant_id AS "applicantId", a.status, a.decision_reason AS "decisionReason",
  a.family_name AS "familyName", a.given_names AS "givenNames", s.sponsor_reference AS "sponsorReference",
  a.created_at AS "submittedAt", a.personal_data_deleted_at IS NOT NULL AS "personalDataDeleted"`;

/** The latest change to the application's current status, as a lateral join `c`. */
const currentStatusSince = `
  LEFT JOIN LATERAL (
    SELECT sc.changed_at FROM status_changes sc
    WHERE sc.applicant_id = a.applicant_id AND sc.to_status = a.status AND sc.from_status IS DISTINCT FROM sc.to_status
    ORDER BY sc.id DESC LIMIT 1
  ) c ON true`;

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

export interface CasePage {
  readonly rows: CaseRow[];
  readonly total: number;
}

/** Applications in progress, oldest first (the 72 hours run from the submission). */
export async function listInProgress(db: Queryable, page: Page): Promise<CasePage> {
  const { rows } = await db.query<CaseRow>(
    `SELECT ${caseColumns}, a.created_at AS "statusSince"
     FROM applications a JOIN submissions s ON s.id = a.submission_id
     WHERE a.status = 'in-progress'
     ORDER BY a.created_at, a.submission_id, a.position LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM applications WHERE status = 'in-progress'`,
  );
  return { rows, total: counted.rows[0]?.total ?? 0 };
}

/**
 * Applications decided (approved or rejected) between `start` and `end` and still so, or
 * withdrawn then (`withdrawn`), newest first. An application is decided once and withdrawn once
 * (decision 009), so each has at most one such status change.
 */
export async function listChangedTo(
  db: Queryable,
  to: 'decided' | 'withdrawn',
  range: { readonly start?: Date | undefined; readonly end?: Date | undefined },
  page: Page,
): Promise<CasePage> {
  const statuses = to === 'decided' ? ['approved', 'rejected'] : ['withdrawn'];
  const where = `sc.to_status = ANY($1::text[]) AND sc.from_status IS DISTINCT FROM sc.to_status
    AND ($2::timestamptz IS NULL OR sc.changed_at >= $2::timestamptz)
    AND ($3::timestamptz IS NULL OR sc.changed_at < $3::timestamptz)`;
  const params = [statuses, range.start ?? null, range.end ?? null];
  const from = `status_changes sc
    JOIN applications a ON a.applicant_id = sc.applicant_id AND a.status = sc.to_status
    JOIN submissions s ON s.id = a.submission_id`;
  const { rows } = await db.query<CaseRow>(
    `SELECT ${caseColumns}, sc.changed_at AS "statusSince" FROM ${from} WHERE ${where}
     ORDER BY sc.changed_at DESC, sc.id DESC LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
    params,
  );
  return { rows, total: counted.rows[0]?.total ?? 0 };
}

/** What the search looks up in the database; each is compared as the service stores or compares it. */
export type CaseLookup =
  | { readonly by: 'reference'; readonly applicantIds: readonly string[] }
  | { readonly by: 'passport'; readonly passportNumber: string }
  /** As comparable_cos_reference compares them (migration 011). */
  | { readonly by: 'cos'; readonly comparable: string }
  /**
   * Trimmed, digits in ASCII, ASCII letters in capitals: a superset the caller narrows with the
   * shared licence rule (PostgreSQL's upper() and JavaScript's toUpperCase() differ beyond ASCII).
   */
  | { readonly by: 'licence'; readonly licence: string };

const OTHER_DIGITS = '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹０１２３４５６７８９';
const THEIR_ASCII = '012345678901234567890123456789';

/**
 * Applications found by one look-up, newest first, at most `limit`. Only the reference finds an
 * application whose personal data was deleted (its numbers are gone; its licence number stays
 * with the submission, but a deleted application is found by reference only).
 */
export async function lookUpCases(db: Queryable, lookup: CaseLookup, limit: number): Promise<CaseRow[]> {
  const [condition, value] = lookupCondition(lookup);
  const { rows } = await db.query<CaseRow & { changedAt: Date | null }>(
    `SELECT ${caseColumns}, c.changed_at AS "changedAt"
     FROM applications a JOIN submissions s ON s.id = a.submission_id ${currentStatusSince}
     WHERE ${condition}
     ORDER BY a.created_at DESC, a.submission_id, a.position LIMIT $2`,
    [value, limit],
  );
  return rows.map(({ changedAt, ...row }) => ({ ...row, statusSince: changedAt ?? row.submittedAt }));
}

function lookupCondition(lookup: CaseLookup): [string, unknown] {
  switch (lookup.by) {
    case 'reference':
      return ['a.applicant_id = ANY($1::text[])', lookup.applicantIds];
    case 'passport':
      return ['a.passport_number = $1', lookup.passportNumber];
    case 'cos':
      return ['comparable_cos_reference(a.cos_reference) = $1', lookup.comparable];
    case 'licence':
      return [
        `a.personal_data_deleted_at IS NULL AND translate(upper(btrim(s.sponsor_reference)), '${OTHER_DIGITS}', '${THEIR_ASCII}') = $1`,
        lookup.licence,
      ];
  }
}

/** What the name search reads of one application: the fields the shared person search looks at. */
export interface NameCandidate {
  readonly applicantId: string;
  readonly familyName: string;
  readonly givenNames: string;
  readonly cosReference: string;
  readonly createdAt: Date;
}

/**
 * A batch of applications with personal data, newest first, after the keyset `after` (the last
 * row of the previous batch): what the name search reads and matches itself.
 */
export async function listNameCandidates(
  db: Queryable,
  after: { readonly createdAt: Date; readonly applicantId: string } | undefined,
  limit: number,
): Promise<NameCandidate[]> {
  const { rows } = await db.query<NameCandidate>(
    `SELECT a.applicant_id AS "applicantId", a.family_name AS "familyName", a.given_names AS "givenNames",
            a.cos_reference AS "cosReference", a.created_at AS "createdAt"
     FROM applications a
     WHERE a.personal_data_deleted_at IS NULL
       AND ($1::timestamptz IS NULL OR (a.created_at, a.applicant_id) < ($1::timestamptz, $2::text))
     ORDER BY a.created_at DESC, a.submission_id, a.position LIMIT $3`,
    [after?.createdAt ?? null, after?.applicantId ?? null, limit],
  );
  return rows;
}

/** One pre-clearance document issued for an application. */
export interface DocumentIssued {
  readonly checkCode: string;
  readonly issuedAt: Date;
}

export async function listDocumentsIssued(db: Queryable, applicantId: string): Promise<DocumentIssued[]> {
  const { rows } = await db.query<DocumentIssued>(
    `SELECT check_code AS "checkCode", issued_at AS "issuedAt" FROM document_issues
     WHERE applicant_id = $1 ORDER BY issued_at, check_code`,
    [applicantId],
  );
  return rows;
}

/** One decision of the export: the application, and the status change that decided it. */
export interface DecisionRecord {
  readonly application: ApplicationRecord;
  readonly decidedAt: Date;
  readonly decision: 'approved' | 'rejected';
  readonly rejectionReason: string | null;
  /** The status change's actor ('automated', 'check:<name>', 'caseworker:<user>', 'staff:<subject>'). */
  readonly actor: string;
  /** The deciding staff member's id from the audit log, when a staff action made the decision. */
  readonly staffId: string | null;
  /** Their name as the audit line has it. */
  readonly staffName: string | null;
  /** When the decision was withdrawn since, if it was. */
  readonly withdrawnAt: Date | null;
}

/** Approvals and rejections made between `start` and `end`, oldest first. */
export async function listDecisionsMade(db: Queryable, start: Date, end: Date): Promise<DecisionRecord[]> {
  const { rows } = await db.query<
    ApplicationRow & {
      decidedAt: Date;
      decision: 'approved' | 'rejected';
      rejectionReason: string | null;
      actor: string;
      staffId: string | null;
      staffName: string | null;
      withdrawnAt: Date | null;
    }
  >(
    `SELECT ${applicationColumns}, sc.changed_at AS "decidedAt", sc.to_status AS decision,
            CASE WHEN sc.to_status = 'rejected' THEN sc.reason END AS "rejectionReason",
            sc.actor, l.staff_id AS "staffId", l.staff_name AS "staffName",
            (SELECT w.changed_at FROM status_changes w
             WHERE w.applicant_id = a.applicant_id AND w.to_status = 'withdrawn' AND w.from_status <> 'withdrawn'
             ORDER BY w.id LIMIT 1) AS "withdrawnAt"
     FROM status_changes sc
     JOIN applications a ON a.applicant_id = sc.applicant_id
     JOIN submissions s ON s.id = a.submission_id
     LEFT JOIN staff_audit l ON l.status_change_id = sc.id
     WHERE sc.to_status IN ('approved', 'rejected') AND sc.from_status = 'in-progress'
       AND sc.changed_at >= $1::timestamptz AND sc.changed_at < $2::timestamptz
     ORDER BY sc.changed_at, sc.id`,
    [start, end],
  );
  return rows.map(
    ({ decidedAt, decision, rejectionReason, actor, staffId, staffName, withdrawnAt, ...application }) => ({
      application: toApplication(application),
      decidedAt,
      decision,
      rejectionReason,
      actor,
      staffId,
      staffName,
      withdrawnAt,
    }),
  );
}
