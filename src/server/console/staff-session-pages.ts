// The admins' page of signed-in staff (decision 038, "Later"): every session still open, with
// where it was opened from, and ending every session of one member of staff at once (a leaver, a
// lost laptop). Sessions are in the database, so ending them ends them on every instance.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatDateTime } from '#shared/dates/format.ts';
import { escapeHtmlAttribute, escapeHtmlText } from '#shared/pages/html-escape.ts';
import { recordStaffAccess } from '../services/casework/staff-access.ts';
import type { ConsoleRouteOptions } from './console-types.ts';
import { fieldsOf, staffOf } from './console-requests.ts';
import type { SignedIn } from './staff-guard.ts';

const SESSIONS_PATH = '/caseworker/sessions';
const END_PATH = '/caseworker/sessions/end';

export function registerStaffSessionPages(scope: FastifyInstance, options: ConsoleRouteOptions): void {
  const { database, now, pages, sessions } = options;

  const sendList = async (reply: FastifyReply, who: SignedIn, notice?: { text: string; success: boolean }) => {
    const open = await sessions.listSignedIn(now());
    const staffCount = new Set(open.map((session) => session.staffId)).size;
    return pages.send(
      reply,
      200,
      'staff-sessions',
      {
        title: 'Signed-in staff',
        notice,
        summary: `${open.length} open session${open.length === 1 ? '' : 's'} of ${staffCount} member${staffCount === 1 ? '' : 's'} of staff.`,
        rows: open.map((session) => [
          { text: session.name },
          { text: session.staffId },
          { text: session.roles.join(', ') },
          { text: formatDateTime(session.signedInAt) },
          { text: formatDateTime(session.lastActiveAt) },
          { text: session.clientAddress ?? 'Not known' },
          {
            html: `<a class="govuk-link" href="${END_PATH}?staff=${escapeHtmlAttribute(encodeURIComponent(session.staffId))}">End sessions<span class="govuk-visually-hidden"> of ${escapeHtmlText(session.name)}</span></a>`,
          },
        ]),
      },
      who,
    );
  };

  async function sessionsPage(request: FastifyRequest, reply: FastifyReply) {
    const who = request.staff;
    return sendList(reply, who);
  }

  async function endSessionsPage(request: FastifyRequest, reply: FastifyReply) {
    const who = request.staff;
    const staffId = fieldsOf(request.query).staff ?? '';
    const theirs = (await sessions.listSignedIn(now())).filter((session) => session.staffId === staffId);
    const first = theirs[0];
    if (first === undefined) {
      return sendList(reply, who, { text: 'That member of staff has no open session.', success: false });
    }
    return pages.send(
      reply,
      200,
      'end-sessions',
      {
        title: `End ${first.name}’s sessions`,
        target: { id: staffId, name: first.name, sessions: String(theirs.length) },
      },
      who,
    );
  }

  async function endSessions(request: FastifyRequest, reply: FastifyReply) {
    const who = request.staff;
    const staffId = (fieldsOf(request.body).staff ?? '').slice(0, 255);
    const name = (await sessions.listSignedIn(now())).find((session) => session.staffId === staffId)?.name ?? staffId;
    const ended = staffId === '' ? 0 : await sessions.endAllOf(staffId);
    if (ended > 0) {
      await recordStaffAccess({ database, now }, staffOf(who), request.ip, {
        action: 'end-sessions',
        staffId,
        sessions: ended,
      });
    }
    // Their own sessions too: this page was the last one.
    if (staffId === who.session.staff.id) return reply.redirect('/caseworker/signed-out', 303);
    return sendList(reply, who, {
      text:
        ended === 0
          ? 'Nothing was ended: that member of staff had no open session.'
          : `${name}’s ${ended === 1 ? 'session has' : `${ended} sessions have`} ended. They are signed out everywhere.`,
      success: ended > 0,
    });
  }

  // The routes of this file.
  scope.get(SESSIONS_PATH, sessionsPage);
  scope.get(END_PATH, endSessionsPage);
  scope.post(END_PATH, endSessions);
}

/** The timeout warning's "Stay signed in", for caseworkers: registered in their guarded scope. */
export function registerStaySignedIn(scope: FastifyInstance): void {
  scope.post('/caseworker/session', staySignedIn);
}

async function staySignedIn(request: FastifyRequest, reply: FastifyReply) {
  // The guard has kept the session going: that is all "Stay signed in" asks.
  return request.headers.accept?.includes('text/html') === true
    ? reply.redirect('/caseworker', 303)
    : reply.code(204).send();
}
