// What a member of staff does to an application: set its status (STATUS_ACTIONS), unlock the sponsor's
// licence lockout, send the sponsor a new status link. The caseworker console and the CLI both
// come here. Each action and its audit line commit in one transaction.
//
// Two members of staff may act on one application at the same moment. A status change locks the
// application's row first (as the automated decision does), then compares the status with the
// one the member of staff saw (`expectedStatus`): the second of two approvals waits for the first
// to commit, finds the status changed, and is refused with who changed it and when, so it writes
// no status change, no audit line and no email job. The CLI shows no status before acting and
// passes none: the transition rule alone then refuses a repeat ("already approved").
import { REJECTION_REASONS, type ApplicationStatus, type RejectionReason } from '#shared/domain/application-status.ts';
import { findApplication, type ApplicationRecord } from '../../db/application-repository.ts';
import type { Database, Queryable } from '../../db/database.ts';
import {
  findLatestStatusChange,
  findOwnStaffActions,
  recordStaffAction,
  type StaffAuditLine,
} from '../../db/staff-audit-repository.ts';
import { unlockLicence } from '../../db/status-access-repository.ts';
import { applyStatusChange } from '../decisions/change-status.ts';
import { transitionRefusal } from '../decisions/status-transitions.ts';
import { enqueueStatusLinkEmail } from '../new-status-link.ts';
import { auditedStaff, changeAuthor, isCliStaff, staffActor, type ChangeAuthor, type StaffMember } from './staff.ts';
import { holdsPersonalData, readNote, readReference, type InvalidInput } from './staff-inputs.ts';
import { STATUS_ACTIONS, type StatusActionName } from './status-actions.ts';

export interface StaffActionDependencies {
  readonly database: Database;
  readonly now: () => Date;
}

/** The status changed between what the member of staff saw and their action: to what, by whom, when. */
export interface ChangedMeanwhile {
  readonly outcome: 'changed-meanwhile';
  readonly reference: string;
  readonly status: ApplicationStatus;
  readonly by: ChangeAuthor;
  readonly at: Date;
}

/**
 * The action does not apply: `unchanged` (the status is already the one asked for),
 * `not-allowed` (the transition rule refuses it), `personal-data-deleted` (nobody left to email),
 * `sent-recently` (a new status link was enqueued for the submission in the last 10 minutes).
 * `message` is the caseworker's wording, in English (the CLI prints it).
 */
export interface NotAllowed {
  readonly outcome: 'not-allowed';
  readonly reference: string;
  readonly status: ApplicationStatus;
  readonly problem: 'unchanged' | 'not-allowed' | 'personal-data-deleted' | 'sent-recently';
  readonly message: string;
}

export interface NotFound {
  readonly outcome: 'not-found';
  readonly reference: string;
}

/** Who a status change's emails go to (the jobs read the stored addresses when they send). */
export type Recipients = 'sponsor' | 'sponsor-and-worker' | 'no-one';

export type StatusActionResult =
  | {
      readonly outcome: 'done';
      readonly reference: string;
      readonly from: ApplicationStatus;
      readonly to: ApplicationStatus;
      readonly reason: RejectionReason | undefined;
      readonly emailed: Recipients;
      readonly at: Date;
      /** The action's line in the staff audit log. */
      readonly auditLineId: number;
    }
  | ChangedMeanwhile
  | NotAllowed
  | NotFound
  | InvalidInput;

interface StatusActionInput {
  /** The application reference as typed (any form parseApplicationReference reads). */
  readonly reference: string;
  /** The status the member of staff saw; omitted by the CLI, which shows none. */
  readonly expectedStatus?: ApplicationStatus | undefined;
}

/** What setting a status takes: the action, and what it asks for (STATUS_ACTIONS). */
export interface SetStatusInput extends StatusActionInput {
  readonly action: StatusActionName;
  /**
   * `rejection-reason`: one of REJECTION_REASONS. `reason`: why, typed, kept in the audit log
   * (the console must give it; the CLI may not, as before).
   */
  readonly reason?: string | undefined;
  /** `rejection-reason`: a note for the audit log, optional. */
  readonly note?: string | undefined;
}

/**
 * Sets the status of STATUS_ACTIONS[action] with what the action asks for, audited; the status's
 * emails are scheduled with it (an approval's or rejection's decision email, decision 014; a
 * withdrawal's emails).
 */
export function setApplicationStatus(
  deps: StaffActionDependencies,
  staff: StaffMember,
  input: SetStatusInput,
): Promise<StatusActionResult> {
  const { action } = input;
  const { to, asks } = STATUS_ACTIONS[action];
  switch (asks) {
    case 'nothing':
      return changeStatus(deps, staff, input, { to, action });
    case 'rejection-reason': {
      const reason = REJECTION_REASONS.find((known) => known === input.reason);
      if (input.reason === undefined || input.reason.trim() === '')
        return Promise.resolve({ outcome: 'invalid', field: 'reason', problem: 'required' });
      if (reason === undefined) return Promise.resolve({ outcome: 'invalid', field: 'reason', problem: 'unknown' });
      const note = readNote('note', input.note);
      if ('outcome' in note) return Promise.resolve(note);
      return changeStatus(deps, staff, input, { to, action, reason, note: note.note, noteField: 'note' });
    }
    case 'reason': {
      const note = readNote('reason', input.reason);
      if ('outcome' in note) return Promise.resolve(note);
      if (note.note === undefined && !isCliStaff(staff))
        return Promise.resolve({ outcome: 'invalid', field: 'reason', problem: 'required' });
      return changeStatus(deps, staff, input, { to, action, note: note.note, noteField: 'reason' });
    }
  }
}

interface Change {
  readonly to: ApplicationStatus;
  readonly action: StatusActionName;
  readonly reason?: RejectionReason | undefined;
  /** Typed by the member of staff: kept in the audit log only. */
  readonly note?: string | undefined;
  /** The input the note was typed in, named when it is refused. */
  readonly noteField?: 'note' | 'reason';
}

async function changeStatus(
  deps: StaffActionDependencies,
  staff: StaffMember,
  input: StatusActionInput,
  change: Change,
): Promise<StatusActionResult> {
  const read = readReference(input.reference);
  if ('outcome' in read) return read;
  const { applicantId } = read;
  const now = deps.now();
  return deps.database.transaction(async (tx): Promise<StatusActionResult> => {
    const application = await findApplication(tx, applicantId, { forUpdate: true });
    if (application === undefined) return { outcome: 'not-found', reference: applicantId };
    const { status } = application;
    if (input.expectedStatus !== undefined && status !== input.expectedStatus) {
      return changedMeanwhile(tx, application);
    }
    const refusal = transitionRefusal(applicantId, status, change.to);
    if (refusal !== undefined) {
      const problem = refusal.problem === 'unchanged' ? 'unchanged' : 'not-allowed';
      return { outcome: 'not-allowed', reference: applicantId, status, problem, message: refusal.message };
    }
    if (change.note !== undefined && holdsPersonalData(change.note, application)) {
      return { outcome: 'invalid', field: change.noteField ?? 'note', problem: 'personal-data' };
    }
    const { statusChangeId } = await applyStatusChange(tx, application, {
      to: change.to,
      reason: change.reason,
      actor: staffActor(staff),
      now,
    });
    const auditLineId = await recordStaffAction(tx, {
      occurredAt: now,
      ...auditedStaff(staff),
      action: change.action,
      applicantId,
      submissionId: application.submissionId,
      statusChangeId,
      reason: change.reason ?? null,
      note: change.note ?? null,
    });
    return {
      outcome: 'done',
      reference: applicantId,
      from: status,
      to: change.to,
      reason: change.reason,
      emailed: recipients(application, change.to),
      at: now,
      auditLineId,
    };
  });
}

/** What changed an application since a member of staff saw it: its status now, who made it so and when. */
export async function changedMeanwhile(tx: Queryable, application: ApplicationRecord): Promise<ChangedMeanwhile> {
  const latest = await findLatestStatusChange(tx, application.applicantId);
  const audit =
    latest?.staffId != null && latest.staffName != null
      ? { staffId: latest.staffId, staffName: latest.staffName }
      : undefined;
  return {
    outcome: 'changed-meanwhile',
    reference: application.applicantId,
    status: application.status,
    by: latest === undefined ? { kind: 'service', actor: 'unknown' } : changeAuthor(latest.actor, audit),
    at: latest?.changedAt ?? application.updatedAt,
  };
}

function recipients(application: ApplicationRecord, to: ApplicationStatus): Recipients {
  // With the personal data deleted (retention) the jobs find no address and send nothing.
  if (application.sponsorEmail === null || application.familyName === null) return 'no-one';
  return to === 'withdrawn' && application.workerEmail !== null ? 'sponsor-and-worker' : 'sponsor';
}

export type UnlockResult =
  | {
      readonly outcome: 'done';
      readonly reference: string;
      readonly submissionId: string;
      /** When the lockout that was ended began; undefined when the submission was not locked. */
      readonly lockoutBeganAt: Date | undefined;
      readonly failuresCleared: number;
      readonly auditLineId: number;
    }
  | NotFound
  | InvalidInput;

/**
 * Ends the sponsor licence lockout of the submission the application belongs to and clears its
 * failed attempts (status-access-repository.ts), audited. Done even when there was nothing to end,
 * as the CLI always did: the audit line then says so (0 failures, no lockout).
 */
export async function unlockSubmissionLicence(
  deps: StaffActionDependencies,
  staff: StaffMember,
  input: { readonly reference: string },
): Promise<UnlockResult> {
  const read = readReference(input.reference);
  if ('outcome' in read) return read;
  const { applicantId } = read;
  const now = deps.now();
  return deps.database.transaction(async (tx): Promise<UnlockResult> => {
    const unlocked = await unlockLicence(tx, applicantId, staffActor(staff), now);
    if (unlocked === undefined) return { outcome: 'not-found', reference: applicantId };
    const auditLineId = await recordStaffAction(tx, {
      occurredAt: now,
      ...auditedStaff(staff),
      action: 'unlock',
      applicantId,
      submissionId: unlocked.submissionId,
      details: {
        lockoutBeganAt: unlocked.lockoutBeganAt?.toISOString() ?? null,
        failuresCleared: unlocked.failuresCleared,
      },
    });
    return { outcome: 'done', reference: applicantId, ...unlocked, auditLineId };
  });
}

export type ResendStatusLinkResult =
  | {
      readonly outcome: 'done';
      readonly reference: string;
      readonly submissionId: string;
      readonly auditLineId: number;
    }
  | NotAllowed
  | NotFound
  | InvalidInput;

/**
 * Sends the sponsor of the application's submission a new status link, to the sponsor address
 * stored for the submission (the `send-status-link` job of the sponsor's own request; the staff
 * member never gives an address). As for the sponsor, one link per submission in 10 minutes: a
 * second request in that window is refused as `sent-recently` and writes no audit line.
 */
export async function resendStatusLink(
  deps: StaffActionDependencies,
  staff: StaffMember,
  input: { readonly reference: string },
): Promise<ResendStatusLinkResult> {
  const read = readReference(input.reference);
  if ('outcome' in read) return read;
  const { applicantId } = read;
  const now = deps.now();
  return deps.database.transaction(async (tx): Promise<ResendStatusLinkResult> => {
    const application = await findApplication(tx, applicantId);
    if (application === undefined) return { outcome: 'not-found', reference: applicantId };
    const { submissionId, status } = application;
    const refuse = (problem: NotAllowed['problem'], message: string): NotAllowed => ({
      outcome: 'not-allowed',
      reference: applicantId,
      status,
      problem,
      message,
    });
    if (application.sponsorEmail === null) {
      return refuse('personal-data-deleted', 'The sponsor’s email address has been deleted (retention)');
    }
    if (!(await enqueueStatusLinkEmail(tx, submissionId, now))) {
      return refuse('sent-recently', 'A new status link was sent to the sponsor in the last 10 minutes');
    }
    const auditLineId = await recordStaffAction(tx, {
      occurredAt: now,
      ...auditedStaff(staff),
      action: 'resend-status-link',
      applicantId,
      submissionId,
    });
    return { outcome: 'done', reference: applicantId, submissionId, auditLineId };
  });
}

/** How long after an action its page still confirms it (the redirect's next page, a slow network). */
const DONE_SHOWN_FOR_MS = 10 * 60_000;

/**
 * The actions of `auditLineIds` that this member of staff took in the last minutes: what a page
 * may confirm as done. Another's lines, and old ones, are left out, so a confirmation cannot be
 * made to appear by anything but the action itself.
 */
export function recentOwnActions(
  deps: StaffActionDependencies,
  staff: StaffMember,
  auditLineIds: readonly number[],
): Promise<StaffAuditLine[]> {
  const since = new Date(deps.now().getTime() - DONE_SHOWN_FOR_MS);
  return findOwnStaffActions(deps.database, auditLineIds, auditedStaff(staff).staffId, since);
}
