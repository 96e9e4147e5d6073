// The caseworker's lists: the applications in progress (by arrival, soonest first, or by the
// time left of the 72 hours; narrowed by the automated checks' outcome and by sponsor licence
// number; 50 a page), those assigned to the member of staff, those decided today or withdrawn, and
// what a search finds. Every choice is a GET parameter, so a view works without JavaScript and can
// be linked; each is checked here and in the service. Thin adapters over the casework services
// (src/server/services/casework), the same the CLI calls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatLongDate } from '#shared/dates/format.ts';
import {
  CHECK_FILTERS,
  listQueue,
  QUEUE_FILTERS,
  QUEUE_ORDERS,
  type CaseSummary,
  type CheckFilter,
  type QueueFilter,
  type QueueOrder,
} from '../services/casework/queue.ts';
import { searchApplications } from '../services/casework/search.ts';
import { recordStaffAccess } from '../services/casework/staff-access.ts';
import { caseRow, problemText } from './casework-views.ts';
import type { ConsoleRouteOptions } from './console-types.ts';
import { fieldsOf, pageNumber, paginationOf, staffOf, type Fields } from './console-requests.ts';

const FILTER_TEXTS: Record<QueueFilter, string> = {
  'in-progress': 'In progress',
  'assigned-to-me': 'Assigned to me',
  'decided-today': 'Decided today',
  withdrawn: 'Withdrawn',
};
const ORDER_TEXTS: Record<QueueOrder, string> = {
  arrival: 'Arrival date, soonest first',
  'time-left': 'Time left of 72 hours, least first',
};
const CHECK_TEXTS: Record<CheckFilter, string> = {
  any: 'Any outcome',
  passed: 'Passed',
  failed: 'Failed',
  'not-run': 'Not run yet',
};

/** The view a queue's address names; defaults are left out of it. */
interface QueueView {
  readonly show: QueueFilter;
  readonly sort: QueueOrder;
  readonly checks: CheckFilter;
  readonly licence: string;
}
const inProgressFilter = (filter: QueueFilter) => filter === 'in-progress' || filter === 'assigned-to-me';

/** The address of a page of a queue, with only the choices that differ from the defaults. */
function queueHref(view: QueueView, page = 1): string {
  const query = new URLSearchParams();
  if (view.show !== 'in-progress') query.set('show', view.show);
  if (inProgressFilter(view.show)) {
    if (view.sort !== QUEUE_ORDERS[0]) query.set('sort', view.sort);
    if (view.checks !== 'any') query.set('checks', view.checks);
    if (view.licence !== '') query.set('licence', view.licence);
  }
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text === '' ? '/caseworker' : `/caseworker?${text}`;
}

/** A row of the lists: the search's, with the day of arrival and who holds it. */
function listRow(summary: CaseSummary) {
  return {
    ...caseRow(summary),
    arrival: formatLongDate(summary.arrivalDate),
    assignee: summary.assignee?.name ?? 'Nobody',
  };
}

const MESSAGES = {
  sort: 'Choose how to sort the applications from the list',
  checks: 'Choose an automated checks outcome from the list',
} as const;

export function registerQueuePages(scope: FastifyInstance, options: ConsoleRouteOptions): void {
  const { database, now, pages } = options;
  const deps = { database, now };

  /** The choices of the queue's form, as typed or read (to show them again). */
  const formOf = (filter: QueueFilter, query: Fields) =>
    inProgressFilter(filter)
      ? {
          show: filter,
          sortItems: QUEUE_ORDERS.map((value) => ({
            value,
            text: ORDER_TEXTS[value],
            selected: value === (query.sort ?? QUEUE_ORDERS[0]),
          })),
          checkItems: CHECK_FILTERS.map((value) => ({
            value,
            text: CHECK_TEXTS[value],
            selected: value === (query.checks ?? 'any'),
          })),
          licence: (query.licence ?? '').trim().slice(0, 200),
        }
      : undefined;

  const filtersOf = (filter: QueueFilter) =>
    QUEUE_FILTERS.map((known) => ({
      text: FILTER_TEXTS[known],
      href: queueHref({ show: known, sort: QUEUE_ORDERS[0], checks: 'any', licence: '' }),
      current: known === filter,
    }));

  async function queuePage(request: FastifyRequest, reply: FastifyReply) {
    const who = request.staff;
    const query = fieldsOf(request.query);
    const filter = QUEUE_FILTERS.find((known) => known === query.show) ?? 'in-progress';
    const reading = inProgressFilter(filter);
    const result = await listQueue(deps, {
      filter,
      page: pageNumber(query.page),
      sort: reading ? query.sort : undefined,
      checks: reading ? query.checks : undefined,
      licence: reading ? query.licence : undefined,
      staffId: who.session.staff.id,
    });
    const base = {
      title: `${FILTER_TEXTS[filter]}: applications`,
      heading: 'Applications',
      filters: filtersOf(filter),
      queueForm: formOf(filter, query),
      caption: FILTER_TEXTS[filter],
      waitingHeading: reading ? 'Time left of 72 hours' : 'Status',
    };
    if (result.outcome === 'invalid') {
      if (result.field === 'page' || result.field === 'filter') {
        // A page that is not there (the queue is shorter now): its last page, or the first.
        const view = {
          show: filter,
          sort: QUEUE_ORDERS.find((known) => known === query.sort) ?? QUEUE_ORDERS[0],
          checks: CHECK_FILTERS.find((known) => known === query.checks) ?? 'any',
          licence: (query.licence ?? '').trim(),
        };
        return reply.redirect(queueHref(view, result.field === 'page' ? (result.pageCount ?? 1) : 1), 303);
      }
      const message =
        result.field === 'licence' ? problemText(result, 'the sponsor licence number') : MESSAGES[result.field];
      return pages.send(
        reply,
        400,
        'queue',
        {
          ...base,
          rows: [],
          fieldErrors: { [result.field]: message },
          errors: [{ text: message, href: `#${result.field}` }],
        },
        who,
      );
    }
    const view: QueueView = { show: filter, sort: result.order, checks: result.checks, licence: result.licence };
    return pages.send(
      reply,
      200,
      'queue',
      {
        ...base,
        summary: summaryOf(result.total, view, result.page, result.pageCount),
        rows: result.rows.map(listRow),
        pagination: paginationOf(result.page, result.pageCount, (n) => queueHref(view, n)),
      },
      who,
    );
  }

  async function searchPage(request: FastifyRequest, reply: FastifyReply) {
    const who = request.staff;
    const query = (fieldsOf(request.query).q ?? '').slice(0, 200);
    const result = await searchApplications(deps, { query });
    const base = {
      title: 'Search applications',
      heading: 'Search applications',
      query,
      caption: 'Applications found',
      waitingHeading: 'Status',
    };
    if (result.outcome === 'invalid') {
      const searchError =
        result.problem === 'required'
          ? 'Enter a reference, number or name to search for'
          : problemText(result, 'the search');
      return pages.send(
        reply,
        400,
        'queue',
        { ...base, rows: [], searchError, errors: [{ text: searchError, href: '#q' }] },
        who,
      );
    }
    // Audited by what it matched, never by its words (a passport number, a name).
    await recordStaffAccess(deps, staffOf(who), request.ip, {
      action: 'search',
      matched: result.hits.flatMap((hit) => hit.matchedBy),
      found: result.total,
    });
    return pages.send(
      reply,
      200,
      'queue',
      {
        ...base,
        summary: searchSummaryOf(result.total, result.hits.length),
        rows: result.hits.map(listRow),
      },
      who,
    );
  }

  // The routes of this file.
  scope.get('/caseworker', queuePage);
  scope.get('/caseworker/search', searchPage);
}

/** How many applications the search found (all of them searched), and how many are listed. */
function searchSummaryOf(total: number, shown: number): string {
  if (total === 0) return 'No applications match.';
  const count = `${total.toLocaleString('en-GB')} application${total === 1 ? ' matches' : 's match'}.`;
  return shown < total
    ? `${count} The first ${shown} are shown. Search for more of the reference, number or name to find fewer.`
    : count;
}

/** What the list holds, in words: how many, in what order, narrowed how, and which page. */
function summaryOf(total: number, view: QueueView, page: number, pageCount: number): string {
  const count = `${total.toLocaleString('en-GB')} application${total === 1 ? '' : 's'}`;
  const pageText = pageCount > 1 ? ` Page ${page} of ${pageCount}.` : '';
  switch (view.show) {
    case 'decided-today':
      return `${count} decided today, newest first.${pageText}`;
    case 'withdrawn':
      return `${count} withdrawn, newest first.${pageText}`;
    case 'in-progress':
    case 'assigned-to-me': {
      const narrowed = [
        view.checks === 'any'
          ? ''
          : ` whose automated checks ${view.checks === 'not-run' ? 'have not run yet' : view.checks}`,
        view.licence === '' ? '' : ` from sponsor licence number ${view.licence}`,
      ].join('');
      const whose = view.show === 'assigned-to-me' ? ' assigned to you' : '';
      const order = view.sort === 'arrival' ? 'soonest arrival first' : 'least time left first';
      return `${count} in progress${whose}${narrowed}, ${order}.${pageText}`;
    }
  }
}
