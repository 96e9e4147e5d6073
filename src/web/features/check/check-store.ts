// The check page's state: what it shows, kept in memory for the visit only (it holds a worker's
// name and dates). A QR code's link is checked once: by the server when it renders the page (its
// answer comes with the page's data), or here when the browser came to the link without it.
import { useSyncExternalStore } from 'react';
import * as v from 'valibot';
import {
  CHECKS_LOCKED_ERROR,
  CLEARANCE_CHECK_PATH,
  clearanceCheckResponseSchema,
  EMPTY_CLEARANCE_CHECK,
  type ClearanceCheckView,
} from '#shared/api/clearance-check.ts';
import {
  clearanceCheckQuery,
  validateClearanceCheck,
  type ClearanceCheckAnswers,
} from '#shared/validation/clearance-check.ts';
import { CLEARANCE_TOKEN_PARAMETER } from '#shared/api/clearance-check-link.ts';
import { readPageData } from '../../app/read-page-data.ts';
import { useServerRender } from '../../app/server-render.ts';

interface CheckState {
  /** The QR code's token the view answers; null for the typed question. */
  readonly token: string | null;
  readonly view: ClearanceCheckView;
}

const ASK: ClearanceCheckView = { kind: 'ask', answers: EMPTY_CLEARANCE_CHECK, errors: {} };

// The server's answer to the link this page was loaded with, taken once.
const served = readPageData()?.check;
let state: CheckState = {
  token: served === undefined ? null : new URLSearchParams(location.search).get(CLEARANCE_TOKEN_PARAMETER),
  view: served ?? ASK,
};
const listeners = new Set<() => void>();
const set = (next: CheckState) => {
  state = next;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const current = () => state;

/** What the page shows for `token` (the QR code's, or null). Without JavaScript, the server's answer. */
export function useCheckView(token: string | null): ClearanceCheckView {
  // The server renders every request with this one module, whose state is no request's: there
  // the answer comes from the render itself (in the browser there is none).
  const answered = useServerRender()?.outcome.check;
  const kept = useSyncExternalStore(subscribe, current, current);
  if (answered !== undefined) return answered;
  if (kept.token === token) return kept.view;
  return token === null ? ASK : { kind: 'checking' };
}

/** Back to the empty question. */
export function checkAnother(): void {
  set({ token: null, view: ASK });
}

/** Checks the typed question (the page's rule first); resolves to the view it ends in. */
export async function checkTyped(answers: ClearanceCheckAnswers): Promise<ClearanceCheckView> {
  const errors = validateClearanceCheck(answers, new Date());
  if (Object.keys(errors).length > 0) {
    const view: ClearanceCheckView = { kind: 'ask', answers, errors };
    set({ token: null, view });
    return view;
  }
  return ask(null, clearanceCheckQuery(answers));
}

/** Checks a QR code's token, unless this page already has its answer. */
export async function checkToken(token: string): Promise<void> {
  if (state.token === token) return;
  await ask(token, { token });
}

async function ask(token: string | null, body: object): Promise<ClearanceCheckView> {
  set({ token, view: { kind: 'checking' } });
  let view: ClearanceCheckView;
  try {
    const response = await fetch(CLEARANCE_CHECK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      // The token and the date of birth are in the body; nothing about the page goes with the request.
      referrerPolicy: 'no-referrer',
    });
    if (response.ok) {
      view = { kind: 'result', result: v.parse(clearanceCheckResponseSchema, await response.json()) };
    } else if (response.status === 429 && (await errorOf(response)) === CHECKS_LOCKED_ERROR) {
      const seconds = Number(response.headers.get('retry-after') ?? '3600');
      view = { kind: 'locked', until: new Date(Date.now() + seconds * 1000).toISOString() };
    } else view = { kind: 'failed' };
  } catch {
    view = { kind: 'failed' };
  }
  set({ token, view });
  return view;
}

async function errorOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === 'string' ? body.error : '';
  } catch {
    return '';
  }
}
