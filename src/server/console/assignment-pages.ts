// "Assign to me" and "Unassign" on an application's page, and what that page shows of who holds
// it (views/assignment.njk). Each form carries the session's CSRF token (the guard checks it) and
// the holder the page showed, so a change made by a colleague meanwhile is not overwritten.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime } from '#shared/dates/format.ts';
import {
  assignApplication,
  readAssignment,
  unassignApplication,
  type AssignmentResult,
} from '../services/casework/assignment.ts';
import type { Database } from '../db/database.ts';
import { applicationNotFound, applicationPath } from './casework-views.ts';
import type { ConsoleRouteOptions } from './console-types.ts';
import { fieldsOf, staffOf } from './console-requests.ts';
import type { SignedIn } from './staff-guard.ts';

/** The application page's assignment block (views/assignment.njk): who holds it, and the forms. */
export async function assignmentContext(
  deps: { readonly database: Database },
  reference: string,
  inProgress: boolean,
  who: SignedIn,
) {
  const read = await readAssignment(deps, { reference });
  const holder = read.outcome === 'ok' ? read.holder : null;
  const mine = holder?.id === who.session.staff.id;
  const base = applicationPath(reference);
  return {
    holderText:
      holder === null
        ? 'Nobody'
        : `${mine ? 'You' : `${holder.name} (${holder.id})`}, since ${formatDateTime(holder.since)}`,
    heldByColleague: holder !== null && !mine,
    expectedHolder: holder?.id ?? '',
    // Taken over from a colleague too: holding reserves nothing.
    assignAction: !mine && inProgress ? `${base}/assign` : undefined,
    unassignAction: holder === null ? undefined : `${base}/unassign`,
  };
}

export function registerAssignmentPages(scope: FastifyInstance, options: ConsoleRouteOptions): void {
  const { database, now, pages } = options;
  const deps = { database, now };

  const answer = (reply: FastifyReply, who: SignedIn, typed: string, result: AssignmentResult) => {
    switch (result.outcome) {
      case 'done':
        // The page's assignment block says what was done.
        return reply.redirect(applicationPath(result.reference), 303);
      case 'held-meanwhile':
      case 'not-allowed': {
        const now =
          result.holder === null
            ? 'Nobody holds it now.'
            : `${result.holder.name} has held it since ${formatDateTime(result.holder.since)}.`;
        const why =
          result.outcome === 'held-meanwhile'
            ? `Someone assigned or unassigned application ${result.reference} after you opened it. ${now}`
            : result.problem === 'not-in-progress'
              ? `Application ${result.reference} is no longer in progress: it cannot be assigned.`
              : `Application ${result.reference} was already so. ${now}`;
        return pages.send(
          reply,
          409,
          'message',
          {
            title: 'Nothing was changed',
            paragraphs: [why],
            action: { text: 'Back to the application', href: applicationPath(result.reference) },
          },
          who,
        );
      }
      case 'not-found':
      case 'invalid':
        return pages.send(reply, 404, 'message', applicationNotFound(typed), who);
    }
  };

  type Params = { Params: { reference: string } };
  /** POST assign or unassign: `change` made, from the holder the page showed. */
  const changeHolder =
    (change: typeof assignApplication | typeof unassignApplication) =>
    async (request: FastifyRequest<Params>, reply: FastifyReply) => {
      const who = request.staff;
      const { reference } = request.params;
      const { expectedHolder } = fieldsOf(request.body);
      const result = await change(deps, staffOf(who), { reference, expectedHolder: expectedHolder ?? '' });
      return answer(reply, who, reference, result);
    };
  const assign = changeHolder(assignApplication);
  const unassign = changeHolder(unassignApplication);

  // The routes of this file.
  scope.post<Params>('/caseworker/applications/:reference/assign', assign);
  scope.post<Params>('/caseworker/applications/:reference/unassign', unassign);
}
