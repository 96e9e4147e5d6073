// Who holds an application in the caseworker console (application_assignments, migration 020).
// SQL only; the rules (who may take what, the audit line) are the casework service's.
import type { Assignee } from './casework-repository.ts';
import type { Queryable } from './database.ts';

/** Who holds the application now, or null. */
export async function findAssignee(db: Queryable, applicantId: string): Promise<Assignee | null> {
  const { rows } = await db.query<Assignee>(
    `SELECT staff_id AS id, staff_name AS name, assigned_at AS since
     FROM application_assignments WHERE applicant_id = $1`,
    [applicantId],
  );
  return rows[0] ?? null;
}

/** Gives the application to a member of staff, in place of whoever held it. */
export async function saveAssignee(db: Queryable, applicantId: string, assignee: Assignee): Promise<void> {
  await db.query(
    `INSERT INTO application_assignments (applicant_id, staff_id, staff_name, assigned_at)
     VALUES ($1, $2, $3, $4::timestamptz)
     ON CONFLICT (applicant_id) DO UPDATE
       SET staff_id = excluded.staff_id, staff_name = excluded.staff_name, assigned_at = excluded.assigned_at`,
    [applicantId, assignee.id, assignee.name, assignee.since],
  );
}

/** Lets the application go: nobody holds it. */
export async function deleteAssignee(db: Queryable, applicantId: string): Promise<void> {
  await db.query('DELETE FROM application_assignments WHERE applicant_id = $1', [applicantId]);
}
