// The status pages without JavaScript (decision 024). The emailed link's token is kept in the
// browser's session and taken out of the address (a redirect), as the browser does with it in
// session storage. The licence number is sent with every form of the pages and kept nowhere: the
// forms open the submission with the API's own code (attempts counted, lockout), and the page is
// rendered with what that came to; a download answers the PDF itself.
import type { FastifyBaseLogger } from 'fastify';
import { STATUS_TOKEN_PARAMETER } from '#shared/api/public-status.ts';
import {
  DOWNLOAD_APPROVED,
  refusedStatusView,
  STATUS_FORM_FIELDS,
  type StatusFormOutcome,
  type StatusView,
} from '#shared/api/status-form.ts';
import { validateSponsorLicenceNumber } from '#shared/validation/licence-number.ts';
import { HttpError } from './http-error.ts';
import { formField, type PageFormHandler } from './page-forms.ts';
import { sendDocuments, statusResponseOf, type StatusAccess } from './status-routes.ts';

export interface StatusFormsOptions {
  readonly access: StatusAccess;
  /** Asks for a new link for an expired one (the API's own code); an HttpError says why it is refused. */
  readonly requestNewLink: (token: string, licenceNumber: string, log: FastifyBaseLogger) => Promise<void>;
}

/** The status of the page showing each view. */
const CODES: Record<StatusView['kind'], number> = {
  ask: 200,
  loading: 200,
  loaded: 200,
  expiredLink: 200,
  invalidLink: 404,
  licenceError: 422,
  failed: 503,
};

/** The status page's and each application's page's forms, and the emailed link's token. */
export function createStatusForms(options: StatusFormsOptions): PageFormHandler {
  return {
    paths: ['/status', '/status/:applicantIndex'],

    async get(request, reply, forms) {
      const url = new URL(request.url, 'http://localhost');
      const token = url.searchParams.get(STATUS_TOKEN_PARAMETER);
      if (token === null) return;
      // A new link's token replaces the one kept, as in the browser.
      const session = await forms.sessions.read(request);
      await forms.sessions.write(request, reply, { ...session, statusToken: token.slice(0, 4096), notice: null });
      url.searchParams.delete(STATUS_TOKEN_PARAMETER);
      return reply.redirect(`${url.pathname}${url.search}`, 303);
    },

    async post(request, reply, forms) {
      const { statusToken: token } = await forms.sessions.read(request);
      const licenceNumber = formField(request.body, STATUS_FORM_FIELDS.licenceNumber) ?? '';
      const render = (outcome: Omit<StatusFormOutcome, 'licenceNumber'>, code = CODES[outcome.view.kind]) =>
        forms.render(request, reply, code, { status: { licenceNumber, ...outcome } });
      const refused = (error: unknown) => {
        if (!(error instanceof HttpError)) throw error;
        const view = refusedStatusView(error.statusCode, error.error);
        return render({ view }, view.kind === 'licenceError' && view.rule === 'tooManyRequests' ? 429 : undefined);
      };
      if (token === null) return render({ view: { kind: 'invalidLink' } });
      const rule = validateSponsorLicenceNumber(licenceNumber)['sponsor-licence-number'];

      if (formField(request.body, STATUS_FORM_FIELDS.action) === 'new-link') {
        const expired: StatusView = { kind: 'expiredLink' };
        if (rule === 'required') return render({ view: expired, newLink: 'required' }, 422);
        try {
          await options.requestNewLink(token, licenceNumber, request.log);
          return await render({ view: expired, newLink: 'sent' });
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 401) return refused(error);
          request.log.error({ err: error }, 'Asking for a new status link from a form failed');
          return render({ view: expired, newLink: 'failed' }, 503);
        }
      }

      if (rule !== undefined) return render({ view: { kind: 'licenceError', rule } });
      let submission;
      try {
        submission = await options.access.open(token, licenceNumber);
      } catch (error) {
        return refused(error);
      }
      const download = formField(request.body, STATUS_FORM_FIELDS.download);
      if (download === undefined) return render({ view: { kind: 'loaded', response: statusResponseOf(submission) } });
      const ids =
        download === DOWNLOAD_APPROVED
          ? submission.applications.filter((a) => a.status === 'approved').map((a) => a.applicantId)
          : [download];
      return sendDocuments(reply, await options.access.documents(submission, ids));
    },
  };
}
