// The caseworker's lists: the applications in progress (oldest first, with the time left of the
// 72 hours), decided today or withdrawn, and what a search finds. Thin adapters over the casework
// services (src/server/services/casework), the same the CLI calls.
import type { FastifyInstance } from 'fastify';
import { listQueue, QUEUE_FILTERS, type QueueFilter } from '../services/casework/queue.ts';
import { searchApplications } from '../services/casework/search.ts';
import { recordStaffAccess } from '../services/casework/staff-access.ts';
import { caseRow, problemText } from './casework-views.ts';
import type { ConsoleOptions, ConsolePages } from './console.ts';
import { fieldsOf, pageNumber, paginationOf, staffOf } from './console-requests.ts';

const FILTER_TEXTS: Record<QueueFilter, string> = {
  'in-progress': 'In progress',
  'decided-today': 'Decided today',
  withdrawn: 'Withdrawn',
};

export function registerQueuePages(
  scope: FastifyInstance,
  options: ConsoleOptions & { readonly pages: ConsolePages },
): void {
  const { database, now, pages } = options;
  const deps = { database, now };

  scope.get('/caseworker', async (request, reply) => {
    const who = await pages.guard.signedIn(request, reply);
    if (who === undefined) return reply;
    const query = fieldsOf(request.query);
    const filter = QUEUE_FILTERS.find((known) => known === query.show) ?? 'in-progress';
    const result = await listQueue(deps, { filter, page: pageNumber(query.page) });
    if (result.outcome === 'invalid') return reply.redirect('/caseworker', 303);
    const count = `${result.total} application${result.total === 1 ? '' : 's'}`;
    return pages.send(
      reply,
      200,
      'queue',
      {
        title: `${FILTER_TEXTS[filter]}: applications`,
        heading: 'Applications',
        filters: QUEUE_FILTERS.map((known) => ({
          text: FILTER_TEXTS[known],
          href: `/caseworker?show=${known}`,
          current: known === filter,
        })),
        summary: `${count} ${filter === 'in-progress' ? 'in progress, oldest first' : filter === 'withdrawn' ? 'withdrawn, newest first' : 'decided today, newest first'}.`,
        caption: `${FILTER_TEXTS[filter]}`,
        waitingHeading: filter === 'in-progress' ? 'Time left of 72 hours' : 'Status',
        rows: result.rows.map(caseRow),
        pagination: paginationOf(result.page, result.pageCount, (n) => `/caseworker?show=${filter}&page=${n}`),
      },
      who,
    );
  });

  scope.get('/caseworker/search', async (request, reply) => {
    const who = await pages.guard.signedIn(request, reply);
    if (who === undefined) return reply;
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
      found: result.hits.length,
    });
    const found = result.hits.length;
    return pages.send(
      reply,
      200,
      'queue',
      {
        ...base,
        summary:
          found === 0
            ? 'No application found.'
            : `${found}${result.more ? ' or more' : ''} application${found === 1 ? '' : 's'} found${result.more ? ': the first are shown. Search for more of the reference or name.' : '.'}`,
        rows: result.hits.map(caseRow),
      },
      who,
    );
  });
}
