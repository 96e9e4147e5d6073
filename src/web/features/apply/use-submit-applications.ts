// Sending the applications: the payload is built by the shared code,
// the attempt is saved before the request goes, so a retry after a failure or a reload sends
// the same group id and body and the server stores it once. A second click while sending does
// nothing. What the service answers decides what the user sees next (decision 017): the
// receipts; the refused answers with links to change them (400); what happened and what to do
// (409, 429); or the service error with "Try again" (5xx, no answer).
import { useCallback, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  NEW_FROM_CONCESSION_PATH,
  newFromConcessionResponseSchema,
  submissionRefusalSchema,
  toReceipt,
  type RefusedAnswer,
} from '#shared/api/new-from-concession.ts';
import { buildSubmission, type SubmissionOutcome } from '#shared/journey/submission.ts';
import type { JourneyPath } from '#shared/journey/paths.ts';
import { trackValidationError } from '../../analytics/analytics.ts';
import { useServerRender } from '../../app/server-render.ts';
import { getJourneyState, useJourney } from './journey-store.ts';

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

/** Sends the applications from the page at `path` (refused answers are sent to analytics with it). */
export function useSubmitApplications(path: JourneyPath): {
  submit: () => Promise<void>;
  status: SubmitStatus;
  sendAsNew: () => void;
} {
  const { dispatch } = useJourney();
  // Without JavaScript, the server sent them, and renders what came of it.
  const sent = useServerRender()?.outcome.submission;
  const [status, setStatus] = useState<SubmitStatus>(sent ?? { kind: 'idle' });
  const inFlight = useRef(false);

  const submit = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus({ kind: 'sending' });
    try {
      const { body, attempt } = buildSubmission(getJourneyState(), new Date(), () => crypto.randomUUID());
      dispatch({ type: 'submissionStarted', attempt });
      const response = await fetch(NEW_FROM_CONCESSION_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status === 400) {
        const answers = await refusedAnswers(response);
        // A 400 without details is a fault of this page, not of the answers: the service error.
        setStatus(answers === undefined ? { kind: 'failed' } : { kind: 'refused', answers });
        for (const { field, rule } of answers ?? []) trackValidationError(path, field, rule);
        return;
      }
      if (response.status === 409) {
        setStatus({ kind: 'conflict' });
        return;
      }
      if (response.status === 429) {
        setStatus({ kind: 'tooMany' });
        return;
      }
      if (response.status !== 200 && response.status !== 201)
        throw new Error(`The service answered ${response.status}`);
      const items = v.parse(newFromConcessionResponseSchema, await response.json());
      if (items.length !== body.length) throw new Error('The service answered for a different number of applications');
      dispatch({ type: 'submissionSucceeded', receipts: items.map(toReceipt) });
    } catch {
      // Everything typed is still in the form state; the page offers to try again.
      setStatus({ kind: 'failed' });
    } finally {
      inFlight.current = false;
    }
  }, [dispatch, path]);

  // After a 409, once the user has chosen to send again: under a new group id.
  const sendAsNew = useCallback(() => {
    dispatch({ type: 'submissionConflicted' });
    void submit();
  }, [dispatch, submit]);

  return { submit, status, sendAsNew };
}
