// An application's page and what may be done with it: set its status (approve, reject with a
// reason, withdraw with a reason: STATUS_ACTIONS), end the licence lockouts, send the status link again, approve the group's applications
// that passed. Each action posts the status (or the list) the page showed, and a result of the
// casework services (the same the CLI calls) becomes a page here.
//
// What an action did is confirmed on the page it leads to, and only there: the action's answer
// sets a short-lived cookie naming its audit lines, which the next page of the application reads,
// clears, and shows only for lines this member of staff wrote in the last minutes. An address such
// as `?done=approve` confirms nothing.
import { STAFF_COOKIE_PATH } from './staff-cookies.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime } from '#shared/dates/format.ts';
import type { ApplicationStatus } from '#shared/domain/application-status.ts';
import { APPLICATION_STATUSES, INITIAL_STATUS, isOpen, REJECTION_REASONS } from '#shared/domain/application-status.ts';
import { applicationDetail } from '../services/casework/application-detail.ts';
import { recordStaffAccess } from '../services/casework/staff-access.ts';
import { approveGroup, groupOfApplication, type GroupApprovalResult } from '../services/casework/group-approval.ts';
import {
  recentOwnActions,
  resendStatusLink,
  setApplicationStatus,
  unlockSubmissionLicence,
  type StatusActionResult,
} from '../services/casework/staff-actions.ts';
import { STATUS_ACTION_NAMES, STATUS_ACTIONS, type StatusActionName } from '../services/casework/status-actions.ts';
import { askTexts, STATUS_ACTION_TEXTS, type AskTexts } from './status-action-texts.ts';
import type { InvalidInput } from '../services/casework/staff-inputs.ts';
import {
  applicationContext,
  applicationNotFound,
  applicationPath,
  authorText,
  groupRows,
  problemText,
  REJECTION_TEXTS,
  STATUS_TEXTS,
} from './casework-views.ts';
import { placeOf } from '../security/security-log.ts';
import type { ConsoleRouteOptions } from './console-types.ts';
import { fieldsOf, formError, staffOf, type Fields } from './console-requests.ts';
import type { SignedIn } from './staff-guard.ts';
import { assignmentContext } from './assignment-pages.ts';

/** The cookie naming the audit lines of the action just taken, for its page to confirm: for the console's paths alone, as the staff session is (decision 038). */
const DONE_COOKIE = 'cwc-done';

const isStatus = (text: string | undefined): text is ApplicationStatus =>
  APPLICATION_STATUSES.some((status) => status === text);

export function registerApplicationPages(scope: FastifyInstance, options: ConsoleRouteOptions): void {
  const { database, now, pages } = options;
  const deps = { database, now };

  const notFound = (reply: FastifyReply, who: SignedIn, reference: string) =>
    pages.send(reply, 404, 'message', applicationNotFound(reference), who);

  type Params = { Params: { reference: string } };
  type Notice = { text: string; success?: boolean };
  const showApplication = async (
    reply: FastifyReply,
    who: SignedIn,
    reference: string,
    code = 200,
    notice?: Notice | ((submissionId: string) => Promise<Notice | undefined>),
  ) => {
    const result = await applicationDetail(deps, { reference });
    if (result.outcome !== 'ok') return notFound(reply, who, reference);
    // Every showing of an application's page is in the audit log (staff-access.ts).
    await recordStaffAccess(deps, staffOf(who), reply.request.ip, {
      action: 'view-application',
      applicantId: result.application.reference,
    });
    const context = applicationContext(result.application);
    if (typeof notice === 'function') notice = await notice(result.application.submissionId);
    return pages.send(
      reply,
      code,
      'application',
      {
        title: `Application ${context.reference}`,
        ...context,
        notice,
        assignment: await assignmentContext(deps, context.reference, isOpen(result.application.status), who),
      },
      who,
    );
  };

  const DONE_TEXTS: Record<string, string> = {
    ...Object.fromEntries(STATUS_ACTION_NAMES.map((action) => [action, STATUS_ACTION_TEXTS[action].done])),
    unlock:
      'The licence lockouts have ended and the failed attempts are cleared: the status page opens again at every address.',
    'resend-status-link': 'A new status link will be emailed to the sponsor’s email address.',
  };

  /** Leads to the application's page, which confirms the actions of `auditLineIds` (once). */
  const toApplication = (request: FastifyRequest, reply: FastifyReply, reference: string, auditLineIds: number[]) => {
    options.cookies.set(request, reply, DONE_COOKIE, auditLineIds.join('.'), STAFF_COOKIE_PATH);
    return reply.redirect(applicationPath(reference), 303);
  };

  /** The confirmation of what the cookie names, for the application of `submissionId`: read once, then cleared. */
  const doneNotice =
    (request: FastifyRequest, reply: FastifyReply, who: SignedIn) =>
    async (submissionId: string): Promise<Notice | undefined> => {
      const named = options.cookies.read(request, DONE_COOKIE, STAFF_COOKIE_PATH);
      if (named === undefined) return undefined;
      options.cookies.clear(request, reply, DONE_COOKIE, STAFF_COOKIE_PATH);
      const ids = /^\d{1,15}(\.\d{1,15}){0,19}$/.test(named) ? named.split('.').map(Number) : [];
      const lines = (await recentOwnActions(deps, staffOf(who), ids)).filter(
        (line) => line.submissionId === submissionId,
      );
      if (lines.length > 1 && lines.every((line) => line.action === 'approve')) {
        return {
          text: `${lines.length} applications approved: ${lines.map((line) => line.applicantId).join(', ')}. The sponsor will be emailed about them together.`,
          success: true,
        };
      }
      const text = lines.length === 1 ? DONE_TEXTS[lines[0]!.action] : undefined;
      return text === undefined ? undefined : { text, success: true };
    };

  async function applicationPage(request: FastifyRequest<Params>, reply: FastifyReply) {
    const who = request.staff;
    return showApplication(reply, who, request.params.reference, 200, doneNotice(request, reply, who));
  }

  /** The answer to a status action: to the application's page, saying what was done or why nothing was. */
  const answerStatusAction = async (
    request: FastifyRequest,
    reply: FastifyReply,
    who: SignedIn,
    result: StatusActionResult,
    retry: (invalid: InvalidInput) => FastifyReply | Promise<FastifyReply>,
  ) => {
    switch (result.outcome) {
      case 'done':
        return toApplication(request, reply, result.reference, [result.auditLineId]);
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

  // Each status a member of staff may set (STATUS_ACTIONS): the button posts at once, or leads to
  // a page asking for what the action asks first (a rejection's reason, a withdrawal's).
  const reasonItems = (chosen: string | undefined) =>
    REJECTION_REASONS.map((reason) => ({ value: reason, text: REJECTION_TEXTS[reason], checked: reason === chosen }));
  const sendAskPage = (
    reply: FastifyReply,
    who: SignedIn,
    action: StatusActionName,
    ask: AskTexts,
    { reference, status, values }: { reference: string; status: string; values: Fields },
    invalid?: InvalidInput,
  ) => {
    const asksRejectionReason = STATUS_ACTIONS[action].asks === 'rejection-reason';
    const field = invalid?.field === 'note' ? 'note' : 'reason';
    const message =
      invalid === undefined
        ? undefined
        : field === 'note'
          ? problemText(invalid, 'the note')
          : asksRejectionReason || invalid.problem === 'required'
            ? ask.required
            : problemText(invalid, 'the reason');
    const { code, ...shown } = formError(field, message);
    return pages.send(
      reply,
      code,
      'status-action',
      {
        title: `${ask.title} ${reference}`,
        question: ask.question.replace('{reference}', reference),
        hint: ask.hint,
        submit: ask.submit,
        reference,
        back: applicationPath(reference),
        expectedStatus: status,
        reasons: asksRejectionReason ? reasonItems(values.reason) : undefined,
        values,
        ...shown,
      },
      who,
    );
  };

  /** GET an action that asks first: the page asking, when the application's status may be so set. */
  const askPage =
    (action: StatusActionName, ask: AskTexts) => async (request: FastifyRequest<Params>, reply: FastifyReply) => {
      const who = request.staff;
      const found = await applicationDetail(deps, { reference: request.params.reference });
      if (found.outcome !== 'ok') return notFound(reply, who, request.params.reference);
      const { application } = found;
      if (!application.actions.some((allowed) => allowed.action === action)) {
        return showApplication(reply, who, application.reference, 409, {
          text: `This application is ${STATUS_TEXTS[application.status].toLowerCase()}: it cannot be ${STATUS_ACTION_TEXTS[action].participle}.`,
        });
      }
      return sendAskPage(reply, who, action, ask, {
        reference: application.reference,
        status: application.status,
        values: {},
      });
    };

  /** POST an action: the status set, or why not (on the asking page when what it asked for was refused). */
  const setStatus =
    (action: StatusActionName, ask: AskTexts | undefined) =>
    async (request: FastifyRequest<Params>, reply: FastifyReply) => {
      const who = request.staff;
      const values = fieldsOf(request.body);
      const reference = request.params.reference;
      const expectedStatus = isStatus(values.expectedStatus) ? values.expectedStatus : INITIAL_STATUS;
      const result = await setApplicationStatus(deps, staffOf(who), {
        action,
        reference,
        expectedStatus,
        reason: values.reason ?? '',
        note: values.note,
      });
      return answerStatusAction(request, reply, who, result, (invalid) =>
        ask === undefined
          ? showApplication(reply, who, reference, 400)
          : sendAskPage(reply, who, action, ask, { reference, status: expectedStatus, values }, invalid),
      );
    };

  async function unlock(request: FastifyRequest<Params>, reply: FastifyReply) {
    const who = request.staff;
    const result = await unlockSubmissionLicence(deps, staffOf(who), { reference: request.params.reference });
    if (result.outcome !== 'done') return notFound(reply, who, request.params.reference);
    if (result.lockoutBeganAt !== undefined)
      options.securityLog.record('licence-lockout-ended', placeOf(request), 'unlocked');
    return toApplication(request, reply, result.reference, [result.auditLineId]);
  }

  async function resendStatusLinkAction(request: FastifyRequest<Params>, reply: FastifyReply) {
    const who = request.staff;
    const result = await resendStatusLink(deps, staffOf(who), { reference: request.params.reference });
    switch (result.outcome) {
      case 'done':
        return toApplication(request, reply, result.reference, [result.auditLineId]);
      case 'not-allowed':
        return showApplication(reply, who, result.reference, 409, { text: `No link was sent: ${result.message}.` });
      case 'not-found':
      case 'invalid':
        return notFound(reply, who, request.params.reference);
    }
  }

  // A group decided as a group: a page listing the applications that passed, and its one form.
  const sendGroupPage = async (
    reply: FastifyReply,
    who: SignedIn,
    reference: string,
    code = 200,
    notice?: Notice,
  ): Promise<FastifyReply> => {
    const found = await groupOfApplication(deps, { reference });
    if (found.outcome !== 'ok') return notFound(reply, who, reference);
    const approving = found.members.filter((member) => member.passed);
    if (approving.length === 0) {
      return showApplication(reply, who, found.reference, code === 200 ? 409 : code, {
        text: `${notice === undefined ? '' : `${notice.text} `}No application of this group can be approved with the others now.`,
      });
    }
    const title = `Approve ${approving.length === 1 ? '1 application' : `${approving.length} applications`}`;
    return pages.send(
      reply,
      code,
      'approve-group',
      {
        title,
        notice,
        back: applicationPath(found.reference),
        groupReference: found.groupReference,
        approving: groupRows(approving),
        others: groupRows(found.members.filter((member) => !member.passed)),
        members: approving.map((member) => member.reference),
        button: title,
      },
      who,
    );
  };

  async function groupPage(request: FastifyRequest<Params>, reply: FastifyReply) {
    const who = request.staff;
    return sendGroupPage(reply, who, request.params.reference);
  }

  async function approveGroupAction(request: FastifyRequest<Params>, reply: FastifyReply) {
    const who = request.staff;
    const reference = request.params.reference;
    const result: GroupApprovalResult = await approveGroup(deps, staffOf(who), {
      reference,
      members: listedMembers(request.body),
    });
    switch (result.outcome) {
      case 'done':
        return toApplication(request, reply, result.reference, [...result.auditLineIds]);
      case 'changed-meanwhile':
        return sendGroupPage(reply, who, result.reference, 409, {
          text: `Nothing was approved: ${result.changed
            .map((member) =>
              member.why === 'decided'
                ? `${authorText(member.by)} made ${member.reference} ${STATUS_TEXTS[member.status].toLowerCase()} at ${formatDateTime(member.at)}`
                : `${member.reference} fails an automated check now`,
            )
            .join('; ')}, after you opened the page. Check the list again.`,
        });
      case 'invalid':
        return sendGroupPage(reply, who, reference, 400, {
          text: 'Nothing was approved: the list sent is not this group’s. Check the list again.',
        });
      case 'not-found':
        return notFound(reply, who, result.reference);
    }
  }

  // The routes of this file.
  scope.get<Params>('/caseworker/applications/:reference', applicationPage);
  for (const action of STATUS_ACTION_NAMES) {
    const ask = askTexts(action);
    scope.post<Params>(`/caseworker/applications/:reference/${action}`, setStatus(action, ask));
    if (ask !== undefined) scope.get<Params>(`/caseworker/applications/:reference/${action}`, askPage(action, ask));
  }
  scope.post<Params>('/caseworker/applications/:reference/unlock', unlock);
  scope.post<Params>('/caseworker/applications/:reference/resend-status-link', resendStatusLinkAction);
  scope.get<Params>('/caseworker/applications/:reference/approve-group', groupPage);
  scope.post<Params>('/caseworker/applications/:reference/approve-group', approveGroupAction);
}

/** The references a form's `members` fields hold (one field, or several of the same name). */
function listedMembers(body: unknown): string[] {
  const members = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).members : undefined;
  const listed = Array.isArray(members) ? (members as unknown[]) : [members];
  // A group holds at most 10; a longer list is not one of this console's forms.
  return listed.filter((member): member is string => typeof member === 'string').slice(0, 20);
}
