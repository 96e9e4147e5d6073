// Sending the applications (spec §4 "Submit group"): the payload is built by the shared code,
// the attempt is saved before the request goes, so a retry after a failure or a reload sends
// the same group id and body and the server stores it once. A second click while sending does
// nothing.
import { useCallback, useRef, useState } from 'react';
import * as v from 'valibot';
import { NEW_FROM_CONCESSION_PATH, newFromConcessionResponseSchema, toReceipt } from '#shared/api/new-from-concession.ts';
import { buildSubmission } from '#shared/journey/submission.ts';
import { getJourneyState, useJourney } from './journey-store.ts';

export type SubmitStatus = 'idle' | 'sending' | 'failed';

export function useSubmitApplications(): { submit: () => Promise<void>; status: SubmitStatus } {
  const { dispatch } = useJourney();
  const [status, setStatus] = useState<SubmitStatus>('idle');
  const inFlight = useRef(false);

  const submit = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setStatus('sending');
    try {
      const { body, attempt } = buildSubmission(getJourneyState(), new Date(), () => crypto.randomUUID());
      dispatch({ type: 'submissionStarted', attempt });
      const response = await fetch(NEW_FROM_CONCESSION_PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      if (response.status !== 200 && response.status !== 201) throw new Error(`The service answered ${response.status}`);
      const items = v.parse(newFromConcessionResponseSchema, await response.json());
      if (items.length !== body.length) throw new Error('The service answered for a different number of applications');
      dispatch({ type: 'submissionSucceeded', receipts: items.map(toReceipt) });
    } catch {
      // Everything typed is still in the form state; the page offers to try again.
      setStatus('failed');
    } finally {
      inFlight.current = false;
    }
  }, [dispatch]);

  return { submit, status };
}
