// The caseworker's queues: what waits for a decision (oldest first, against the 72 hours the
// service promises), what was decided today, what was withdrawn.
import type { ApplicationStatus, RejectionReason } from '#shared/domain/application-status.ts';
import { listedWorkerName } from '#shared/domain/worker-name.ts';
import { listChangedTo, listInProgress, type CasePage, type CaseRow } from '../../db/casework-repository.ts';
import type { Database } from '../../db/database.ts';
import { londonTodayRange } from './london-days.ts';

/** The hours within which the service promises a decision, from the submission. */
export const DECISION_PROMISE_HOURS = 72;
export const QUEUE_FILTERS = ['in-progress', 'decided-today', 'withdrawn'] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

/** The largest page; a page size above it is cut to it. */
export const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 25;
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
}

export interface QueuePage {
  readonly filter: QueueFilter;
  readonly rows: CaseSummary[];
  /** How many the filter finds in all. */
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
  readonly pageCount: number;
}

export type QueueResult =
  | ({ readonly outcome: 'ok' } & QueuePage)
  | { readonly outcome: 'invalid'; readonly field: 'filter' | 'page'; readonly problem: 'unknown' | 'range' };

export interface QueueRequest {
  readonly filter: string;
  /** 1-based; 1 when omitted. */
  readonly page?: number | undefined;
  /** 25 when omitted, at most MAX_PAGE_SIZE. */
  readonly pageSize?: number | undefined;
}

/**
 * A page of a queue. Offset paging: the queues are short (a day's work) and a caseworker pages
 * through them a few pages at most; a row that moves between two pages (decided meanwhile) is
 * seen on the next refresh.
 */
export async function listQueue(
  deps: { readonly database: Database; readonly now: () => Date },
  request: QueueRequest,
): Promise<QueueResult> {
  const filter = QUEUE_FILTERS.find((known) => known === request.filter);
  if (filter === undefined) return { outcome: 'invalid', field: 'filter', problem: 'unknown' };
  const page = request.page ?? 1;
  const pageSize = Math.min(request.pageSize ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  if (!Number.isSafeInteger(page) || page < 1 || !Number.isSafeInteger(pageSize) || pageSize < 1) {
    return { outcome: 'invalid', field: 'page', problem: 'range' };
  }
  const now = deps.now();
  const window = { limit: pageSize, offset: (page - 1) * pageSize };
  const found = await readQueue(deps.database, filter, now, window);
  return {
    outcome: 'ok',
    filter,
    rows: found.rows.map((row) => toSummary(row, now)),
    total: found.total,
    page,
    pageSize,
    pageCount: Math.max(1, Math.ceil(found.total / pageSize)),
  };
}

function readQueue(
  db: Database,
  filter: QueueFilter,
  now: Date,
  window: { readonly limit: number; readonly offset: number },
): Promise<CasePage> {
  switch (filter) {
    case 'in-progress':
      return listInProgress(db, window);
    case 'decided-today':
      return listChangedTo(db, 'decided', londonTodayRange(now), window);
    case 'withdrawn':
      return listChangedTo(db, 'withdrawn', {}, window);
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
    waiting: row.status === 'in-progress' ? waitingOf(row.submittedAt, now) : undefined,
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
