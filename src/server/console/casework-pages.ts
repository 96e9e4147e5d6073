// The caseworker's pages: the queues, the search, an application and what may be done with it, and
// for admins the audit log and the decisions export. Each is a thin adapter over the casework
// services (src/server/services/casework), the same the CLI calls; a result becomes a page here.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApplicationStatus } from '#shared/domain/application-status.ts';
import { APPLICATION_STATUSES, REJECTION_REASONS } from '#shared/domain/application-status.ts';
import { applicationDetail } from '../services/casework/application-detail.ts';
import { listAuditLog } from '../services/casework/audit-log.ts';
import { exportDecisions } from '../services/casework/decisions-export.ts';
import { listQueue, QUEUE_FILTERS, type QueueFilter } from '../services/casework/queue.ts';
import { searchApplications } from '../services/casework/search.ts';
import {
  approveApplication,
  rejectApplication,
  resendStatusLink,
  unlockSubmissionLicence,
  withdrawApplication,
  type StatusActionResult,
} from '../services/casework/staff-actions.ts';
import { STAFF_ACTIONS, type StaffMember } from '../services/casework/staff.ts';
import type { InvalidInput } from '../services/casework/staff-inputs.ts';
import {
  actionText,
  applicationContext,
  applicationPath,
  auditRow,
  authorText,
  caseRow,
  problemText,
  REJECTION_TEXTS,
  STATUS_TEXTS,
} from './casework-views.ts';
import type { ConsoleOptions, ConsolePages } from './console.ts';
import type { SignedIn } from './staff-guard.ts';
import { formatDateTime } from '#shared/dates/format.ts';

// Forms one member of staff may send a minute: far above a person's pace, far below a script's.
const STAFF_FORMS_PER_MINUTE = 120;

const FILTER_TEXTS: Record<QueueFilter, string> = {
  'in-progress': 'In progress',
  'decided-today': 'Decided today',
  withdrawn: 'Withdrawn',
};

type Fields = Record<string, string | undefined>;
/** A form's or query's fields: one string each (a repeated field counts as its first). */
function fieldsOf(value: unknown): Fields {
  const fields: Fields = {};
  if (typeof value !== 'object' || value === null) return fields;
  for (const [name, field] of Object.entries(value as Record<string, unknown>)) {
    const first = Array.isArray(field) ? (field as unknown[])[0] : field;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

const pageNumber = (text: string | undefined) => (text === undefined || !/^\d{1,6}$/.test(text) ? 1 : Number(text));
const staffOf = (signedIn: SignedIn): StaffMember => ({
  id: signedIn.session.staff.id,
  name: signedIn.session.staff.name,
});
const isStatus = (text: string | undefined): text is ApplicationStatus =>
  APPLICATION_STATUSES.some((status) => status === text);

/** GOV.UK's pagination for page `page` of `pageCount`, each page at `href(n)`. */
function paginationOf(page: number, pageCount: number, href: (page: number) => string) {
  if (pageCount <= 1) return undefined;
  return {
    previous: page > 1 ? { href: href(page - 1) } : undefined,
    next: page < pageCount ? { href: href(page + 1) } : undefined,
    items: Array.from({ length: pageCount }, (_, index) => index + 1)
      .filter((n) => n === 1 || n === pageCount || Math.abs(n - page) <= 1)
      .map((n) => ({ number: n, href: href(n), current: n === page })),
  };
}

export function registerCaseworkPages(
  scope: FastifyInstance,
  options: ConsoleOptions & { readonly pages: ConsolePages },
): void {
  const { database, now, limits, pages } = options;
  const deps = { database, now };

  /** The guard, for a page; for a form also its CSRF token and the staff member's budget. */
  async function signedIn(
    request: FastifyRequest,
    reply: FastifyReply,
    role: 'CASEWORKER' | 'CASEWORKER_ADMIN' = 'CASEWORKER',
  ): Promise<SignedIn | undefined> {
    const guarded = await pages.guard.check(request, reply, role);
    if (guarded.outcome === 'answered') return undefined;
    if (request.method !== 'POST') return guarded.signedIn;
    if (!pages.guard.formIsOurs(guarded.signedIn, request.body)) {
      pages.send(
        reply,
        403,
        'message',
        {
          title: 'This form did not come from the console',
          paragraphs: ['Nothing was changed. Go back to the page, reload it and try again.'],
          action: { text: 'Go to the applications', href: '/caseworker' },
        },
        guarded.signedIn,
      );
      return undefined;
    }
    const spent = await limits.take(guarded.signedIn.session.staff.id, 'staffForms', STAFF_FORMS_PER_MINUTE, 60_000);
    if (!spent.allowed) {
      reply.header('retry-after', String(spent.retryAfterSeconds));
      pages.send(
        reply,
        429,
        'message',
        {
          title: 'Too many changes in a minute',
          paragraphs: [`Nothing was changed. Try again in ${spent.retryAfterSeconds} seconds.`],
        },
        guarded.signedIn,
      );
      return undefined;
    }
    return guarded.signedIn;
  }

  const notFound = (reply: FastifyReply, who: SignedIn, reference: string) =>
    pages.send(
      reply,
      404,
      'message',
      {
        title: 'Application not found',
        paragraphs: [`No application has the reference ${reference}.`],
        action: { text: 'Search applications', href: '/caseworker' },
      },
      who,
    );

  // The queues.
  scope.get('/caseworker', async (request, reply) => {
    const who = await signedIn(request, reply);
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
    const who = await signedIn(request, reply);
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

  // An application.
  type Params = { Params: { reference: string } };
  const showApplication = async (
    reply: FastifyReply,
    who: SignedIn,
    reference: string,
    code = 200,
    notice?: { text: string; success?: boolean },
  ) => {
    const result = await applicationDetail(deps, { reference });
    if (result.outcome !== 'ok') return notFound(reply, who, reference);
    const context = applicationContext(result.application);
    return pages.send(
      reply,
      code,
      'application',
      { title: `Application ${context.reference}`, ...context, notice },
      who,
    );
  };

  const DONE_TEXTS: Record<string, string> = {
    approve: 'Application approved. The sponsor will be emailed.',
    reject: 'Application rejected. The sponsor will be emailed.',
    withdraw: 'Application withdrawn. The sponsor will be emailed.',
    unlock: 'The licence lockout has ended: the sponsor can open the status page again.',
    'resend-status-link': 'A new status link will be emailed to the sponsor’s email address.',
  };

  scope.get<Params>('/caseworker/applications/:reference', async (request, reply) => {
    const who = await signedIn(request, reply);
    if (who === undefined) return reply;
    const done = DONE_TEXTS[fieldsOf(request.query).done ?? ''];
    return showApplication(
      reply,
      who,
      request.params.reference,
      200,
      done === undefined ? undefined : { text: done, success: true },
    );
  });

  /** The answer to a status action: to the application's page, saying what was done or why nothing was. */
  const answerStatusAction = async (
    reply: FastifyReply,
    who: SignedIn,
    action: 'approve' | 'reject' | 'withdraw',
    result: StatusActionResult,
    retry: (invalid: InvalidInput) => FastifyReply | Promise<FastifyReply>,
  ) => {
    switch (result.outcome) {
      case 'done':
        return reply.redirect(`${applicationPath(result.reference)}?done=${action}`, 303);
      case 'changed-meanwhile':
        return showApplication(reply, who, result.reference, 409, {
          text: `Nothing was changed: ${authorText(result.by)} made this application ${STATUS_TEXTS[result.status].toLowerCase()} at ${formatDateTime(result.at)}, after you opened it.`,
        });
      case 'not-allowed':
        return showApplication(reply, who, result.reference, 409, { text: `Nothing was changed: ${result.message}.` });
      case 'not-found':
        return notFound(reply, who, result.reference);
      case 'invalid':
        return retry(result);
    }
  };

  scope.post<Params>('/caseworker/applications/:reference/approve', async (request, reply) => {
    const who = await signedIn(request, reply);
    if (who === undefined) return reply;
    const { expectedStatus } = fieldsOf(request.body);
    const result = await approveApplication(deps, staffOf(who), {
      reference: request.params.reference,
      expectedStatus: isStatus(expectedStatus) ? expectedStatus : 'in-progress',
    });
    return answerStatusAction(reply, who, 'approve', result, () =>
      showApplication(reply, who, request.params.reference, 400),
    );
  });

  // Rejecting and withdrawing ask first, on a page of their own.
  const reasonItems = (chosen: string | undefined) =>
    REJECTION_REASONS.map((reason) => ({ value: reason, text: REJECTION_TEXTS[reason], checked: reason === chosen }));
  const sendRejectPage = (
    reply: FastifyReply,
    who: SignedIn,
    reference: string,
    status: string,
    values: Fields,
    invalid?: InvalidInput,
  ) => {
    const field = invalid?.field === 'note' ? 'note' : 'reason';
    const message =
      invalid === undefined
        ? undefined
        : field === 'reason'
          ? 'Choose why the application is rejected'
          : problemText(invalid, 'the note');
    return pages.send(
      reply,
      invalid === undefined ? 200 : 400,
      'reject',
      {
        title: `Reject application ${reference}`,
        reference,
        back: applicationPath(reference),
        expectedStatus: status,
        reasons: reasonItems(values.reason),
        values,
        fieldErrors: message === undefined ? {} : { [field]: message },
        errors: message === undefined ? [] : [{ text: message, href: field === 'reason' ? '#reason' : '#note' }],
      },
      who,
    );
  };
  const sendWithdrawPage = (
    reply: FastifyReply,
    who: SignedIn,
    reference: string,
    status: string,
    values: Fields,
    invalid?: InvalidInput,
  ) => {
    const message =
      invalid === undefined
        ? undefined
        : invalid.problem === 'required'
          ? 'Enter why the application is withdrawn'
          : problemText(invalid, 'the reason');
    return pages.send(
      reply,
      invalid === undefined ? 200 : 400,
      'withdraw',
      {
        title: `Withdraw application ${reference}`,
        reference,
        back: applicationPath(reference),
        expectedStatus: status,
        values,
        fieldErrors: message === undefined ? {} : { reason: message },
        errors: message === undefined ? [] : [{ text: message, href: '#reason' }],
      },
      who,
    );
  };

  for (const [path, sendPage] of [
    ['reject', sendRejectPage],
    ['withdraw', sendWithdrawPage],
  ] as const) {
    scope.get<Params>(`/caseworker/applications/:reference/${path}`, async (request, reply) => {
      const who = await signedIn(request, reply);
      if (who === undefined) return reply;
      const found = await applicationDetail(deps, { reference: request.params.reference });
      if (found.outcome !== 'ok') return notFound(reply, who, request.params.reference);
      const { application } = found;
      if (!application.actions.some((allowed) => allowed.action === path)) {
        return showApplication(reply, who, application.reference, 409, {
          text: `This application is ${STATUS_TEXTS[application.status].toLowerCase()}: it cannot be ${path === 'reject' ? 'rejected' : 'withdrawn'}.`,
        });
      }
      return sendPage(reply, who, application.reference, application.status, {});
    });
  }

  scope.post<Params>('/caseworker/applications/:reference/reject', async (request, reply) => {
    const who = await signedIn(request, reply);
    if (who === undefined) return reply;
    const fields = fieldsOf(request.body);
    const reference = request.params.reference;
    const expectedStatus = isStatus(fields.expectedStatus) ? fields.expectedStatus : 'in-progress';
    const reason = REJECTION_REASONS.find((known) => known === fields.reason);
    if (reason === undefined) {
      return sendRejectPage(reply, who, reference, expectedStatus, fields, {
        outcome: 'invalid',
        field: 'reason',
        problem: 'required',
      });
    }
    const result = await rejectApplication(deps, staffOf(who), {
      reference,
      expectedStatus,
      reason,
      note: fields.note,
    });
    return answerStatusAction(reply, who, 'reject', result, (invalid) =>
      sendRejectPage(reply, who, reference, expectedStatus, fields, invalid),
    );
  });

  scope.post<Params>('/caseworker/applications/:reference/withdraw', async (request, reply) => {
    const who = await signedIn(request, reply);
    if (who === undefined) return reply;
    const fields = fieldsOf(request.body);
    const reference = request.params.reference;
    const expectedStatus = isStatus(fields.expectedStatus) ? fields.expectedStatus : 'in-progress';
    const result = await withdrawApplication(deps, staffOf(who), {
      reference,
      expectedStatus,
      reason: fields.reason ?? '',
    });
    return answerStatusAction(reply, who, 'withdraw', result, (invalid) =>
      sendWithdrawPage(reply, who, reference, expectedStatus, fields, invalid),
    );
  });

  scope.post<Params>('/caseworker/applications/:reference/unlock', async (request, reply) => {
    const who = await signedIn(request, reply);
    if (who === undefined) return reply;
    const result = await unlockSubmissionLicence(deps, staffOf(who), { reference: request.params.reference });
    if (result.outcome !== 'done') return notFound(reply, who, request.params.reference);
    return reply.redirect(`${applicationPath(result.reference)}?done=unlock`, 303);
  });

  scope.post<Params>('/caseworker/applications/:reference/resend-status-link', async (request, reply) => {
    const who = await signedIn(request, reply);
    if (who === undefined) return reply;
    const result = await resendStatusLink(deps, staffOf(who), { reference: request.params.reference });
    switch (result.outcome) {
      case 'done':
        return reply.redirect(`${applicationPath(result.reference)}?done=resend-status-link`, 303);
      case 'not-allowed':
        return showApplication(reply, who, result.reference, 409, { text: `No link was sent: ${result.message}.` });
      case 'not-found':
      case 'invalid':
        return notFound(reply, who, request.params.reference);
    }
  });

  // Admins only: the audit log and the decisions export.
  scope.get('/caseworker/audit', async (request, reply) => {
    const who = await signedIn(request, reply, 'CASEWORKER_ADMIN');
    if (who === undefined) return reply;
    const values = fieldsOf(request.query);
    const result = await listAuditLog(deps, {
      staffId: values.staff,
      action: values.action,
      reference: values.reference,
      from: values.from,
      to: values.to,
      page: pageNumber(values.page),
    });
    const actionItems = [
      { value: '', text: 'Any action' },
      ...STAFF_ACTIONS.map((action) => ({
        value: action,
        text: actionText(action),
        selected: action === values.action,
      })),
    ];
    const context = {
      title: 'Audit log',
      values,
      actionItems,
      fieldErrors: {} as Fields,
      rows: [] as unknown[],
      summary: '',
    };
    if (result.outcome === 'invalid') {
      const labels: Record<string, string> = {
        staff: 'a staff ID',
        action: 'an action',
        reference: 'an application reference',
        from: 'the first day',
        to: 'the last day',
      };
      const field = result.field === 'staffId' ? 'staff' : result.field;
      const message = problemText(result, labels[field] ?? field);
      return pages.send(
        reply,
        400,
        'audit',
        {
          ...context,
          fieldErrors: { [field]: message },
          errors: [{ text: message, href: `#${field}` }],
          summary: 'Correct the filter to see the audit log.',
        },
        who,
      );
    }
    const query = new URLSearchParams(
      Object.entries(values).filter(
        (entry): entry is [string, string] => entry[0] !== 'page' && entry[1] !== undefined && entry[1] !== '',
      ),
    );
    return pages.send(
      reply,
      200,
      'audit',
      {
        ...context,
        rows: result.lines.map(auditRow),
        summary: `${result.total} entr${result.total === 1 ? 'y' : 'ies'}, newest first.`,
        pagination: paginationOf(
          result.page,
          result.pageCount,
          (n) => `/caseworker/audit?${query.toString()}${query.size > 0 ? '&' : ''}page=${n}`,
        ),
      },
      who,
    );
  });

  const sendExportPage = (reply: FastifyReply, who: SignedIn, values: Fields, invalid?: InvalidInput) => {
    const field = invalid?.field === 'to' ? 'to' : 'from';
    const message =
      invalid === undefined ? undefined : problemText(invalid, field === 'from' ? 'the first day' : 'the last day');
    return pages.send(
      reply,
      invalid === undefined ? 200 : 400,
      'export',
      {
        title: 'Export decisions',
        values,
        fieldErrors: message === undefined ? {} : { [field]: message },
        errors: message === undefined ? [] : [{ text: message, href: `#${field}` }],
      },
      who,
    );
  };
  scope.get('/caseworker/export', async (request, reply) => {
    const who = await signedIn(request, reply, 'CASEWORKER_ADMIN');
    if (who === undefined) return reply;
    return sendExportPage(reply, who, {});
  });
  scope.post('/caseworker/export', async (request, reply) => {
    const who = await signedIn(request, reply, 'CASEWORKER_ADMIN');
    if (who === undefined) return reply;
    const values = fieldsOf(request.body);
    const result = await exportDecisions(deps, staffOf(who), { from: values.from ?? '', to: values.to ?? '' });
    if (result.outcome === 'invalid') return sendExportPage(reply, who, values, result);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${result.fileName}"`)
      .send(result.csv);
  });
}
