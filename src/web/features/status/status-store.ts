// The status area's state: kept in memory for the visit only, never in
// session storage, because it holds the sponsor licence number and the applicants' details.
import { useSyncExternalStore } from 'react';
import * as v from 'valibot';
import {
  NEW_STATUS_LINK_PATH,
  PDF_MAKER_PATH,
  PUBLIC_STATUS_PATH,
  STATUS_ERRORS,
  STATUS_TOKEN_PARAMETER,
  publicStatusResponseSchema,
} from '#shared/api/public-status.ts';
import { refusedStatusView, type NewLinkState, type RefusalBody, type StatusView } from '#shared/api/status-form.ts';
import { readPageData } from '../../app/read-page-data.ts';
import { useServerRender } from '../../app/server-render.ts';

import { validateSponsorLicenceNumber } from '#shared/validation/licence-number.ts';

interface StatusState {
  readonly token: string;
  readonly licenceNumber: string;
  readonly view: StatusView;
}

// The server's answer to the link this page was loaded with, when the link is broken or has
// expired: shown at once, without asking for the licence number first. Taken once, keyed to the
// link's token.
const served = readPageData()?.statusLink;
const linkToken =
  typeof location === 'undefined' ? null : new URLSearchParams(location.search).get(STATUS_TOKEN_PARAMETER);

let state: StatusState =
  served !== undefined && linkToken !== null
    ? { token: linkToken, licenceNumber: '', view: { kind: served } }
    : { token: '', licenceNumber: '', view: { kind: 'ask' } };
const listeners = new Set<() => void>();
const set = (next: StatusState) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const currentState = () => state;

/** The status state; a page opened with another token starts afresh. Without JavaScript, the server's answer to a form. */
export function useStatusState(token: string): StatusState {
  // The server renders every request with this one module, whose state is no request's: there
  // the answer comes from the render itself (in the browser there is none).
  const answered = useServerRender()?.outcome.status;
  const current = useSyncExternalStore(subscribe, currentState, currentState);
  if (answered !== undefined) return { token, licenceNumber: answered.licenceNumber, view: answered.view };
  return current.token === token ? current : { token, licenceNumber: '', view: { kind: 'ask' } };
}

/**
 * What the server's answer to a status form (sent without JavaScript) tells the page beyond the
 * statuses: a download that had no document, and how asking for a new link went. Read here so
 * that the pages need not tell a server render from the browser's, which has none.
 */
export function useStatusAnswer(): { readonly noDocument: boolean; readonly newLink: NewLinkState | undefined } {
  const answered = useServerRender()?.outcome.status;
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
export async function loadStatus(token: string, licenceNumber: string): Promise<StatusView> {
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
export function showAgain(): void {
  set({ ...state, view: { ...state.view } });
}

/**
 * Asks for a new status link in place of an expired one. 'sent' whether or not the number
 * matched: the server answers the same either way, and the page can only say "if it matched".
 * A link the server does not accept at all turns the page into "Application not found".
 */
export async function requestNewLink(token: string, licenceNumber: string): Promise<'sent' | 'invalidLink' | 'failed'> {
  try {
    const response = await post(NEW_STATUS_LINK_PATH, {
      publicAccessTokenJWT: token,
      sponsorLicenceNumber: licenceNumber,
    });
    if (response.ok) return 'sent';
    if (response.status === 401 && (await refusalBody(response)).error === STATUS_ERRORS.invalidToken) {
      set({ token, licenceNumber, view: { kind: 'invalidLink' } });
      return 'invalidLink';
    }
    return 'failed';
  } catch {
    return 'failed';
  }
}

/** Downloads the documents of these applications and saves the file; throws when it fails. */
export async function downloadDocuments(applicantIds: readonly string[]): Promise<void> {
  const response = await post(PDF_MAKER_PATH, {
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
