// The admins' pages: the audit log, filtered and paged, and the decisions of a range of days as a
// CSV file without passport numbers. Thin adapters over the casework services, as the CLI is.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { listAuditLog } from '../services/casework/audit-log.ts';
import { exportDecisions, MAX_EXPORT_DAYS } from '../services/casework/decisions-export.ts';
import { STAFF_ACTIONS } from '../services/casework/staff.ts';
import type { InvalidInput } from '../services/casework/staff-inputs.ts';
import { actionText, auditRow, problemText } from './casework-views.ts';
import type { ConsoleRouteOptions } from './console-types.ts';
import { fieldsOf, formError, pageNumber, paginationOf, staffOf, type Fields } from './console-requests.ts';
import type { SignedIn } from './staff-guard.ts';

export function registerAdminPages(scope: FastifyInstance, options: ConsoleRouteOptions): void {
  const { database, now, pages } = options;
  const deps = { database, now };

  async function auditPage(request: FastifyRequest, reply: FastifyReply) {
    const who = request.staff;
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
    const context = { title: 'Audit log', values, actionItems };
    if (result.outcome === 'invalid') {
      const labels: Record<string, string> = {
        staff: 'a staff ID',
        action: 'an action',
        reference: 'an application reference',
        from: 'the first day',
        to: 'the last day',
      };
      const field = result.field === 'staffId' ? 'staff' : result.field;
      const { code, ...shown } = formError(field, problemText(result, labels[field] ?? field));
      return pages.send(
        reply,
        code,
        'audit',
        { ...context, ...shown, rows: [], summary: 'Correct the filter to see the audit log.' },
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
        fieldErrors: {},
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
  }

  const sendExportPage = (reply: FastifyReply, who: SignedIn, values: Fields, invalid?: InvalidInput) => {
    const field = invalid?.field === 'to' ? 'to' : 'from';
    const message =
      invalid === undefined
        ? undefined
        : invalid.problem === 'range'
          ? `The last day must be the same as or after the first day, and at most ${MAX_EXPORT_DAYS} days after it`
          : problemText(invalid, field === 'from' ? 'the first day' : 'the last day');
    const { code, ...shown } = formError(field, message);
    return pages.send(reply, code, 'export', { title: 'Export decisions', values, ...shown }, who);
  };
  async function exportPage(request: FastifyRequest, reply: FastifyReply) {
    const who = request.staff;
    return sendExportPage(reply, who, {});
  }
  async function exportAction(request: FastifyRequest, reply: FastifyReply) {
    const who = request.staff;
    const values = fieldsOf(request.body);
    const result = await exportDecisions(deps, staffOf(who), { from: values.from ?? '', to: values.to ?? '' });
    if (result.outcome === 'invalid') return sendExportPage(reply, who, values, result);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${result.fileName}"`)
      .send(result.csv);
  }

  // The routes of this file.
  scope.get('/caseworker/audit', auditPage);
  scope.get('/caseworker/export', exportPage);
  scope.post('/caseworker/export', exportAction);
}
