// The status pages without JavaScript (decisions 024 and 026). The emailed link's token is checked
// first, as a status call from the address's status budget: a link that opens a submission is kept
// in the browser's session (under a new id, outside the budget of anonymous sessions: decision 043),
// and its page answered at once for the address without the token, which the browser shows in its
// place (decisions 040 and 059); an expired or unknown one is shown at once, from its address, and
// nothing is kept. Over the budget, the page saying so is shown at an address without the token
// (page-responses.ts sends it there). The licence form opens the submission with the API's own
// service (services/status-access.ts: attempts counted, lockout); once it has, the status pages stay
// open for the browser for a while, so that they are plain pages: links, a search that is a GET,
// and Back. Downloads answer the PDF itself, or a page saying why there is none.
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_TOKEN_PARAMETER } from '#shared/api/public-status.ts';
import {
  DOWNLOAD_APPROVED,
  refusedStatusView,
  STATUS_FORM_FIELDS,
  STATUS_LIMITED_PARAMETER,
  type StatusFormOutcome,
  type StatusView,
} from '#shared/api/status-form.ts';
import { LANGUAGE_PARAMETER } from '#shared/i18n/languages.ts';
import { NO_SESSION } from '#shared/pages/page-data.ts';
import { STATUS_APPLICANT_PATH } from '#shared/pages/page-paths.ts';
import { validateSponsorLicenceNumber } from '#shared/validation/licence-number.ts';
import { placeOf, type SecurityEventPlace } from '../security/security-log.ts';
import type { NewStatusLinkResult } from '../services/new-status-link.ts';
import {
  statusResponseOf,
  type OpenedSubmission,
  type StatusAccess,
  type StatusRefusal,
} from '../services/status-access.ts';
import type { FormSessions, FormSessionValues } from './form-session-store.ts';
import { localAddress } from './local-address.ts';
import { formField, noRoomNow, pathOf, tooMany, type PageFormHandler, type PageResult } from './page-form-handlers.ts';
import { noDocumentsError, sendDocuments, statusRefusalError } from './status-answers.ts';

export interface StatusFormsOptions {
  readonly access: StatusAccess;
  /** Asks for a new link for an expired one (the API's own service). */
  readonly requestNewLink: (
    token: string,
    licenceNumber: string,
    place: SecurityEventPlace,
    log: FastifyBaseLogger,
  ) => Promise<NewStatusLinkResult>;
  readonly now: () => Date;
}

/** How long the status pages stay open after the licence number opened them. */
export const STATUS_OPEN_MS = 30 * 60_000;

/**
 * Keeps the status pages of `token` open for the browser whose session keeps that link (the app
 * opened them with the status call): as the licence form does, under a new id. A browser keeping
 * no link, or another one, is left as it is; a session that cannot be written (its limits) only
 * means the number is asked again after a refresh, so the status call is answered all the same.
 */
export async function keepStatusOpen(
  sessions: FormSessions,
  now: () => Date,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): Promise<void> {
  if ((await sessions.read(request)).statusToken !== token) return;
  try {
    await sessions.update(
      request,
      reply,
      (kept) => (kept.statusToken === token ? { ...kept, statusOpenedAt: now(), notice: null } : undefined),
      { renew: true },
    );
  } catch (error) {
    request.log.warn({ err: error }, 'The status pages could not be kept open for the browser');
  }
}

/** The status of the page showing each view. */
const CODES: Record<StatusView['kind'], number> = {
  ask: 200,
  loading: 200,
  loaded: 200,
  expiredLink: 200,
  invalidLink: 404,
  licenceError: 422,
  locked: 429,
  failed: 503,
};

/** The page saying a status link was over its address's status budget, with the seconds to wait (1 to 60). */
const linkTooMany = (retryAfterSeconds: number): PageResult => ({
  kind: 'problem',
  code: 429,
  problem: { kind: 'linkTooMany' },
  retryAfterSeconds: Number.isSafeInteger(retryAfterSeconds) ? Math.min(Math.max(retryAfterSeconds, 1), 60) : 60,
});

/** The query of a request. */
const queryOf = (request: FastifyRequest) => new URLSearchParams(request.url.split('?')[1] ?? '');

/** The status page's and each application's page's forms and addresses. */
export function createStatusForms(options: StatusFormsOptions): PageFormHandler {
  const { access, now } = options;

  /** True while the status pages the licence number opened for the kept token stay open. */
  const isOpen = (kept: FormSessionValues) =>
    kept.statusToken !== null &&
    kept.statusOpenedAt !== null &&
    now().getTime() - kept.statusOpenedAt.getTime() < STATUS_OPEN_MS;

  /** The status page (of the address answered) with `outcome`. */
  const show = (
    outcome: Omit<StatusFormOutcome, 'licenceNumber'> & { licenceNumber?: string },
    code = CODES[outcome.view.kind],
    token?: string,
  ): PageResult => ({
    kind: 'page',
    code,
    view: {
      outcome: { status: { licenceNumber: '', ...outcome } },
      ...(token !== undefined && { session: { ...NO_SESSION, statusToken: token } }),
    },
  });

  /** The view of a refusal: the API's answer to it, read as the browser reads that answer. */
  const refusedView = (refusal: StatusRefusal): StatusView => {
    const error = statusRefusalError(refusal);
    return refusedStatusView(error.statusCode, { error: error.error, ...error.fields });
  };
  const codeOf = (view: StatusView) =>
    view.kind === 'licenceError' && view.rule === 'tooManyRequests' ? 429 : CODES[view.kind];

  /** The documents asked for, as a file; a page saying why there is none when there is none. */
  async function download(
    request: FastifyRequest,
    reply: FastifyReply,
    submission: OpenedSubmission,
    asked: string,
  ): Promise<PageResult> {
    const ids =
      asked === DOWNLOAD_APPROVED
        ? submission.applications.filter((a) => a.status === 'approved').map((a) => a.reference)
        : [asked];
    const documents = await access.documents(submission, ids);
    // No room to draw it now: the service's apology, whose "Try again" sends the download again.
    if (documents.outcome === 'busy') return noRoomNow(request, documents.retryAfterSeconds);
    if (documents.outcome === 'ok') {
      sendDocuments(reply, documents);
      return { kind: 'sent' };
    }
    const view: StatusView = { kind: 'loaded', response: statusResponseOf(submission) };
    return show({ view, download: 'noDocument' }, noDocumentsError(documents).statusCode);
  }

  return {
    paths: ['/status', STATUS_APPLICANT_PATH],

    async get(request, reply, forms, target) {
      const query = new URLSearchParams(target.query);
      const token = query.get(STATUS_TOKEN_PARAMETER);
      if (token !== null) {
        // Opening a link is a status call: it spends the status budget, never the sessions budget
        // of anonymous visitors, which a busy address may have used up.
        const spent = await forms.limits.take(request.ip, 'status');
        if (!spent.allowed) {
          forms.securityLog.record('rate-limited', placeOf(request), 'status');
          return linkTooMany(spent.retryAfterSeconds);
        }
        const verdict = await access.check(token);
        query.delete(STATUS_TOKEN_PARAMETER);
        // The email's language, which web-app.ts has kept as a language link's choice.
        query.delete(LANGUAGE_PARAMETER);
        const rest = query.size === 0 ? '' : `?${query}`;
        if (verdict === 'valid' && target.shown) {
          // A new link's token replaces the one kept, as in the browser; the pages it opened close.
          await forms.sessions.update(
            request,
            reply,
            (kept) => ({ ...kept, statusToken: token, statusOpenedAt: null, notice: null }),
            { renew: true, verifiedStatusLink: true },
          );
        }
        // Shown at once, at the address without the token, which the browser shows in its place
        // (decision 059): a redirect would cost a phone a round trip more.
        if (verdict === 'valid') return { kind: 'page', view: { address: `${localAddress(target.path)}${rest}` } };
        // Shown at once from its address (the expired page's form posts back to it): nothing is kept.
        const view: StatusView = { kind: verdict === 'expired' ? 'expiredLink' : 'invalidLink' };
        return show({ view }, undefined, verdict === 'expired' ? token : '');
      }
      const limited = query.get(STATUS_LIMITED_PARAMETER);
      if (limited !== null) return linkTooMany(Number.parseInt(limited, 10));
      const kept = await forms.sessions.read(request);
      if (!isOpen(kept)) return undefined;
      const opened = await access.reopen(kept.statusToken!, placeOf(request));
      const view: StatusView =
        opened.outcome === 'ok'
          ? { kind: 'loaded', response: statusResponseOf(opened.submission) }
          : refusedView(opened);
      return show({ view }, codeOf(view));
    },

    async post(request, reply, forms) {
      const kept = await forms.sessions.read(request);
      // The expired link's page is shown from its address, and its form posts back to it.
      const token = queryOf(request).get(STATUS_TOKEN_PARAMETER) ?? kept.statusToken;
      const licenceNumber = formField(request.body, STATUS_FORM_FIELDS.licenceNumber) ?? '';
      const render = (outcome: Omit<StatusFormOutcome, 'licenceNumber'>, code?: number) =>
        show({ licenceNumber, ...outcome }, code);
      if (token === null) return render({ view: { kind: 'invalidLink' } });
      // Every form of these pages tries the link, and most a licence number: a status call, from
      // the same budget as the API's.
      const spent = await forms.limits.take(request.ip, 'status');
      if (!spent.allowed) return tooMany(request, spent.retryAfterSeconds);
      const rule = validateSponsorLicenceNumber(licenceNumber)['sponsor-licence-number'];

      if (formField(request.body, STATUS_FORM_FIELDS.action) === 'new-link') {
        const expired: StatusView = { kind: 'expiredLink' };
        if (rule === 'required') return render({ view: expired, newLink: 'required' }, 422);
        let asked: NewStatusLinkResult;
        try {
          asked = await options.requestNewLink(token, licenceNumber, placeOf(request), request.log);
        } catch (error) {
          request.log.error({ err: error }, 'Asking for a new status link from a form failed');
          return render({ view: expired, newLink: 'failed' }, 503);
        }
        if (asked.outcome === 'invalid') {
          const view = refusedView({ outcome: 'invalid' });
          return render({ view }, codeOf(view));
        }
        // Not reached from the page, which asks for a number first: told as the failure it would be.
        if (asked.outcome === 'licenceRequired') return render({ view: expired, newLink: 'failed' }, 503);
        return render({ view: expired, newLink: 'sent' });
      }

      const asked = formField(request.body, STATUS_FORM_FIELDS.download);
      const open = asked !== undefined && isOpen(kept) && token === kept.statusToken;
      if (!open && rule !== undefined) return render({ view: { kind: 'licenceError', rule } });
      const opened = open
        ? await access.reopen(token, placeOf(request))
        : await access.open(token, licenceNumber, placeOf(request));
      if (opened.outcome !== 'ok') {
        const view = refusedView(opened);
        return render({ view }, codeOf(view));
      }
      if (asked !== undefined) return download(request, reply, opened.submission, asked);
      // Open now: the pages are shown by their addresses while they stay open, under a new id.
      await forms.sessions.update(
        request,
        reply,
        (current) => ({ ...current, statusToken: token, statusOpenedAt: now(), notice: null }),
        { renew: true },
      );
      return { kind: 'redirect', to: localAddress(pathOf(request)) };
    },
  };
}
