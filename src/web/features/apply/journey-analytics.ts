// The journey's validation failures sent to analytics: the errors of the server's answer to a
// page's form, and the answers it refused when the applications were sent.
import { useCallback, useEffect } from 'react';
import { parseSavedFormState, type ErrorSection } from '#shared/journey/form-state.ts';
import type { JourneyPath } from '#shared/journey/paths.ts';
import type { SubmissionOutcome } from '#shared/journey/submission.ts';
import type { PageData } from '#shared/pages/page-data.ts';
import { trackValidationError } from '../../analytics/analytics.ts';

/** What the page at `path` does with the server's answer that keeps it (refused): each error of `section` goes to analytics. */
export function useTrackErrors(path: JourneyPath, section: ErrorSection): (data: PageData) => void {
  return useCallback(
    (data: PageData) => {
      const refused = parseSavedFormState(data.session.formState).errors[section] ?? {};
      for (const [field, rule] of Object.entries(refused)) trackValidationError(path, field, String(rule));
    },
    [path, section],
  );
}

/** Sends each answer the service refused when the applications were sent from `path` to analytics, once per answer of the server. */
export function useTrackRefusedAnswers(path: JourneyPath, submission: SubmissionOutcome | undefined): void {
  useEffect(() => {
    if (submission?.kind !== 'refused') return;
    for (const { field, rule } of submission.answers) trackValidationError(path, field, rule);
  }, [path, submission]);
}
