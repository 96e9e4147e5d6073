// The journey's form state, as the server keeps it for the browser (decision 040): read from the
// server's answer the page is drawn from, the same on the server as it renders the page and in the
// browser. The journey moves only by the server's answers to the pages' forms (journey-form.tsx).
import { useMemo } from 'react';
import { parseSavedFormState, type FormState } from '#shared/journey/form-state.ts';
import type { SubmissionOutcome } from '#shared/journey/submission.ts';
import { usePageData } from '../../page-kit/page-data-context.ts';

/** What the server's answer to a journey form tells the page beyond the answers. */
export interface JourneyAnswer {
  /**
   * What the page's address says happened (decision 026), or null: the name of the group member
   * just deleted (`?deleted`), the email a saved application's new link went to (`?opened`).
   */
  readonly notice: string | null;
  /** Send was pressed on a page showing other answers than those kept: nothing was sent. */
  readonly answersChanged: boolean;
  /** Sending did not store the applications: why. */
  readonly submission: SubmissionOutcome | undefined;
}

/** The form state the page is drawn from, and what the server's answer to the last form says. */
export function useJourney(): { state: FormState; answer: JourneyAnswer } {
  const { session, outcome } = usePageData();
  const state = useMemo(() => parseSavedFormState(session.formState), [session.formState]);
  return {
    state,
    answer: {
      notice: session.notice,
      answersChanged: outcome.notice === 'answersChanged',
      submission: outcome.submission,
    },
  };
}
