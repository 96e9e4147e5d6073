// Sending the applications with JavaScript: the flow is sending.ts's, the same as without
// JavaScript; here is its transport. The attempt is saved before the request goes; a second click
// while sending does nothing. What the service answers decides what the user sees next (decision
// 017): the receipts; the refused answers with links to change them (400); what happened and what
// to do (409, 429); or the service error with "Try again" (5xx, no answer).
import { useCallback, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  NEW_FROM_CONCESSION_PATH,
  newFromConcessionResponseSchema,
  submissionRefusalSchema,
  toReceipt,
  type NewFromConcessionRequest,
  type RefusedAnswer,
} from '#shared/api/new-from-concession.ts';
import { planSend, settleSend, type SendResult } from '#shared/journey/sending.ts';
import { answersFingerprint, type SubmissionOutcome } from '#shared/journey/submission.ts';
import type { JourneyPath } from '#shared/journey/paths.ts';
import { trackValidationError } from '../../analytics/analytics.ts';
import { getJourneyState, useJourney, useJourneyAnswer } from './journey-store.ts';

/** Where sending stands; `refused` carries the answers the service refused. */
export type SubmitStatus = { readonly kind: 'idle' | 'sending' } | SubmissionOutcome;

async function refusedAnswers(response: Response): Promise<readonly RefusedAnswer[] | undefined> {
  try {
    const parsed = v.safeParse(submissionRefusalSchema, await response.json());
    return parsed.success ? parsed.output.details : undefined;
  } catch {
    return undefined;
  }
}

/** Posts `body` to the service and reads what came of it. */
async function post(body: NewFromConcessionRequest): Promise<SendResult> {
  try {
    const response = await fetch(NEW_FROM_CONCESSION_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status === 400) {
      const answers = await refusedAnswers(response);
      // A 400 without details is a fault of this page, not of the answers: the service error.
      return answers === undefined ? { kind: 'failed' } : { kind: 'refused', answers };
    }
    if (response.status === 409) return { kind: 'conflict' };
    if (response.status === 429) return { kind: 'tooMany' };
    if (response.status !== 200 && response.status !== 201) return { kind: 'failed' };
    const items = v.parse(newFromConcessionResponseSchema, await response.json());
    // An answer for a different number of applications is no answer.
    if (items.length !== body.length) return { kind: 'failed' };
    return { kind: 'stored', receipts: items.map(toReceipt) };
  } catch {
    // Everything typed is still in the form state; the page offers to try again.
    return { kind: 'failed' };
  }
}

/** Sends the applications from the page at `path` (refused answers are sent to analytics with it). */
export function useSubmitApplications(path: JourneyPath): { submit: () => Promise<void>; status: SubmitStatus } {
  const { follow } = useJourney();
  // Without JavaScript, the server sent them, and renders what came of it.
  const sent = useJourneyAnswer().submission;
  const [status, setStatus] = useState<SubmitStatus>(sent ?? { kind: 'idle' });
  const inFlight = useRef(false);

  const submit = useCallback(async () => {
    if (inFlight.current) return;
    const state = getJourneyState();
    // The page shows the answers this tab keeps: their fingerprint is the one shown.
    const plan = planSend(state, {
      path,
      shown: answersFingerprint(state),
      now: new Date(),
      randomUuid: () => crypto.randomUUID(),
    });
    if (plan.kind === 'go') follow({ state: plan.state ?? state, goTo: plan.to });
    if (plan.kind !== 'send') return;
    inFlight.current = true;
    setStatus({ kind: 'sending' });
    try {
      follow({ state: plan.state });
      const settled = settleSend(getJourneyState(), await post(plan.body), new Date());
      if (settled.kind === 'stored') {
        follow({ state: settled.state ?? getJourneyState(), goTo: settled.goTo });
        return;
      }
      if (settled.state !== undefined) follow({ state: settled.state });
      setStatus(settled.outcome);
      if (settled.outcome.kind === 'refused')
        for (const { field, rule } of settled.outcome.answers) trackValidationError(path, field, rule);
    } finally {
      inFlight.current = false;
    }
  }, [follow, path]);

  return { submit, status };
}
