import { isDecided, isOpen, type ApplicationStatus, type RejectionReason } from '#shared/domain/application-status.ts';
import type { ApplicationRecord } from '../../db/application-repository.ts';
import { findApplication, recordStatusChange, updateApplicationStatus } from '../../db/application-repository.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { hurryDecisionEmail, scheduleDecisionEmail, scheduleWithdrawalEmail } from './decision-emails.ts';
import { assertTransitionAllowed, StatusChangeError } from './status-transitions.ts';

export interface StatusChange {
  readonly to: ApplicationStatus;
  /** Required for a rejection, refused otherwise. */
  readonly reason?: RejectionReason | undefined;
  /** Who decided: 'automated', 'check:<name>', 'caseworker:<user>' (the CLI), 'staff:<subject>' (casework/staff.ts). */
  readonly actor: string;
  readonly now: Date;
}

/**
 * Changes the status inside `tx`, with its audit line and, for an approval or rejection, the
 * submission's `send-decisions` job (decision 014), for a withdrawal its `send-withdrawal` job:
 * all commit together or not at all.
 * `application` must have been read with `forUpdate` in the same transaction. Returns the id of
 * the status change's audit line.
 */
export async function applyStatusChange(
  tx: Queryable,
  application: ApplicationRecord,
  change: StatusChange,
): Promise<{ readonly statusChangeId: number }> {
  const { applicantId, status: from } = application;
  if (change.to === 'rejected' && change.reason === undefined) {
    throw new StatusChangeError('reason-required', 'A rejection needs a reason: late, credibility or routing');
  }
  if (change.to !== 'rejected' && change.reason !== undefined) {
    throw new StatusChangeError('reason-not-allowed', 'Only a rejection has a reason');
  }
  assertTransitionAllowed(applicantId, from, change.to);
  const reason = change.reason ?? null;
  await updateApplicationStatus(tx, applicantId, change.to, reason, change.now);
  const statusChangeId = await recordStatusChange(tx, {
    applicantId,
    actor: change.actor,
    fromStatus: from,
    toStatus: change.to,
    reason,
    changedAt: change.now,
  });
  if (isDecided(change.to)) {
    // The job reads the statuses when it sends: a decision withdrawn before then is left out.
    await scheduleDecisionEmail(tx, application.submissionId, change.now);
  } else if (change.to === 'withdrawn') {
    if (isOpen(from)) {
      // Withdrawn: the decisions of the rest of the group need wait no longer for it. Never for
      // a decided application: see decision-emails.ts on the order of row locks.
      await hurryDecisionEmail(tx, application.submissionId, change.now);
    }
    // Whatever it was before, the sponsor (and the worker) are told; this locks no other row.
    await scheduleWithdrawalEmail(tx, applicantId, change.now);
  }
  return { statusChangeId };
}

/** A caseworker's (or any other single) status change in its own transaction. */
export async function changeApplicationStatus(
  db: Database,
  applicantId: string,
  change: StatusChange,
): Promise<{ readonly from: ApplicationStatus; readonly to: ApplicationStatus }> {
  return db.transaction(async (tx) => {
    const application = await findApplication(tx, applicantId, { forUpdate: true });
    if (application === undefined) throw new StatusChangeError('not-found', `No application has the id ${applicantId}`);
    await applyStatusChange(tx, application, change);
    return { from: application.status, to: change.to };
  });
}
