// The check page's state: what it shows, kept in memory for the visit only (it holds a worker's
// name and dates). A QR code's link is checked once: by the server when it renders the page (its
// answer comes with the page's data), or here when the browser came to the link without it.
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
import type { PageData } from '#shared/pages/page-data.ts';
import { createPageState } from '../../page-kit/page-state.ts';

interface CheckState {
  /** The QR code's token the view answers; null for the typed question. */
  readonly token: string | null;
  readonly view: ClearanceCheckView;
}

const ASK: ClearanceCheckView = { kind: 'ask', answers: EMPTY_CLEARANCE_CHECK, errors: {} };

const store = createPageState<CheckState>({ token: null, view: ASK });

/** What the page shows for `token` (the QR code's, or null): the server's answer, or the page's own. */
export function useCheckView(token: string | null): ClearanceCheckView {
  const kept = store.use(({ outcome }) => outcome.check && { token, view: outcome.check });
  if (kept.token === token) return kept.view;
  return token === null ? ASK : { kind: 'checking' };
}

/** Back to the question: empty, or with the check code of a "not valid" answer filled in again. */
export function checkAnother(data: PageData, checkCode = ''): void {
  const view: ClearanceCheckView =
    checkCode === ''
      ? ASK
      : { kind: 'ask', answers: { ...EMPTY_CLEARANCE_CHECK, 'check-code': checkCode }, errors: {} };
  store.set(data, { token: null, view });
}

/** Checks the typed question (the page's rule first); resolves to the view it ends in. */
export async function checkTyped(data: PageData, answers: ClearanceCheckAnswers): Promise<ClearanceCheckView> {
  const errors = validateClearanceCheck(answers, new Date());
  if (Object.keys(errors).length > 0) {
    const view: ClearanceCheckView = { kind: 'ask', answers, errors };
    store.set(data, { token: null, view });
    return view;
  }
  const query = clearanceCheckQuery(answers);
  return ask(data, null, query, query.checkCode);
}

/** Checks a QR code's token, unless the server answered it with the page or this page already has its answer. */
export async function checkToken(data: PageData, token: string): Promise<void> {
  if (data.outcome.check !== undefined || store.get().token === token) return;
  await ask(data, token, { token });
}

/** Asks the check call; `checkCode`, the code typed (none for a QR code), stays with the answer. */
async function ask(
  data: PageData,
  token: string | null,
  body: object,
  checkCode?: string,
): Promise<ClearanceCheckView> {
  store.set(data, { token, view: { kind: 'checking' } });
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
      const result = v.parse(clearanceCheckResponseSchema, await response.json());
      view = { kind: 'result', result, ...(checkCode !== undefined && { checkCode }) };
    } else if (response.status === 429) {
      view = { kind: 'locked', until: await retryTimeOf(response) };
    } else view = { kind: 'failed' };
  } catch {
    view = { kind: 'failed' };
  }
  store.set(data, { token, view });
  return view;
}

/**
 * When a refused check may be made again (an ISO time on the whole minute, shown as HH:MM): the
 * time the service's limit gave, else the Retry-After of any other limit (the minute's budget).
 */
async function retryTimeOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown; retryAt?: unknown };
    if (
      body.error === CHECKS_LOCKED_ERROR &&
      typeof body.retryAt === 'string' &&
      !Number.isNaN(Date.parse(body.retryAt))
    )
      return new Date(body.retryAt).toISOString();
  } catch {
    // Not the service's own answer: its Retry-After says.
  }
  const seconds = Number(response.headers.get('retry-after'));
  const at = Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000;
  return new Date(Math.ceil(at / 60_000) * 60_000).toISOString();
}
