// The decisions of a range of London days as a CSV file, for reporting. One row per approval or
// rejection made in the range (the decision of an application is made once). Withdrawals are not
// rows of their own: a decision withdrawn since is still a decision made then, and its row says
// when it was withdrawn. No passport numbers, names or email addresses: the file leaves the
// service. Exporting is a staff action, audited with its range.
import { toIsoDate } from '#shared/dates/calendar.ts';
import { listDecisionsMade, type DecisionRecord } from '../../db/casework-repository.ts';
import type { Database } from '../../db/database.ts';
import { recordStaffAction } from '../../db/staff-audit-repository.ts';
import { readDayRange } from './london-days.ts';
import { auditedStaff, staffIdOfActor, type StaffMember } from './staff.ts';
import type { InvalidInput } from './staff-inputs.ts';

/** The longest range exported at once, in days. */
export const MAX_EXPORT_DAYS = 366;

export type DecisionsExportResult =
  | {
      readonly outcome: 'done';
      /** decisions-2026-03-01-to-2026-03-31.csv */
      readonly fileName: string;
      /** RFC 4180: a header row, CRLF line ends, UTF-8. */
      readonly csv: string;
      /** Decisions exported (the rows after the header). */
      readonly rows: number;
    }
  | InvalidInput;

const HEADER = [
  'reference',
  'submitted_at',
  'decided_at',
  'decision',
  'rejection_reason',
  'decided_by',
  'withdrawn_at',
  'sponsor_licence_number',
  'nationality',
  'arrival_date',
  'first_work_date',
  'last_work_date',
  'leave_date',
] as const;

/** The decisions made from `from` to `to` (London days, YYYY-MM-DD, both included). */
export async function exportDecisions(
  deps: { readonly database: Database; readonly now: () => Date },
  staff: StaffMember,
  input: { readonly from: string; readonly to: string },
): Promise<DecisionsExportResult> {
  const days = readDayRange(input.from, input.to, MAX_EXPORT_DAYS);
  if ('problem' in days) return { outcome: 'invalid', field: days.field, problem: days.problem };
  const from = toIsoDate(days.from);
  const to = toIsoDate(days.to);
  const now = deps.now();
  return deps.database.transaction(async (tx): Promise<DecisionsExportResult> => {
    const decisions = await listDecisionsMade(tx, days.range.start, days.range.end);
    await recordStaffAction(tx, {
      occurredAt: now,
      ...auditedStaff(staff),
      action: 'export-decisions',
      details: { from, to, rows: decisions.length },
    });
    const lines = [HEADER, ...decisions.map(decisionCells)].map((cells) => cells.map(csvCell).join(','));
    return {
      outcome: 'done',
      fileName: `decisions-${from}-to-${to}.csv`,
      csv: lines.map((line) => `${line}\r\n`).join(''),
      rows: decisions.length,
    };
  });
}

function decisionCells(record: DecisionRecord): string[] {
  return [
    record.applicantId,
    record.createdAt,
    record.decidedAt,
    record.decision,
    record.rejectionReason ?? '',
    decidedBy(record),
    record.withdrawnAt ?? '',
    record.sponsorReference,
    record.nationality ?? '',
    record.arrivalDate,
    record.firstWorkDate ?? '',
    record.lastWorkDate ?? '',
    record.leaveDate,
  ];
}

/**
 * Who decided: the staff member's name and id, `Casey Worker (subject-casey)`, as the audit line
 * has them (the id alone for a decision older than its audit line), or 'automated' for the
 * automated checks.
 */
function decidedBy(record: DecisionRecord): string {
  const id = record.staffId ?? staffIdOfActor(record.actor);
  if (id === undefined) return 'automated';
  return record.staffName === null ? id : `${record.staffName} (${id})`;
}

/**
 * Where a spreadsheet could read a formula: a cell beginning with = + - @ (spaces before it
 * allowed), a tab or a carriage return, or such a part after any character a spreadsheet may split
 * a line on, by its locale or its user's choice (comma, semicolon, tab, bar, line breaks).
 */
const FORMULA = /(?:^|[,;\t|\r\n])\s*[=+\-@]|^[\t\r]/u;
/** A quote, or any of those separators. */
const NEEDS_QUOTES = /[",;\t|\r\n]/u;

/**
 * One CSV cell. A cell in which a spreadsheet could read a formula (one beginning with = + - @, a
 * tab or a carriage return, or such a part after any separator: `TNB;=1+1`) gets a leading
 * apostrophe, so opening the file runs nothing a sponsor typed. A cell holding a quote or any
 * separator is quoted, its quotes doubled (RFC 4180): a spreadsheet splitting on `;` or `|` keeps
 * it one cell, which its apostrophe makes text. Other values are written as they are.
 */
export function csvCell(value: string): string {
  const safe = FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
