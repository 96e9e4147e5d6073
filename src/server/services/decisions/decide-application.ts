import { isPlaceOfDepartureInIreland } from '#shared/countries/places.ts';
import { isOpen, type ApplicationStatus, type RejectionReason } from '#shared/domain/application-status.ts';
import {
  findApplication,
  hasAutomatedDecision,
  recordChecksOutcome,
  recordStatusChange,
} from '../../db/application-repository.ts';
import type { Database } from '../../db/database.ts';
import { isPassportLostOrStolen } from '../../db/lost-stolen-passport-repository.ts';
import { firstFailingCheck } from './automated-checks.ts';
import { applyStatusChange } from './change-status.ts';

export type DecisionOutcome =
  | { readonly kind: 'approved' }
  | { readonly kind: 'rejected'; readonly reason: RejectionReason }
  /** Passed every check, and MANUAL_REVIEW leaves the decision to a caseworker. */
  | { readonly kind: 'awaiting-caseworker' }
  /** The checks ran before (a retried job), or a caseworker decided first: nothing done. */
  | { readonly kind: 'already-decided'; readonly status: ApplicationStatus }
  | { readonly kind: 'not-found' };

export interface DecideOptions {
  readonly manualReview: boolean;
  readonly now: Date;
  /** The routing rule; the shared list of places in the Republic of Ireland unless a test replaces it. */
  readonly isPlaceOfDepartureInIreland?: ((name: string) => boolean) | undefined;
}

/** The note on the audit line of an application that passed and waits for a caseworker. */
export const awaitingCaseworkerNote = 'passed automated checks; awaiting caseworker';

/**
 * Runs the automated checks on one application and records the outcome, with its audit line and
 * email job, in one transaction. The row is locked first, so a second run (a job retried after
 * its worker died) or a caseworker acting at the same moment waits, then finds it decided.
 */
export async function decideApplication(
  db: Database,
  applicantId: string,
  options: DecideOptions,
): Promise<DecisionOutcome> {
  const { now } = options;
  return db.transaction(async (tx): Promise<DecisionOutcome> => {
    const application = await findApplication(tx, applicantId, { forUpdate: true });
    if (application === undefined) return { kind: 'not-found' };
    if (!isOpen(application.status) || (await hasAutomatedDecision(tx, applicantId))) {
      return { kind: 'already-decided', status: application.status };
    }
    const { placeOfDeparture, passportNumber } = application;
    // Only a decided application loses its personal data, so an undecided one always has it.
    if (placeOfDeparture === null || passportNumber === null) {
      throw new Error(`Application ${applicantId} has no personal data left to check`);
    }

    const reason = await firstFailingCheck(
      { arrivalDate: application.arrivalDate, createdAt: application.createdAt, placeOfDeparture, passportNumber },
      {
        isPlaceOfDepartureInIreland: options.isPlaceOfDepartureInIreland ?? isPlaceOfDepartureInIreland,
        isPassportLostOrStolen: (number) => isPassportLostOrStolen(tx, number),
      },
    );
    // The outcome again on the application itself, for the caseworker's queue (migration 020).
    await recordChecksOutcome(tx, applicantId, reason === undefined ? 'passed' : 'failed');
    if (reason !== undefined) {
      await applyStatusChange(tx, application, { to: 'rejected', reason, actor: `check:${reason}`, now });
      return { kind: 'rejected', reason };
    }
    if (options.manualReview) {
      await recordStatusChange(tx, {
        applicantId,
        actor: 'automated',
        fromStatus: application.status,
        toStatus: application.status,
        reason: awaitingCaseworkerNote,
        changedAt: now,
      });
      return { kind: 'awaiting-caseworker' };
    }
    await applyStatusChange(tx, application, { to: 'approved', actor: 'automated', now });
    return { kind: 'approved' };
  });
}
