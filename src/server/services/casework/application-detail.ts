// Everything a caseworker needs on one application's page: its answers, the sponsor, the
// automated checks, its history, the rest of its group and what may be done to it now.
import { isPlaceOfDepartureInIreland } from '#shared/countries/places.ts';
import {
  isOpen,
  isTransitionAllowed,
  REJECTION_REASONS,
  type ApplicationStatus,
  type RejectionReason,
} from '#shared/domain/application-status.ts';
import { listedWorkerName } from '#shared/domain/worker-name.ts';
import {
  findApplication,
  listApplicationsOfSubmission,
  listStatusChanges,
  type ApplicationRecord,
  type StatusChangeRecord,
} from '../../db/application-repository.ts';
import { listDocumentsIssued } from '../../db/casework-repository.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { listClearanceChecks } from '../../db/document-repository.ts';
import { isPassportLostOrStolen } from '../../db/lost-stolen-passport-repository.ts';
import { listStaffActionsAbout, type StaffAuditLine } from '../../db/staff-audit-repository.ts';
import { listLicenceUnlocks, readLicenceState, type LicenceState } from '../../db/status-access-repository.ts';
import { applicationView, type ApplicationView } from '../applications/application-view.ts';
import { isLateApplication } from '../decisions/automated-checks.ts';
import { awaitingCaseworkerNote } from '../decisions/decide-application.ts';
import { waitingOf, type Waiting } from './queue.ts';
import { changeAuthor, type ChangeAuthor } from './staff.ts';
import { readReference, type InvalidInput } from './staff-inputs.ts';
import {
  askedInputs,
  STATUS_ACTION_NAMES,
  STATUS_ACTIONS,
  type AskedInputs,
  type StatusActionName,
} from './status-actions.ts';

/** The automated checks, in the order they run (decision 009). */
export type CheckName = 'late' | 'routing' | 'credibility';

/**
 * What the automated checks decided, as recorded. The checks stop at the first failure and only
 * its reason is recorded (`check:<name>` on the status change); a pass is recorded as the
 * approval, or with MANUAL_REVIEW as a note that it waits for a caseworker.
 */
export type RecordedChecks =
  | { readonly outcome: 'not-run' }
  | { readonly outcome: 'failed'; readonly check: RejectionReason; readonly at: Date }
  | { readonly outcome: 'passed'; readonly approved: boolean; readonly at: Date };

/**
 * The checks run again now on the stored answers, each on its own (not stopping at the first
 * failure). The database keeps only the recorded outcome above, not each check's result, so
 * this is what can honestly be shown of each: the late check gives the same answer as then (it
 * compares the arrival day with the day applied), the routing and credibility checks use today's
 * list of places and today's lost or stolen passports, which may have changed since.
 * Unavailable once the personal data is deleted.
 */
export type RecheckedChecks =
  | {
      readonly available: true;
      readonly at: Date;
      readonly checks: ReadonlyArray<{ readonly check: CheckName; readonly passed: boolean }>;
    }
  | { readonly available: false; readonly why: 'personal-data-deleted' };

export type HistoryEvent =
  | {
      readonly kind: 'status-change';
      readonly at: Date;
      readonly by: ChangeAuthor;
      readonly from: ApplicationStatus | null;
      readonly to: ApplicationStatus;
      /** The rejection reason, or the service's note (awaiting a caseworker). */
      readonly reason: string | null;
      /** What the member of staff typed (a withdrawal's reason, a rejection's note). */
      readonly staffNote: string | null;
    }
  | {
      readonly kind: 'licence-unlock';
      readonly at: Date;
      readonly by: ChangeAuthor;
      /** The application the unlock was asked from (any of the submission's). */
      readonly reference: string;
      readonly lockoutBeganAt: Date | undefined;
      readonly failuresCleared: number;
    }
  /** Another staff action on the application or its submission (a new status link, say). */
  | {
      readonly kind: 'staff-action';
      readonly at: Date;
      readonly by: ChangeAuthor;
      readonly action: string;
      readonly note: string | null;
    }
  | { readonly kind: 'document-issued'; readonly at: Date; readonly checkCode: string }
  | {
      readonly kind: 'clearance-check';
      readonly at: Date;
      readonly way: 'code' | 'token';
      readonly checkCode: string | null;
      readonly outcome: 'valid' | 'withdrawn' | 'not-valid';
    };

/** An action the page may offer, with what it needs. */
export type AllowedAction =
  | ({ readonly action: StatusActionName } & AskedInputs)
  | { readonly action: 'unlock'; readonly lockedSince: Date | undefined; readonly failedAttempts: number }
  | { readonly action: 'resend-status-link' };

/** What the automated checks found of one application: as recorded, and run again now. */
export interface MemberChecks {
  readonly recorded: RecordedChecks;
  readonly rechecked: RecheckedChecks;
}

export interface GroupMember {
  readonly reference: string;
  readonly workerName: string | null;
  readonly status: ApplicationStatus;
  readonly rejectionReason: RejectionReason | null;
  readonly checks: MemberChecks;
  /** In progress, passed when sent and passes every check again now: may be approved with the group. */
  readonly passed: boolean;
  /** True for the application of this page. */
  readonly current: boolean;
}

export interface ApplicationDetail {
  readonly reference: string;
  /** The submission's group id ("CWC-" and a UUID), as the sponsor's emails give it. */
  readonly groupReference: string;
  readonly submissionId: string;
  /** Post this back with an action: the action is refused when the status has changed since. */
  readonly status: ApplicationStatus;
  readonly rejectionReason: RejectionReason | null;
  readonly submittedAt: Date;
  readonly waiting: Waiting | undefined;
  /** YYYY-MM-DD, kept after the personal data is deleted. */
  readonly arrivalDate: string;
  readonly leaveDate: string;
  readonly personalDataDeletedAt: Date | null;
  /** Null once the personal data is deleted (retention). */
  readonly worker: ApplicationView['worker'];
  /** Every answer as sent and stored; null once deleted. */
  readonly answers: ApplicationView['answers'];
  readonly sponsor: ApplicationView['sponsor'];
  readonly licence: LicenceState;
  readonly automatedChecks: { readonly recorded: RecordedChecks; readonly rechecked: RecheckedChecks };
  /** Oldest first. */
  readonly history: HistoryEvent[];
  /** The applications sent together, in the order sent, this one included. */
  readonly group: GroupMember[];
  readonly actions: AllowedAction[];
}

export type ApplicationDetailResult =
  | { readonly outcome: 'ok'; readonly application: ApplicationDetail }
  | { readonly outcome: 'not-found'; readonly reference: string }
  | InvalidInput;

export interface ApplicationDetailDependencies {
  readonly database: Database;
  readonly now: () => Date;
  /** The routing rule; the shared list of places unless a test replaces it. */
  readonly isPlaceOfDepartureInIreland?: ((name: string) => boolean) | undefined;
}

export async function applicationDetail(
  deps: ApplicationDetailDependencies,
  input: { readonly reference: string },
): Promise<ApplicationDetailResult> {
  const read = readReference(input.reference);
  if ('outcome' in read) return read;
  const db = deps.database;
  const application = await findApplication(db, read.applicantId);
  if (application === undefined) return { outcome: 'not-found', reference: read.applicantId };
  const now = deps.now();
  const { applicantId, submissionId } = application;
  const view = applicationView(application);
  const inIreland = deps.isPlaceOfDepartureInIreland ?? isPlaceOfDepartureInIreland;
  const [changes, audit, unlocks, documents, checks, members, licence] = await Promise.all([
    listStatusChanges(db, applicantId),
    listStaffActionsAbout(db, applicantId, submissionId),
    listLicenceUnlocks(db, submissionId),
    listDocumentsIssued(db, applicantId),
    listClearanceChecks(db, applicantId),
    listApplicationsOfSubmission(db, submissionId),
    readLicenceState(db, submissionId, now),
  ]);
  const group = await groupMembers(db, members, applicantId, now, inIreland);
  const automatedChecks = group.find((member) => member.current)?.checks ?? {
    recorded: recordedChecks(changes),
    rechecked: await recheck(db, application, now, inIreland),
  };
  const history: HistoryEvent[] = [
    ...statusEvents(changes, audit),
    ...unlocks.map((unlock): HistoryEvent => {
      const line = audit.find(
        (l) =>
          l.action === 'unlock' &&
          l.occurredAt.getTime() === unlock.unlockedAt.getTime() &&
          l.applicantId === unlock.applicantId,
      );
      return {
        kind: 'licence-unlock',
        at: unlock.unlockedAt,
        by: changeAuthor(unlock.actor, line),
        reference: unlock.applicantId,
        lockoutBeganAt: unlock.lockoutBeganAt,
        failuresCleared: unlock.failuresCleared,
      };
    }),
    ...audit
      .filter((line) => line.statusChangeId === null && line.action !== 'unlock')
      .map((line): HistoryEvent => ({
        kind: 'staff-action',
        at: line.occurredAt,
        by: { kind: 'staff', id: line.staffId, name: line.staffName },
        action: line.action,
        note: line.note,
      })),
    ...documents.map((d): HistoryEvent => ({ kind: 'document-issued', at: d.issuedAt, checkCode: d.checkCode })),
    ...checks.map((c): HistoryEvent => ({ kind: 'clearance-check', at: c.checkedAt, ...withoutCheckedAt(c) })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());

  return {
    outcome: 'ok',
    application: {
      reference: applicantId,
      groupReference: application.formGroupId,
      submissionId,
      status: application.status,
      rejectionReason: application.decisionReason,
      submittedAt: application.createdAt,
      waiting: isOpen(application.status) ? waitingOf(application.createdAt, now) : undefined,
      arrivalDate: application.arrivalDate,
      leaveDate: application.leaveDate,
      personalDataDeletedAt: application.personalDataDeletedAt,
      worker: view.worker,
      answers: view.answers,
      sponsor: view.sponsor,
      licence,
      automatedChecks,
      history,
      group,
      actions: allowedActions(application, licence),
    },
  };
}

/** The members of a submission, in the order sent, each with its checks; `current` is the page's. */
export async function groupMembers(
  db: Queryable,
  members: readonly ApplicationRecord[],
  current: string,
  now: Date,
  inIreland: (name: string) => boolean,
): Promise<GroupMember[]> {
  // One after the other: a group is at most 10, and PGlite answers one query at a time anyway.
  const group: GroupMember[] = [];
  for (const member of members) {
    const checks = await memberChecks(db, member, now, inIreland);
    group.push({
      reference: member.applicantId,
      workerName: nameOf(member),
      status: member.status,
      rejectionReason: member.decisionReason,
      checks,
      passed: passedEveryCheck(member.status, checks),
      current: member.applicantId === current,
    });
  }
  return group;
}

/** One application's checks, as recorded and run again now. */
export async function memberChecks(
  db: Queryable,
  application: ApplicationRecord,
  now: Date,
  inIreland: (name: string) => boolean,
): Promise<MemberChecks> {
  const changes = await listStatusChanges(db, application.applicantId);
  return { recorded: recordedChecks(changes), rechecked: await recheck(db, application, now, inIreland) };
}

/**
 * True when an application may be approved with its group without a look of its own: in
 * progress, passed the checks when sent, and passes each again now (a passport reported lost
 * since, say, leaves it to be decided on its own).
 */
export function passedEveryCheck(status: ApplicationStatus, checks: MemberChecks): boolean {
  return (
    isOpen(status) &&
    checks.recorded.outcome === 'passed' &&
    checks.rechecked.available &&
    checks.rechecked.checks.every((check) => check.passed)
  );
}

const withoutCheckedAt = <T extends { readonly checkedAt: Date }>({ checkedAt: _at, ...rest }: T) => rest;

function nameOf(application: ApplicationRecord): string | null {
  return application.familyName === null || application.givenNames === null
    ? null
    : listedWorkerName(application.familyName, application.givenNames);
}

/** The status changes, each with the name and note of the member of staff who made it (their audit line). */
function statusEvents(changes: readonly StatusChangeRecord[], audit: readonly StaffAuditLine[]): HistoryEvent[] {
  return changes.map((change) => {
    const line = audit.find((l) => l.statusChangeId === change.id);
    return {
      kind: 'status-change',
      at: change.changedAt,
      by: changeAuthor(change.actor, line),
      from: change.fromStatus,
      to: change.toStatus,
      reason: change.reason,
      staffNote: line?.note ?? null,
    };
  });
}

function recordedChecks(changes: readonly StatusChangeRecord[]): RecordedChecks {
  const automated = changes.find((c) => c.actor === 'automated' || c.actor.startsWith('check:'));
  if (automated === undefined) return { outcome: 'not-run' };
  const failed = REJECTION_REASONS.find((reason) => automated.actor === `check:${reason}`);
  if (failed !== undefined) return { outcome: 'failed', check: failed, at: automated.changedAt };
  const approved = automated.toStatus === 'approved';
  // The only other automated line is the pass that waits for a caseworker (decide-application.ts).
  if (!approved && automated.reason !== awaitingCaseworkerNote) return { outcome: 'not-run' };
  return { outcome: 'passed', approved, at: automated.changedAt };
}

async function recheck(
  db: Queryable,
  application: ApplicationRecord,
  now: Date,
  inIreland: (name: string) => boolean,
): Promise<RecheckedChecks> {
  const { placeOfDeparture, passportNumber } = application;
  if (placeOfDeparture === null || passportNumber === null) {
    return { available: false, why: 'personal-data-deleted' };
  }
  return {
    available: true,
    at: now,
    checks: [
      { check: 'late', passed: !isLateApplication(application.arrivalDate, application.createdAt) },
      { check: 'routing', passed: inIreland(placeOfDeparture) },
      { check: 'credibility', passed: !(await isPassportLostOrStolen(db, passportNumber)) },
    ],
  };
}

function allowedActions(application: ApplicationRecord, licence: LicenceState): AllowedAction[] {
  const { status } = application;
  const actions: AllowedAction[] = [];
  for (const action of STATUS_ACTION_NAMES) {
    const { to, asks } = STATUS_ACTIONS[action];
    if (isTransitionAllowed(status, to)) actions.push({ action, ...askedInputs(asks) });
  }
  if (licence.lockedSince !== undefined || licence.failedAttempts > 0) {
    actions.push({ action: 'unlock', ...licence });
  }
  if (application.sponsorEmail !== null) actions.push({ action: 'resend-status-link' });
  return actions;
}
