// The status area's state: kept in memory for the visit only, never in session storage, because
// it holds the sponsor licence number and the applicants' details. The server's answer for the
// page (an expired or broken link shown at once, a form sent before the app ran) shows until the
// page acts itself.
import * as v from 'valibot';
import {
  NEW_STATUS_LINK_PATH,
  PDF_MAKER_PATH,
  PUBLIC_STATUS_PATH,
  STATUS_ERRORS,
  publicStatusResponseSchema,
} from '#shared/api/public-status.ts';
import { refusedStatusView, type NewLinkState, type RefusalBody, type StatusView } from '#shared/api/status-form.ts';
import type { PageData } from '#shared/pages/page-data.ts';
import { validateSponsorLicenceNumber } from '#shared/validation/licence-number.ts';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { createPageState } from '../../page-kit/page-state.ts';

interface StatusState {
  readonly token: string;
  readonly licenceNumber: string;
  readonly view: StatusView;
}

const store = createPageState<StatusState>({ token: '', licenceNumber: '', view: { kind: 'ask' } });

/** The status state of the link `token`: the server's answer, or the page's own; a page opened with another token starts afresh. */
export function useStatusState(token: string): StatusState {
  const kept = store.use(({ outcome }) => outcome.status && { token, ...outcome.status });
  return kept.token === token ? kept : { token, licenceNumber: '', view: { kind: 'ask' } };
}

/**
 * What the server's answer to a status form (sent without JavaScript) tells the page beyond the
 * statuses: a download that had no document, and how asking for a new link went.
 */
export function useStatusAnswer(): { readonly noDocument: boolean; readonly newLink: NewLinkState | undefined } {
  const answered = usePageData().outcome.status;
  return { noDocument: answered?.download === 'noDocument', newLink: answered?.newLink };
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, application/pdf' },
    body: JSON.stringify(body),
    // The token is in the body; nothing about the page goes with the request.
    referrerPolicy: 'no-referrer',
  });
}

/** Sends a status page's form, with the button pressed (`field`, `value`), to its address. */
async function sendForm(form: HTMLFormElement, field: string, value: string): Promise<Response> {
  const fields = new URLSearchParams();
  for (const [name, given] of new FormData(form)) if (typeof given === 'string') fields.append(name, given);
  fields.set(field, value);
  return fetch(form.getAttribute('action') ?? location.pathname, {
    method: 'POST',
    headers: { accept: 'application/pdf' },
    body: fields,
    referrerPolicy: 'no-referrer',
    credentials: 'same-origin',
  });
}

async function refusalBody(response: Response): Promise<RefusalBody> {
  try {
    const body = (await response.json()) as unknown;
    return typeof body === 'object' && body !== null ? (body as RefusalBody) : {};
  } catch {
    return {};
  }
}

/**
 * Checks the licence number and, when one is given, asks for the statuses.
 * Resolves to the view it ends in, so the page can report a refused number.
 */
export async function loadStatus(data: PageData, token: string, licenceNumber: string): Promise<StatusView> {
  const set = (state: StatusState) => store.set(data, state);
  const rule = validateSponsorLicenceNumber(licenceNumber)['sponsor-licence-number'];
  if (rule !== undefined) {
    const view: StatusView = { kind: 'licenceError', rule };
    set({ token, licenceNumber, view });
    return view;
  }
  set({ token, licenceNumber, view: { kind: 'loading' } });
  let view: StatusView;
  try {
    const response = await post(PUBLIC_STATUS_PATH, {
      publicAccessTokenJWT: token,
      sponsorLicenceNumber: licenceNumber,
    });
    if (response.ok) {
      const parsed = v.safeParse(publicStatusResponseSchema, await response.json());
      // A response with no items is an error too.
      view =
        parsed.success && parsed.output.items.length > 0
          ? { kind: 'loaded', response: parsed.output }
          : { kind: 'failed' };
    } else {
      view = refusedStatusView(response.status, await refusalBody(response));
    }
  } catch {
    view = { kind: 'failed' };
  }
  set({ token, licenceNumber, view });
  return view;
}

/** Shows the answer on the page again, as a new answer: the page moves the focus to it as after a check. */
export function showAgain(data: PageData): void {
  const state = store.get();
  store.set(data, { ...state, view: { ...state.view } });
}

/**
 * Asks for a new status link in place of an expired one. 'sent' whether or not the number
 * matched: the server answers the same either way, and the page can only say "if it matched".
 * A link the server does not accept at all turns the page into "Application not found".
 */
export async function requestNewLink(
  data: PageData,
  token: string,
  licenceNumber: string,
): Promise<'sent' | 'invalidLink' | 'failed'> {
  try {
    const response = await post(NEW_STATUS_LINK_PATH, {
      publicAccessTokenJWT: token,
      sponsorLicenceNumber: licenceNumber,
    });
    if (response.ok) return 'sent';
    if (response.status === 401 && (await refusalBody(response)).error === STATUS_ERRORS.invalidToken) {
      store.set(data, { token, licenceNumber, view: { kind: 'invalidLink' } });
      return 'invalidLink';
    }
    return 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * Downloads the documents of these applications and saves the file; throws when it fails. With the
 * licence number given on this page, by the API; on a page the server answered open (refreshed, or
 * opened again while the pages stay open), the number is the server's to know: `form`, the
 * button's form, is sent as the browser would send it without JavaScript, and answered the PDF.
 */
export async function downloadDocuments(
  applicantIds: readonly string[],
  form: { readonly element: HTMLFormElement | null; readonly field: string; readonly value: string },
): Promise<void> {
  const state = store.get();
  const response =
    state.licenceNumber === '' && form.element !== null
      ? await sendForm(form.element, form.field, form.value)
      : await post(PDF_MAKER_PATH, {
          publicAccessTokenJWT: state.token,
          sponsorLicenceNumber: state.licenceNumber,
          applicantIds,
        });
  if (!response.ok || response.headers.get('content-type') !== 'application/pdf')
    throw new Error(`The download answered ${response.status}`);
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const filename = (named ?? 'pre-clearance').replace(/\.pdf$/i, '');
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${filename}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
