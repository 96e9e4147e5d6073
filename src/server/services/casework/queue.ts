// The caseworker's queues: what waits for a decision (by arrival, soonest first, or by the time
// left of the 72 hours the service promises), what one member of staff holds, what was decided
// today, what was withdrawn. The queues in progress are triaged: by the automated checks' outcome
// and by sponsor licence number.
import {
  DECIDED_STATUSES,
  isOpen,
  type ApplicationStatus,
  type RejectionReason,
} from '#shared/domain/application-status.ts';
import { listedWorkerName } from '#shared/domain/worker-name.ts';
import { hasForbiddenCharacters } from '#shared/validation/characters.ts';
import { MAX_LENGTHS } from '#shared/validation/fields.ts';
import {
  listChangedTo,
  listInProgress,
  type Assignee,
  type CasePage,
  type CaseRow,
  type InProgressFilter,
} from '../../db/casework-repository.ts';
import type { Database } from '../../db/database.ts';
import { londonTodayRange } from './london-days.ts';

/** The hours within which the service promises a decision, from the submission. */
export const DECISION_PROMISE_HOURS = 72;
export const QUEUE_FILTERS = ['in-progress', 'assigned-to-me', 'decided-today', 'withdrawn'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];
/** The orders of the queues in progress; the first is the default. */
export const QUEUE_ORDERS = ['arrival', 'time-left'] as const;
export type QueueOrder = (typeof QUEUE_ORDERS)[number];
/** The automated checks' outcomes a queue in progress can be narrowed to; 'any' narrows nothing. */
export const CHECK_FILTERS = ['any', 'passed', 'failed', 'not-run'] as const;
export type CheckFilter = (typeof CHECK_FILTERS)[number];

/** The largest page; a page size above it is cut to it. */
export const MAX_PAGE_SIZE = 100;
/** The console's page of a queue. */
export const QUEUE_PAGE_SIZE = 50;
/** The longest licence number a sponsor can give (the journey's rule), so the longest searched for. */
const MAX_LICENCE_LENGTH = MAX_LENGTHS['sponsor-reference'];
const HOUR_MS = 3_600_000;

/** How long an application in progress has waited, against the promise (whole hours, rounded down). */
export type Waiting =
  | { readonly hoursWaited: number; readonly dueAt: Date; readonly state: 'within'; readonly hoursLeft: number }
  | { readonly hoursWaited: number; readonly dueAt: Date; readonly state: 'overdue'; readonly overdueByHours: number };

/** One row of a list (the queues and the search). */
export interface CaseSummary {
  /** The application reference, as the service writes it (CWC-7K3M9-QF2XA-A), or an older id as it is. */
  readonly reference: string;
  /** "Family, Given"; null once the personal data is deleted (retention). */
  readonly workerName: string | null;
  readonly sponsorLicenceNumber: string;
  readonly submittedAt: Date;
  readonly status: ApplicationStatus;
  readonly rejectionReason: RejectionReason | null;
  /** When it took its current status: the decision or the withdrawal (the submission while in progress). */
  readonly statusSince: Date;
  /** Only while in progress. */
  readonly waiting: Waiting | undefined;
  /** The calendar day of arrival, YYYY-MM-DD. */
  readonly arrivalDate: string;
  /** The member of staff who holds it, if one does. */
  readonly assignee: Assignee | null;
}

export interface QueuePage {
  readonly filter: QueueFilter;
  readonly order: QueueOrder;
  readonly checks: CheckFilter;
  /** The licence number filtered by, trimmed; '' for none. */
  readonly licence: string;
  readonly rows: CaseSummary[];
  /** How many the filter finds in all. */
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
}

export type QueueResult =
  | ({ readonly outcome: 'ok' } & QueuePage)
  | {
      readonly outcome: 'invalid';
      readonly field: 'filter' | 'sort' | 'checks' | 'licence';
      readonly problem: 'unknown' | 'too-long' | 'characters';
    }
  /** A page number below 1 or not whole (`pageCount` undefined), or past the last page (`pageCount` given). */
  | { readonly outcome: 'invalid'; readonly field: 'page'; readonly problem: 'range'; readonly pageCount?: number };

export interface QueueRequest {
  readonly filter: string;
  /** 1-based; 1 when omitted. */
  readonly page?: number | undefined;
  /** QUEUE_PAGE_SIZE when omitted, at most MAX_PAGE_SIZE. */
  readonly pageSize?: number | undefined;
  /** One of QUEUE_ORDERS; the first when omitted. Read by the queues in progress only. */
  readonly sort?: string | undefined;
  /** One of CHECK_FILTERS; 'any' when omitted. Read by the queues in progress only. */
  readonly checks?: string | undefined;
  /** A sponsor licence number; blank for any. Read by the queues in progress only. */
  readonly licence?: string | undefined;
  /** The member of staff whose queue 'assigned-to-me' is. */
  readonly staffId?: string | undefined;
}

/**
 * A page of a queue. Offset paging: the queues are short (a day's work) and a caseworker pages
 * through them a few pages at most; a row that moves between two pages (decided meanwhile) is
 * seen on the next refresh. A page past the last is refused with the number of pages, so a link
 * kept from a longer queue can lead to its last page.
 */
export async function listQueue(
  deps: { readonly database: Database; readonly now: () => Date },
  request: QueueRequest,
): Promise<QueueResult> {
  const filter = QUEUE_FILTERS.find((known) => known === request.filter);
  if (filter === undefined || (filter === 'assigned-to-me' && (request.staffId ?? '') === '')) {
    return { outcome: 'invalid', field: 'filter', problem: 'unknown' };
  }
  const order = request.sort === undefined ? QUEUE_ORDERS[0] : QUEUE_ORDERS.find((known) => known === request.sort);
  if (order === undefined) return { outcome: 'invalid', field: 'sort', problem: 'unknown' };
  const checks = request.checks === undefined ? 'any' : CHECK_FILTERS.find((known) => known === request.checks);
  if (checks === undefined) return { outcome: 'invalid', field: 'checks', problem: 'unknown' };
  const licence = (request.licence ?? '').trim();
  if (licence.length > MAX_LICENCE_LENGTH) return { outcome: 'invalid', field: 'licence', problem: 'too-long' };
  if (hasForbiddenCharacters(licence)) return { outcome: 'invalid', field: 'licence', problem: 'characters' };

  const page = request.page ?? 1;
  const pageSize = Math.min(request.pageSize ?? QUEUE_PAGE_SIZE, MAX_PAGE_SIZE);
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(pageSize) || pageSize < 1) {
    return { outcome: 'invalid', field: 'page', problem: 'range' };
  }
  const now = deps.now();
  const window = { limit: pageSize, offset: (page - 1) * pageSize };
  const inProgress: InProgressFilter = {
    order,
    checks: checks === 'any' ? undefined : checks,
    licence: licence === '' ? undefined : licence,
    assignedTo: filter === 'assigned-to-me' ? request.staffId : undefined,
  };
  const found = await readQueue(deps.database, filter, inProgress, now, window);
  const pageCount = Math.max(1, Math.ceil(found.total / pageSize));
  if (page > pageCount) return { outcome: 'invalid', field: 'page', problem: 'range', pageCount };
  return {
    outcome: 'ok',
    filter,
    order,
    checks,
    licence,
    rows: found.rows.map((row) => toSummary(row, now)),
    total: found.total,
    page,
    pageSize,
    pageCount,
  };
}

function readQueue(
  db: Database,
  filter: QueueFilter,
  inProgress: InProgressFilter,
  now: Date,
  window: { readonly limit: number; readonly offset: number },
): Promise<CasePage> {
  switch (filter) {
    case 'in-progress':
    case 'assigned-to-me':
      return listInProgress(db, inProgress, window);
    case 'decided-today':
      return listChangedTo(db, DECIDED_STATUSES, londonTodayRange(now), window);
    case 'withdrawn':
      return listChangedTo(db, ['withdrawn'], {}, window);
  }
}

/** A list row as shown. */
export function toSummary(row: CaseRow, now: Date): CaseSummary {
  return {
    reference: row.applicantId,
    workerName:
      row.familyName === null || row.givenNames === null ? null : listedWorkerName(row.familyName, row.givenNames),
    sponsorLicenceNumber: row.sponsorReference,
    submittedAt: row.submittedAt,
    status: row.status,
    rejectionReason: row.decisionReason,
    statusSince: row.statusSince,
    waiting: isOpen(row.status) ? waitingOf(row.submittedAt, now) : undefined,
    arrivalDate: row.arrivalDate,
    assignee: row.assignee,
  };
}

/** How long since `submittedAt`, and how that stands against the 72 hours. */
export function waitingOf(submittedAt: Date, now: Date): Waiting {
  const waited = now.getTime() - submittedAt.getTime();
  const dueAt = new Date(submittedAt.getTime() + DECISION_PROMISE_HOURS * HOUR_MS);
  const hoursWaited = Math.max(0, Math.floor(waited / HOUR_MS));
  const left = dueAt.getTime() - now.getTime();
  return left > 0
    ? { hoursWaited, dueAt, state: 'within', hoursLeft: Math.floor(left / HOUR_MS) }
    : { hoursWaited, dueAt, state: 'overdue', overdueByHours: Math.floor((now.getTime() - dueAt.getTime()) / HOUR_MS) };
}
