import type { Queryable } from './database.ts';

/** One line of the staff audit log (migration 014). */
export interface StaffAuditLine {
  readonly id: number;
  readonly occurredAt: Date;
  readonly staffId: string;
  readonly staffName: string;
  readonly action: string;
  readonly applicantId: string | null;
  readonly submissionId: string | null;
  readonly statusChangeId: number | null;
  readonly reason: string | null;
  readonly note: string | null;
  readonly details: Readonly<Record<string, unknown>> | null;
  /** The client address the request came from, as the service saw it (migration 021); null for the CLI and older lines. */
  readonly clientAddress: string | null;
}

export type NewStaffAuditLine = Omit<
  StaffAuditLine,
  'id' | 'applicantId' | 'submissionId' | 'statusChangeId' | 'reason' | 'note' | 'details' | 'clientAddress'
> &
  Partial<
    Pick<
      StaffAuditLine,
      'applicantId' | 'submissionId' | 'statusChangeId' | 'reason' | 'note' | 'details' | 'clientAddress'
    >
  >;

const auditColumns = `
  l.id, l.occurred_at AS "occurredAt", l.staff_id AS "staffId", l.staff_name AS "staffName", l.action,
  l.applicant_id AS "applicantId", l.submission_id AS "submissionId", l.status_change_id AS "statusChangeId",
  l.reason, l.note, l.details, l.client_address AS "clientAddress"`;

/** Writes one line; call it in the transaction of the action it records. Returns its id. */
export async function recordStaffAction(tx: Queryable, line: NewStaffAuditLine): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO staff_audit (occurred_at, staff_id, staff_name, action, applicant_id, submission_id,
                              status_change_id, reason, note, details, client_address)
     VALUES ($1::timestamptz, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)
     RETURNING id`,
    [
      line.occurredAt,
      line.staffId,
      line.staffName,
      line.action,
      line.applicantId ?? null,
      line.submissionId ?? null,
      line.statusChangeId ?? null,
      line.reason ?? null,
      line.note ?? null,
      line.details === undefined || line.details === null ? null : JSON.stringify(line.details),
      line.clientAddress?.slice(0, 64) ?? null,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('The audit line was not written');
  return id;
}

export interface StaffAuditFilter {
  readonly staffId?: string | undefined;
  readonly action?: string | undefined;
  readonly applicantId?: string | undefined;
  /** From this instant (inclusive). */
  readonly from?: Date | undefined;
  /** Before this instant (exclusive). */
  readonly until?: Date | undefined;
}

/** A page of the log, newest first, and how many lines the filter finds in all. */
export async function listStaffActions(
  db: Queryable,
  filter: StaffAuditFilter,
  page: { readonly limit: number; readonly offset: number },
): Promise<{ readonly lines: StaffAuditLine[]; readonly total: number }> {
  const where = `($1::text IS NULL OR l.staff_id = $1) AND ($2::text IS NULL OR l.action = $2)
    AND ($3::text IS NULL OR l.applicant_id = $3)
    AND ($4::timestamptz IS NULL OR l.occurred_at >= $4::timestamptz)
    AND ($5::timestamptz IS NULL OR l.occurred_at < $5::timestamptz)`;
  const params = [
    filter.staffId ?? null,
    filter.action ?? null,
    filter.applicantId ?? null,
    filter.from ?? null,
    filter.until ?? null,
  ];
  const { rows } = await db.query<StaffAuditLine>(
    `SELECT ${auditColumns} FROM staff_audit l WHERE ${where}
     ORDER BY l.occurred_at DESC, l.id DESC LIMIT $6 OFFSET $7`,
    [...params, page.limit, page.offset],
  );
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM staff_audit l WHERE ${where}`,
    params,
  );
  return { lines: rows, total: counted.rows[0]?.total ?? 0 };
}

/** The lines about one application or its submission (an unlock, a new status link), oldest first; its views are left out. */
export async function listStaffActionsAbout(
  db: Queryable,
  applicantId: string,
  submissionId: string,
): Promise<StaffAuditLine[]> {
  const { rows } = await db.query<StaffAuditLine>(
    `SELECT ${auditColumns} FROM staff_audit l
     WHERE (l.applicant_id = $1 OR (l.submission_id = $2 AND l.applicant_id IS DISTINCT FROM $1))
       AND l.action <> 'view-application'
     ORDER BY l.occurred_at, l.id`,
    [applicantId, submissionId],
  );
  return rows;
}

/** The latest status change of an application, with the audit line of the member of staff who made it (if one did). */
export interface LatestStatusChange {
  readonly changedAt: Date;
  readonly actor: string;
  readonly toStatus: string;
  readonly staffId: string | null;
  readonly staffName: string | null;
}

export async function findLatestStatusChange(
  db: Queryable,
  applicantId: string,
): Promise<LatestStatusChange | undefined> {
  const { rows } = await db.query<LatestStatusChange>(
    `SELECT c.changed_at AS "changedAt", c.actor, c.to_status AS "toStatus",
            l.staff_id AS "staffId", l.staff_name AS "staffName"
     FROM status_changes c LEFT JOIN staff_audit l ON l.status_change_id = c.id
     WHERE c.applicant_id = $1 AND c.from_status IS DISTINCT FROM c.to_status
     ORDER BY c.id DESC LIMIT 1`,
    [applicantId],
  );
  return rows[0];
}

/** The lines of `ids` that one member of staff wrote since `since`, oldest first (the console's "done" banner). */
export async function findOwnStaffActions(
  db: Queryable,
  ids: readonly number[],
  staffId: string,
  since: Date,
): Promise<StaffAuditLine[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<StaffAuditLine>(
    `SELECT ${auditColumns} FROM staff_audit l
     WHERE l.id = ANY($1::bigint[]) AND l.staff_id = $2 AND l.occurred_at >= $3::timestamptz
     ORDER BY l.occurred_at, l.id`,
    [ids, staffId, since],
  );
  return rows;
}
