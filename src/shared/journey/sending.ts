// Sending the applications, the same with JavaScript and without (decisions 017, 024 and 026):
// what a Send does before anything goes out (planSend), and what the service's answer does to the
// answers and the page (settleSend). Both are pure: the browser wraps them in its fetch and its
// store, the server in its session and the submission service. The attempt is recorded before the
// request goes, so a retry after a failure or a reload sends the same group id and body, which the
// service stores once.
import type { NewFromConcessionRequest } from '../api/new-from-concession.ts';
import type { Receipt } from '../domain/receipt.ts';
import type { FormState } from './form-state.ts';
import { firstStaleMember } from './page-forms.ts';
import { COMPLETE_PATH, GROUP_EDIT_PATH, type JourneyPath } from './paths.ts';
import { resolvePath } from './progress.ts';
import { journeyReducer } from './reducer.ts';
import { answersFingerprint, buildSubmission, type SubmissionOutcome } from './submission.ts';

/** What a Send does. */
export type SendPlan =
  /**
   * Nothing is sent: the page at `to` is shown instead (the answers no longer lead to the sending
   * page, or a member whose answers no longer pass is opened for changes). `state`, when given,
   * is the state to keep.
   */
  | { readonly kind: 'go'; readonly to: JourneyPath; readonly state?: FormState }
  /** Nothing is sent: the sending page showed other answers than those kept now. */
  | { readonly kind: 'changed' }
  /** `body` is sent, once `state` (the attempt recorded) is kept. */
  | { readonly kind: 'send'; readonly body: NewFromConcessionRequest; readonly state: FormState };

export interface SendRequest {
  /** The page Send was pressed on (check your answers or the group overview). */
  readonly path: JourneyPath;
  /** The fingerprint of the answers that page showed (answersFingerprint); undefined when it sent none. */
  readonly shown: string | undefined;
  readonly now: Date;
  /** A new random UUID, for a new group id. */
  readonly randomUuid: () => string;
}

/** What a Send of the answers `state` does. */
export function planSend(state: FormState, { path, shown, now, randomUuid }: SendRequest): SendPlan {
  // Sent from a page the answers no longer lead to (Back after sending, say): that page instead.
  const page = resolvePath(state, path, now);
  if (page !== path) return { kind: 'go', to: page };
  if (shown !== answersFingerprint(state)) return { kind: 'changed' };
  // A member whose answers no longer pass (a date now too close, say) is opened for changes.
  const stale = path === GROUP_EDIT_PATH ? firstStaleMember(state, now) : -1;
  if (stale >= 0) {
    const opened = journeyReducer(state, { type: 'editApplication', index: stale }, now);
    return { kind: 'go', to: opened.goTo as JourneyPath, state: opened.state };
  }
  const { body, attempt } = buildSubmission(state, now, randomUuid);
  return { kind: 'send', body, state: journeyReducer(state, { type: 'submissionStarted', attempt }, now).state };
}

/** What came of sending: the service stored the applications (its receipts), or did not (why). */
export type SendResult = { readonly kind: 'stored'; readonly receipts: readonly Receipt[] } | SubmissionOutcome;

/** What the answer to a Send leads to: `state` is the state to keep, undefined when it is unchanged. */
export type SendSettlement =
  /** The applications are stored: the complete page shows their receipts. */
  | { readonly kind: 'stored'; readonly state: FormState | undefined; readonly goTo: typeof COMPLETE_PATH }
  /** They are not: the sending page shows why (and keeps every answer). */
  | { readonly kind: 'notStored'; readonly state: FormState | undefined; readonly outcome: SubmissionOutcome };

/** What the answer `result` to a Send does to the answers kept now (`state`). */
export function settleSend(state: FormState, result: SendResult, now: Date): SendSettlement {
  if (result.kind === 'stored') {
    // A Send that arrived with another of the same answers finds them sent by the other: nothing changes.
    const sent = JSON.stringify(state.receipts) === JSON.stringify(result.receipts);
    const next = sent
      ? undefined
      : journeyReducer(state, { type: 'submissionSucceeded', receipts: result.receipts }, now).state;
    return { kind: 'stored', state: next, goTo: COMPLETE_PATH };
  }
  // The service holds another submission under this group id: the next Send tries a new one.
  const next =
    result.kind === 'conflict' ? journeyReducer(state, { type: 'submissionConflicted' }, now).state : undefined;
  return { kind: 'notStored', state: next, outcome: result };
}
