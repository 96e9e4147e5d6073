import type { JWK } from 'jose';
import type { Queryable } from './database.ts';

/** One document as issued: its check code, whose application it is, which key signed its QR code. */
export interface DocumentIssue {
  readonly checkCode: string;
  readonly applicantId: string;
  readonly keyId: string;
  readonly issuedAt: Date;
}

/** Records the documents of one download, and the key that signed them the first time it signs. */
export async function recordDocumentIssues(
  tx: Queryable,
  key: { readonly keyId: string; readonly publicJwk: JWK },
  issues: readonly DocumentIssue[],
): Promise<void> {
  await tx.query(
    `INSERT INTO document_signing_keys (key_id, public_jwk, first_used_at) VALUES ($1, $2, $3)
     ON CONFLICT (key_id) DO NOTHING`,
    [key.keyId, JSON.stringify(key.publicJwk), issues[0]?.issuedAt ?? new Date()],
  );
  for (const issue of issues) {
    await tx.query(
      'INSERT INTO document_issues (check_code, applicant_id, key_id, issued_at) VALUES ($1, $2, $3, $4)',
      [issue.checkCode, issue.applicantId, issue.keyId, issue.issuedAt],
    );
  }
}

/** The document a check code names, or undefined. */
export async function findDocumentIssue(db: Queryable, checkCode: string): Promise<DocumentIssue | undefined> {
  const { rows } = await db.query<DocumentIssue>(
    `SELECT check_code AS "checkCode", applicant_id AS "applicantId", key_id AS "keyId", issued_at AS "issuedAt"
     FROM document_issues WHERE check_code = $1`,
    [checkCode],
  );
  return rows[0];
}

/**
 * The public keys to publish on `today` (YYYY-MM-DD): the one signing now, and every earlier one
 * that signed a document whose leave date has not passed. Newest first.
 */
export async function publishedSigningKeys(db: Queryable, currentKeyId: string, today: string): Promise<JWK[]> {
  const { rows } = await db.query<{ publicJwk: JWK }>(
    `SELECT k.public_jwk AS "publicJwk" FROM document_signing_keys k
     WHERE k.key_id = $1 OR EXISTS (
       SELECT 1 FROM document_issues d JOIN applications a ON a.applicant_id = d.applicant_id
       WHERE d.key_id = k.key_id AND a.leave_date >= $2::date)
     ORDER BY k.first_used_at DESC, k.key_id`,
    [currentKeyId, today],
  );
  return rows.map((row) => row.publicJwk);
}

/** One check of a document, as recorded. */
export interface ClearanceCheckRecord {
  readonly checkedAt: Date;
  readonly way: 'code' | 'token';
  /** The code named, written the service's way; null when none was (a token that did not verify). */
  readonly checkCode: string | null;
  readonly outcome: 'valid' | 'withdrawn' | 'not-valid';
}

export async function recordClearanceCheck(db: Queryable, check: ClearanceCheckRecord): Promise<void> {
  await db.query('INSERT INTO clearance_checks (checked_at, way, check_code, outcome) VALUES ($1, $2, $3, $4)', [
    check.checkedAt,
    check.way,
    check.checkCode,
    check.outcome,
  ]);
}

/** The checks of the documents of one application, newest first (the caseworker's history). */
export async function listClearanceChecks(db: Queryable, applicantId: string): Promise<ClearanceCheckRecord[]> {
  const { rows } = await db.query<ClearanceCheckRecord>(
    `SELECT c.checked_at AS "checkedAt", c.way, c.check_code AS "checkCode", c.outcome
     FROM clearance_checks c JOIN document_issues d ON d.check_code = c.check_code
     WHERE d.applicant_id = $1 ORDER BY c.checked_at DESC, c.id DESC`,
    [applicantId],
  );
  return rows;
}
