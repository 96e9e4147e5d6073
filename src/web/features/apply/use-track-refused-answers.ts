import { useEffect } from 'react';
import type { JourneyPath } from '#shared/journey/paths.ts';
import type { SubmissionOutcome } from '#shared/journey/submission.ts';
import { trackValidationError } from '../../analytics/analytics.ts';

/** Sends each answer the service refused when the applications were sent from `path` to analytics, once per answer of the server. */
export function useTrackRefusedAnswers(path: JourneyPath, submission: SubmissionOutcome | undefined): void {
  useEffect(() => {
    if (submission?.kind !== 'refused') return;
    for (const { field, rule } of submission.answers) trackValidationError(path, field, rule);
  }, [path, submission]);
}
