import type { Database } from '../db/database.ts';
import { decideApplication } from '../services/decisions/decide-application.ts';
import type { ServiceMetrics } from '../metrics/metrics.ts';
import type { JobHandler } from './job-handler.ts';
import { payloadString, PermanentJobError } from './job-handler.ts';

export interface DecideJobDependencies {
  readonly db: Database;
  readonly manualReview: boolean;
  /** Replaces the shared routing rule (tests). */
  readonly isPlaceOfDepartureInIreland?: ((name: string) => boolean) | undefined;
  readonly metrics?: ServiceMetrics | undefined;
}

/** `decide` { applicantId }: the automated checks. Safe to run twice: a decided application is left alone. */
export function createDecideHandler(deps: DecideJobDependencies): JobHandler {
  return async (payload, { now, logger }) => {
    const applicantId = payloadString(payload, 'applicantId');
    const outcome = await decideApplication(deps.db, applicantId, {
      manualReview: deps.manualReview,
      now,
      isPlaceOfDepartureInIreland: deps.isPlaceOfDepartureInIreland,
    });
    if (outcome.kind === 'not-found') throw new PermanentJobError(`No application ${applicantId} to decide`);
    if (outcome.kind !== 'already-decided') deps.metrics?.decision(outcome.kind);
    logger.info(
      { applicantId, outcome: outcome.kind, ...(outcome.kind === 'rejected' ? { reason: outcome.reason } : {}) },
      'Application checked',
    );
  };
}
