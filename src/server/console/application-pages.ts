// An application's page and what may be done with it: approve, reject with a reason, withdraw with
// a reason, end the licence lockouts, send the status link again. Each action posts the status the
// page showed, and a result of the casework services (the same the CLI calls) becomes a page here.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { formatDateTime } from '#shared/dates/format.ts';
import type { ApplicationStatus } from '#shared/domain/application-status.ts';
import { APPLICATION_STATUSES, REJECTION_REASONS } from '#shared/domain/application-status.ts';
import { applicationDetail } from '../services/casework/application-detail.ts';
import {
  approveApplication,
  rejectApplication,
  resendStatusLink,
  unlockSubmissionLicence,
  withdrawApplication,
  type StatusActionResult,
} from '../services/casework/staff-actions.ts';
import type { InvalidInput } from '../services/casework/staff-inputs.ts';
import {
  applicationContext,
  applicationPath,
  authorText,
  problemText,
  REJECTION_TEXTS,
  STATUS_TEXTS,
} from './casework-views.ts';
import { placeOf } from '../security/security-log.ts';
import type { ConsoleOptions, ConsolePages } from './console.ts';
import { fieldsOf, formError, staffOf, type Fields } from './console-requests.ts';
import type { SignedIn } from './staff-guard.ts';
import { assignmentContext } from './assignment-pages.ts';

const isStatus = (text: string | undefined): text is ApplicationStatus =>
  APPLICATION_STATUSES.some((status) => status === text);

export function registerApplicationPages(
  scope: FastifyInstance,
  options: ConsoleOptions & { readonly pages: ConsolePages },
): void {
  const { database, now, pages } = options;
  const deps = { database, now };

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
      {
        title: `Application ${context.reference}`,
        ...context,
        notice,
        assignment: await assignmentContext(deps, context.reference, result.application.status === 'in-progress', who),
      },
      who,
    );
  };

  const DONE_TEXTS: Record<string, string> = {
    approve: 'Application approved. The sponsor will be emailed.',
    reject: 'Application rejected. The sponsor will be emailed.',
    withdraw: 'Application withdrawn. The sponsor will be emailed.',
    unlock:
      'The licence lockouts have ended and the failed attempts are cleared: the status page opens again at every address.',
    'resend-status-link': 'A new status link will be emailed to the sponsor’s email address.',
  };

  scope.get<Params>('/caseworker/applications/:reference', async (request, reply) => {
    const who = await pages.guard.signedIn(request, reply);
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
    const who = await pages.guard.signedIn(request, reply);
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
    const { code, ...shown } = formError(field, message);
    return pages.send(
      reply,
      code,
      'reject',
      {
        title: `Reject application ${reference}`,
        reference,
        back: applicationPath(reference),
        expectedStatus: status,
        reasons: reasonItems(values.reason),
        values,
        ...shown,
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
    const { code, ...shown } = formError('reason', message);
    return pages.send(
      reply,
      code,
      'withdraw',
      {
        title: `Withdraw application ${reference}`,
        reference,
        back: applicationPath(reference),
        expectedStatus: status,
        values,
        ...shown,
      },
      who,
    );
  };

  for (const [path, sendPage] of [
    ['reject', sendRejectPage],
    ['withdraw', sendWithdrawPage],
  ] as const) {
    scope.get<Params>(`/caseworker/applications/:reference/${path}`, async (request, reply) => {
      const who = await pages.guard.signedIn(request, reply);
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
    const who = await pages.guard.signedIn(request, reply);
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
    const who = await pages.guard.signedIn(request, reply);
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
    const who = await pages.guard.signedIn(request, reply);
    if (who === undefined) return reply;
    const result = await unlockSubmissionLicence(deps, staffOf(who), { reference: request.params.reference });
    if (result.outcome !== 'done') return notFound(reply, who, request.params.reference);
    if (result.lockoutBeganAt !== undefined)
      options.securityLog.record('licence-lockout-ended', placeOf(request), 'unlocked');
    return reply.redirect(`${applicationPath(result.reference)}?done=unlock`, 303);
  });

  scope.post<Params>('/caseworker/applications/:reference/resend-status-link', async (request, reply) => {
    const who = await pages.guard.signedIn(request, reply);
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
}
