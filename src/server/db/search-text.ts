// The searchable text of an application (migration 022, decision 053), written by the service's
// own folding (personSearchText) so that the database finds what the status page's search finds.
import { personSearchText } from '#shared/search/person-search.ts';
import type { Queryable } from './database.ts';

/** Applications folded per statement when migration 022 fills the rows stored before it. */
const FILL_BATCH = 5_000;

/**
 * Fills search_text for every application with personal data that has none, a batch at a time in
 * the order of the primary key, then validates the constraint that every such application has it.
 * Runs in migration 022's transaction, right after its SQL (migrations.ts).
 */
export async function fillSearchText(tx: Queryable): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await tx.query<{
      applicantId: string;
      givenNames: string;
      familyName: string;
      cosReference: string;
    }>(
      `SELECT applicant_id AS "applicantId", given_names AS "givenNames", family_name AS "familyName",
              cos_reference AS "cosReference"
       FROM applications
       WHERE applicant_id > $1 AND personal_data_deleted_at IS NULL AND search_text IS NULL
       ORDER BY applicant_id LIMIT $2`,
      [after, FILL_BATCH],
    );
    if (rows.length === 0) break;
    await tx.query(
      `UPDATE applications a SET search_text = f.search_text
       FROM unnest($1::text[], $2::text[]) AS f(applicant_id, search_text)
       WHERE a.applicant_id = f.applicant_id`,
      [rows.map((row) => row.applicantId), rows.map((row) => personSearchText(row))],
    );
    after = rows.at(-1)?.applicantId ?? after;
    if (rows.length < FILL_BATCH) break;
  }
  await tx.exec('ALTER TABLE applications VALIDATE CONSTRAINT applications_search_text_with_personal_data');
}
