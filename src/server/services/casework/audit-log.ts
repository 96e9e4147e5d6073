// The staff audit log as the console lists it: newest first, filtered, a page at a time.
import { listStaffActions, type StaffAuditLine } from '../../db/staff-audit-repository.ts';

/** A line of the staff audit log, as the console shows it. */
export type { StaffAuditLine };
import type { Database } from '../../db/database.ts';
import { readDayRange, type InstantRange } from './london-days.ts';
import { STAFF_ACTIONS } from './staff.ts';
import { readReference, type InvalidInput } from './staff-inputs.ts';

export const MAX_AUDIT_PAGE_SIZE = 100;
const DEFAULT_AUDIT_PAGE_SIZE = 50;

export interface AuditLogRequest {
  readonly staffId?: string | undefined;
  /** One of STAFF_ACTIONS. */
  readonly action?: string | undefined;
  /** An application reference in any form the CLI reads. */
  readonly reference?: string | undefined;
  /** London days, YYYY-MM-DD, both included; either may be given alone. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** 1-based. */
  readonly page?: number | undefined;
  readonly pageSize?: number | undefined;
}

export type AuditLogResult =
  | {
      readonly outcome: 'ok';
      readonly lines: StaffAuditLine[];
      readonly total: number;
      readonly page: number;
      readonly pageSize: number;
      readonly pageCount: number;
    }
  | InvalidInput;

const blank = (value: string | undefined) => value === undefined || value.trim() === '';

export async function listAuditLog(
  deps: { readonly database: Database },
  request: AuditLogRequest,
): Promise<AuditLogResult> {
  const action = blank(request.action) ? undefined : STAFF_ACTIONS.find((known) => known === request.action?.trim());
  if (!blank(request.action) && action === undefined)
    return { outcome: 'invalid', field: 'action', problem: 'unknown' };
  let applicantId: string | undefined;
  if (!blank(request.reference)) {
    const read = readReference(request.reference ?? '');
    if ('outcome' in read) return read;
    applicantId = read.applicantId;
  }
  const days = readDays(request.from, request.to);
  if ('outcome' in days) return days;
  const page = request.page ?? 1;
  const pageSize = Math.min(request.pageSize ?? DEFAULT_AUDIT_PAGE_SIZE, MAX_AUDIT_PAGE_SIZE);
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(pageSize) || pageSize < 1) {
    return { outcome: 'invalid', field: 'page', problem: 'range' };
  }
  const { lines, total } = await listStaffActions(
    deps.database,
    {
      staffId: blank(request.staffId) ? undefined : request.staffId?.trim(),
      action,
      applicantId,
      from: days.start,
      until: days.end,
    },
    { limit: pageSize, offset: (page - 1) * pageSize },
  );
  return { outcome: 'ok', lines, total, page, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** The instants of the days asked for; a day alone bounds one side. */
function readDays(from: string | undefined, to: string | undefined): Partial<InstantRange> | InvalidInput {
  if (blank(from) && blank(to)) return {};
  const read = readDayRange(blank(from) ? (to ?? '') : (from ?? ''), blank(to) ? (from ?? '') : (to ?? ''));
  if ('problem' in read) {
    const field = blank(from) ? 'to' : blank(to) ? 'from' : read.field;
    return { outcome: 'invalid', field, problem: read.problem };
  }
  return { start: blank(from) ? undefined : read.range.start, end: blank(to) ? undefined : read.range.end };
}
