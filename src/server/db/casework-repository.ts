// The caseworker console's reads: the queues, the search, what an application's page adds to
// the application itself, and the decisions export. Statuses are dated by their status change
// (status_changes), not by applications.updated_at, which the retention run also moves.
import {
  DECIDED_STATUSES,
  FINAL_STATUSES,
  OPEN_STATUSES,
  type ApplicationStatus,
  type RejectionReason,
} from '#shared/domain/application-status.ts';
import type { Database, Queryable } from './database.ts';
import { statusIn, statusNotIn } from './status-sql.ts';
import { SEARCH_TEXT_PARTS } from '#shared/search/person-search.ts';

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
  /** The calendar day of arrival, YYYY-MM-DD (kept after the personal data is deleted). */
  readonly arrivalDate: string;
  /** The member of staff who holds it (application_assignments, migration 020), if one does. */
  readonly assignee: Assignee | null;
}

/** Who holds an application: their id, the name their sign-in gave when they took it, and when. */
export interface Assignee {
  readonly id: string;
  readonly name: string;
  readonly since: Date;
}

const caseColumns = `
  a.applicant_id AS "applicantId", a.status, a.decision_reason AS "decisionReason",
  a.family_name AS "familyName", a.given_names AS "givenNames", s.sponsor_reference AS "sponsorReference",
  a.created_at AS "submittedAt", a.personal_data_deleted_at IS NOT NULL AS "personalDataDeleted",
  a.arrival_date AS "arrivalDate",
  CASE WHEN w.applicant_id IS NULL THEN NULL
       ELSE json_build_object('id', w.staff_id, 'name', w.staff_name, 'since', w.assigned_at) END AS assignee`;

/** Who holds the application, as `w` (the columns above read it). */
const assigneeJoin = 'LEFT JOIN application_assignments w ON w.applicant_id = a.applicant_id';

type CaseRowAsRead = Omit<CaseRow, 'assignee'> & {
  readonly assignee: { readonly id: string; readonly name: string; readonly since: string } | null;
};
/** A row as read: the assignee's time comes as JSON text. */
const toCaseRow = ({ assignee, ...row }: CaseRowAsRead): CaseRow => ({
  ...row,
  assignee: assignee === null ? null : { ...assignee, since: new Date(assignee.since) },
});

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

/** The two orders of the queue in progress. */
export type InProgressOrder = 'arrival' | 'time-left';
/** What the automated checks recorded (decision 009): a pass waiting for a caseworker, a failure, or nothing yet. */
export type RecordedCheckOutcome = 'passed' | 'failed' | 'not-run';

export interface InProgressFilter {
  readonly order: InProgressOrder;
  readonly checks?: RecordedCheckOutcome | undefined;
  /** Trimmed; compared as comparable_licence_number compares them (migration 020). */
  readonly licence?: string | undefined;
  /** Only the applications this member of staff holds. */
  readonly assignedTo?: string | undefined;
}

// Each in the order of an index of the applications in progress (migration 020), so a page is
// read from the index in order, not sorted from every row. Within a submission, as sent.
const IN_PROGRESS_ORDERS: Record<InProgressOrder, string> = {
  arrival: 'a.arrival_date, a.created_at, a.submission_id, a.position',
  'time-left': 'a.created_at, a.submission_id, a.position',
};

// checks_outcome (migration 020, written with the checks' status change): null while they have not run.
const CHECK_CONDITIONS: Record<RecordedCheckOutcome, string> = {
  passed: `a.checks_outcome = 'passed'`,
  failed: `a.checks_outcome = 'failed'`,
  'not-run': 'a.checks_outcome IS NULL',
};

/**
 * The statement of a page of the queue in progress and of its count. Only the conditions asked
 * for are in the text (no "$1 IS NULL OR"), so a prepared statement's plan, generic after a few
 * runs, still reads the index each condition needs. Exported for the test that explains its plans.
 */
export function inProgressStatements(filter: InProgressFilter): {
  readonly page: string;
  readonly count: string;
  readonly params: unknown[];
} {
  const params: unknown[] = [];
  // The statuses as literals, so that the indexes of the open applications (migration 020) are read.
  const conditions = [statusIn('a.status', OPEN_STATUSES)];
  // The count and the page's ids join only what their conditions read, so they read one index alone.
  const joins: string[] = [];
  if (filter.assignedTo !== undefined) {
    params.push(filter.assignedTo);
    conditions.push(
      `a.applicant_id IN (SELECT applicant_id FROM application_assignments WHERE staff_id = $${params.length})`,
    );
  }
  if (filter.licence !== undefined) {
    params.push(filter.licence);
    conditions.push(
      `comparable_licence_number(s.sponsor_reference) = comparable_licence_number($${params.length}::text)`,
    );
    joins.push('JOIN submissions s ON s.id = a.submission_id');
  }
  if (filter.checks !== undefined) conditions.push(CHECK_CONDITIONS[filter.checks]);
  const matching = `FROM applications a ${joins.join(' ')} WHERE ${conditions.join(' AND ')}`;
  const order = IN_PROGRESS_ORDERS[filter.order];
  return {
    // The page's ids first, then their rows: an offset far on skips index entries, not table rows.
    page: `SELECT ${caseColumns}, a.created_at AS "statusSince"
     FROM (SELECT a.applicant_id ${matching} ORDER BY ${order} LIMIT $${params.length + 1} OFFSET $${params.length + 2}) p
     JOIN applications a ON a.applicant_id = p.applicant_id
     JOIN submissions s ON s.id = a.submission_id ${assigneeJoin}
     ORDER BY ${order}`,
    count: `SELECT count(*)::int AS total ${matching}`,
    params,
  };
}

/** A page of the applications in progress, as filtered and ordered, and how many the filter finds. */
export async function listInProgress(db: Queryable, filter: InProgressFilter, page: Page): Promise<CasePage> {
  const statements = inProgressStatements(filter);
  const { rows } = await db.query<CaseRowAsRead>(statements.page, [...statements.params, page.limit, page.offset]);
  const counted = await db.query<{ total: number }>(statements.count, statements.params);
  return { rows: rows.map(toCaseRow), total: counted.rows[0]?.total ?? 0 };
}

/**
 * Applications changed to one of `statuses` (DECIDED_STATUSES, or withdrawn) between `start` and
 * `end` and still so, newest first. An application is decided once and withdrawn once (decision
 * 009), so each has at most one such status change.
 */
export async function listChangedTo(
  db: Queryable,
  statuses: readonly ApplicationStatus[],
  range: { readonly start?: Date | undefined; readonly end?: Date | undefined },
  page: Page,
): Promise<CasePage> {
  const where = `sc.to_status = ANY($1::text[]) AND sc.from_status IS DISTINCT FROM sc.to_status
    AND ($2::timestamptz IS NULL OR sc.changed_at >= $2::timestamptz)
    AND ($3::timestamptz IS NULL OR sc.changed_at < $3::timestamptz)`;
  const params = [statuses, range.start ?? null, range.end ?? null];
  const from = `status_changes sc
    JOIN applications a ON a.applicant_id = sc.applicant_id AND a.status = sc.to_status
    JOIN submissions s ON s.id = a.submission_id`;
  const { rows } = await db.query<CaseRowAsRead>(
    `SELECT ${caseColumns}, sc.changed_at AS "statusSince" FROM ${from} ${assigneeJoin} WHERE ${where}
     ORDER BY sc.changed_at DESC, sc.id DESC LIMIT $4 OFFSET $5`,
    [...params, page.limit, page.offset],
  );
  const counted = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM ${from} WHERE ${where}`,
    params,
  );
  return { rows: rows.map(toCaseRow), total: counted.rows[0]?.total ?? 0 };
}

/**
 * What a search matched, in the order the results are ranked: the whole reference; the COS number,
 * passport number or sponsor licence number, whole; `name`: the status page's search, which finds a
 * name, or a part of a reference or COS number.
 */
export const SEARCH_MATCHES = ['reference', 'cos', 'passport', 'licence', 'name'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/**
 * What the search looks for, each compared as the service stores or compares it; only those
 * given are looked for. Only the reference finds an application whose personal data was deleted
 * (its numbers and names are gone; its licence number stays with the submission, but is not
 * looked at for it).
 */
export interface SearchTerms {
  /** Whole references (applicant ids). */
  readonly applicantIds: readonly string[];
  /** A certificate of sponsorship number as comparable_cos_reference compares them (migration 011). */
  readonly cos?: string | undefined;
  /** A passport number as stored: capitals, no spaces. */
  readonly passportNumber?: string | undefined;
  /** A sponsor licence number as normaliseLicenceNumber leaves it, compared as comparable_licence_number compares them (migration 020). */
  readonly licence?: string | undefined;
  /** What personSearchTerms asks of search_text (migration 022): the status page's person search. */
  readonly name?:
    | {
        readonly words: readonly string[];
        readonly compact: string;
        readonly reference: string;
        /** A whole reference: when an application has it, names are not looked at (it is what was meant). */
        readonly unlessReferenceFound?: string | undefined;
      }
    | undefined;
}

/** One application the search found, and everything it matched. */
export interface FoundCase extends CaseRow {
  readonly matchedBy: readonly SearchMatch[];
}

export interface SearchPage {
  /** The first `limit` found: those found by the earlier of SEARCH_MATCHES first, newest first within each. */
  readonly rows: FoundCase[];
  /** How many applications were found in all. */
  readonly total: number;
}

/** A fragment of a LIKE pattern that means itself: the folded text holds letters and digits only, but this stays true whatever it holds. */
const likeInside = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The statement of a search, its parameters but the last (the page's length). Each thing looked
 * for is a SELECT of its own that an index serves (decision 053), so the database reads those
 * indexes and the rows they point to, never every application, and checks each row only against
 * what found it. Together, an application once, with everything that found it and its rank (the
 * first of SEARCH_MATCHES): a page of them in order, and how many in all. Only what is looked for
 * is in the text, so a prepared statement's generic plan reads the same indexes. Exported for
 * the test that explains its plans.
 */
export function searchStatement(terms: SearchTerms): { readonly sql: string; readonly params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown, cast = '') => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  const sources: Partial<Record<SearchMatch, string>> = {};
  if (terms.applicantIds.length > 0) {
    sources.reference = `applications a WHERE a.applicant_id = ANY(${param(terms.applicantIds, '::text[]')})`;
  }
  if (terms.cos !== undefined) {
    sources.cos = `applications a WHERE comparable_cos_reference(a.cos_reference) = ${param(terms.cos, '::text')}`;
  }
  if (terms.passportNumber !== undefined) {
    sources.passport = `applications a WHERE a.passport_number = ${param(terms.passportNumber, '::text')}`;
  }
  if (terms.licence !== undefined) {
    // The sponsor's submissions from their index, then their applications from theirs.
    sources.licence = `submissions s JOIN applications a ON a.submission_id = s.id
      WHERE comparable_licence_number(s.sponsor_reference) = comparable_licence_number(${param(terms.licence, '::text')})
        AND a.personal_data_deleted_at IS NULL`;
  }
  if (terms.name !== undefined) {
    const unless =
      terms.name.unlessReferenceFound === undefined
        ? ''
        : ` AND NOT EXISTS (SELECT 1 FROM applications r WHERE r.applicant_id = ${param(terms.name.unlessReferenceFound, '::text')})`;
    sources.name = `applications a WHERE ${nameCondition(terms.name, param)}${unless}`;
  }
  const selects = SEARCH_MATCHES.flatMap((match, rank) => {
    const source = sources[match];
    return source === undefined
      ? []
      : [
          `SELECT a.applicant_id, a.created_at, a.submission_id, a.position, ${rank} AS rank, '${match}' AS match FROM ${source}`,
        ];
  });
  if (selects.length === 0) throw new Error('A search looks for something');
  // The page's length comes last, after the statement's own parameters.
  const limit = `$${params.length + 1}::integer`;
  return {
    sql: `WITH matched AS (
       SELECT applicant_id, created_at, submission_id, position, min(rank) AS rank,
              array_agg(match ORDER BY rank) AS matched_by
       FROM (${selects.join('\n       UNION ALL ')}) f
       GROUP BY applicant_id, created_at, submission_id, position
     ), page AS (
       SELECT * FROM matched ORDER BY rank, created_at DESC, submission_id, position LIMIT ${limit}
     )
     SELECT ${caseColumns}, c.changed_at AS "changedAt", p.matched_by AS "matchedBy",
            (SELECT count(*)::int FROM matched) AS total
     FROM page p JOIN applications a ON a.applicant_id = p.applicant_id
       JOIN submissions s ON s.id = a.submission_id ${currentStatusSince} ${assigneeJoin}
     ORDER BY p.rank, p.created_at DESC, p.submission_id, p.position`,
    params,
  };
}

/**
 * The status page's person search on search_text (personSearchText's four parts): every word in
 * the names given names first, or every one in the names family name first; or the query run
 * together inside the COS number; or as reference characters inside the reference. Each
 * alternative first asks the whole text for what it needs, which the trigram index answers
 * (migration 022), then the part it is about. A text of fewer than 3 characters has no trigram:
 * asked of the index it would read every entry, so it is asked of the part only (a query of
 * short words alone, "Li Wu", reads every application's text).
 */
function nameCondition(
  name: NonNullable<SearchTerms['name']>,
  param: (value: unknown, cast?: string) => string,
): string {
  const part = (n: number) => `split_part(a.search_text, ' ', ${n})`;
  const params = new Map<string, string>();
  const pattern = (text: string) => {
    const known = params.get(text) ?? param(likeInside(text), '::text');
    params.set(text, known);
    return known;
  };
  const all = (texts: readonly string[], n: number) =>
    texts.map((text) => `${part(n)} LIKE ${pattern(text)}`).join(' AND ');
  // Each alternative: the texts the whole must hold (what the index is asked), and the test of its parts.
  const alternatives = [
    {
      texts: name.words,
      test: `(${all(name.words, SEARCH_TEXT_PARTS.givenFirst)}) OR (${all(name.words, SEARCH_TEXT_PARTS.familyFirst)})`,
    },
    { texts: [name.compact], test: all([name.compact], SEARCH_TEXT_PARTS.cos) },
    { texts: [name.reference], test: all([name.reference], SEARCH_TEXT_PARTS.reference) },
  ];
  // One word is also the query run together, and without O, I or L it is its reference characters
  // too: alternatives asking the index the same are asked together, so it is read once.
  const merged = new Map<string, { texts: readonly string[]; tests: string[] }>();
  for (const { texts, test } of alternatives) {
    const key = JSON.stringify(texts);
    const same = merged.get(key);
    if (same === undefined) merged.set(key, { texts, tests: [test] });
    else same.tests.push(test);
  }
  return `(${[...merged.values()]
    .map(({ texts, tests }) => {
      const indexed = texts
        .filter((text) => [...text].length >= TRIGRAM)
        .map((text) => `a.search_text LIKE ${pattern(text)} AND `);
      return `(${indexed.join('')}(${tests.map((test) => `(${test})`).join(' OR ')}))`;
    })
    .join('\n      OR ')})`;
}

/** The length of pg_trgm's trigrams: a LIKE pattern's text shorter than this gives the index nothing to look up. */
const TRIGRAM = 3;

/**
 * The applications the search finds, the first `limit` of them in order, and how many in all.
 * Without parallel workers or JIT compiling: the statement reads a few index entries and the rows
 * they point to, and starting workers or compiling took longer than that. With the prepared
 * statement's generic plan, which reads the same indexes whatever was typed: planning it afresh
 * for each search cost more than running it (decision 053).
 */
export async function searchCases(db: Database, terms: SearchTerms, limit: number): Promise<SearchPage> {
  const statement = searchStatement(terms);
  const rows = await db.transaction(async (tx) => {
    await tx.query(
      `SELECT set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true),
              set_config('plan_cache_mode', 'force_generic_plan', true)`,
    );
    const found = await tx.query<
      Omit<CaseRowAsRead, 'statusSince'> & { changedAt: Date | null; matchedBy: SearchMatch[]; total: number }
    >(statement.sql, [...statement.params, limit]);
    return found.rows;
  });
  return {
    rows: rows.map(({ changedAt, matchedBy, total: _total, ...row }) => ({
      ...toCaseRow({ ...row, statusSince: changedAt ?? row.submittedAt }),
      matchedBy,
    })),
    total: rows[0]?.total ?? 0,
  };
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

/** One decision of the export: what the export says of the application, and the status change that decided it. */
export interface DecisionRecord {
  readonly applicantId: string;
  /** ISO 8601 in UTC to the millisecond, as `Date.toISOString` writes it (so are the other times here). */
  readonly createdAt: string;
  readonly sponsorReference: string;
  /** From the answers as sent (null once the personal data is deleted). */
  readonly nationality: string | null;
  readonly arrivalDate: string;
  readonly firstWorkDate: string | null;
  readonly lastWorkDate: string | null;
  readonly leaveDate: string;
  readonly decidedAt: string;
  readonly decision: 'approved' | 'rejected';
  readonly rejectionReason: string | null;
  /** The status change's actor ('automated', 'check:<name>', 'caseworker:<user>', 'staff:<subject>'). */
  readonly actor: string;
  /** The deciding staff member's id from the audit log, when a staff action made the decision. */
  readonly staffId: string | null;
  /** Their name as the audit line has it. */
  readonly staffName: string | null;
  /** When the decision was withdrawn since, if it was. */
  readonly withdrawnAt: string | null;
}

/** A timestamptz as `Date.toISOString` writes it, made by the database (in its parallel workers, for a month's export). */
const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Approvals and rejections made between `start` and `end`, oldest first. Only what the export
 * writes is read (three answers out of the answers' document, not the documents whole, which a
 * month's sort would carry). The decisions and the withdrawals are read from indexes of their own
 * (migration 023), the sets written as literals so that the indexes stay usable; the audit line of
 * each decision is looked up by its status change (LIMIT 1 keeps PostgreSQL from joining the whole
 * audit log instead). The times come as the file writes them. Without JIT compiling, which cost more than the statement at a million
 * applications, and with room to sort a month in memory. Inside a transaction (`set_config` lasts
 * to its end).
 */
export async function listDecisionsMade(db: Queryable, start: Date, end: Date): Promise<DecisionRecord[]> {
  await db.query(`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
  const { rows } = await db.query<DecisionRecord>(
    `SELECT a.applicant_id AS "applicantId", ${isoUtc('a.created_at')} AS "createdAt", s.sponsor_reference AS "sponsorReference",
            a.secondary_details->>'nationality' AS nationality, a.arrival_date AS "arrivalDate",
            a.secondary_details->>'firstWorkDate' AS "firstWorkDate",
            a.secondary_details->>'lastWorkDate' AS "lastWorkDate", a.leave_date AS "leaveDate",
            ${isoUtc('sc.changed_at')} AS "decidedAt", sc.to_status AS decision,
            CASE WHEN sc.to_status = 'rejected' THEN sc.reason END AS "rejectionReason",
            sc.actor, l.staff_id AS "staffId", l.staff_name AS "staffName",
            (SELECT ${isoUtc('w.changed_at')} FROM status_changes w
             WHERE w.applicant_id = a.applicant_id AND ${statusIn('w.to_status', FINAL_STATUSES)}
               AND ${statusNotIn('w.from_status', FINAL_STATUSES)}
             ORDER BY w.id LIMIT 1) AS "withdrawnAt"
     FROM status_changes sc
     JOIN applications a ON a.applicant_id = sc.applicant_id
     JOIN submissions s ON s.id = a.submission_id
     LEFT JOIN LATERAL (SELECT staff_id, staff_name FROM staff_audit WHERE status_change_id = sc.id LIMIT 1) l ON true
     WHERE ${statusIn('sc.from_status', OPEN_STATUSES)} AND ${statusIn('sc.to_status', DECIDED_STATUSES)}
       AND sc.changed_at >= $1::timestamptz AND sc.changed_at < $2::timestamptz
     ORDER BY sc.changed_at, sc.id`,
    [start, end],
  );
  return rows;
}
