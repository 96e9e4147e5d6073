// A group decided as a group: the applications of one submission, each with its automated
// checks, and the approval in one action of those that passed. The caseworker confirms a list;
// the approval takes that list or nothing.
//
// Every member of the list still in progress is locked first (in the order of their references,
// so that two group approvals cannot each hold a row the other waits for; a decided one is not
// locked, as the send-decisions job may be waiting to update it), then each must be in progress
// and still pass: a member a colleague decided meanwhile, or one whose checks fail now, leaves the
// whole list unapproved and the caseworker is shown what changed. So two staff approving one group
// at once approve it once: the second finds the first's approvals. Each member then gets its
// status change and audit line, and the submission one send-decisions job (decision 014): the
// approvals commit together, so the sponsor hears of them in one email.
import { isPlaceOfDepartureInIreland } from '#shared/countries/places.ts';
import { isOpen } from '#shared/domain/application-status.ts';
import {
  findApplication,
  listApplicationsOfSubmission,
  lockApplicationInProgress,
  type ApplicationRecord,
} from '../../db/application-repository.ts';
import { recordStaffAction } from '../../db/staff-audit-repository.ts';
import { applyStatusChange } from '../decisions/change-status.ts';
import { groupMembers, memberChecks, passedEveryCheck, type GroupMember } from './application-detail.ts';
import {
  changedMeanwhile,
  type ChangedMeanwhile,
  type NotFound,
  type StaffActionDependencies,
} from './staff-actions.ts';
import { auditedStaff, staffActor, type StaffMember } from './staff.ts';
import { readReference, type InvalidInput } from './staff-inputs.ts';

export interface GroupApprovalDependencies extends StaffActionDependencies {
  /** The routing rule; the shared list of places unless a test replaces it. */
  readonly isPlaceOfDepartureInIreland?: ((name: string) => boolean) | undefined;
}

export type GroupResult =
  | {
      readonly outcome: 'ok';
      /** The application the group was asked from. */
      readonly reference: string;
      readonly groupReference: string;
      readonly members: readonly GroupMember[];
    }
  | NotFound
  | InvalidInput;

/** The group of an application: its submission's applications, in the order sent, with their checks. */
export async function groupOfApplication(
  deps: GroupApprovalDependencies,
  input: { readonly reference: string },
): Promise<GroupResult> {
  const read = readReference(input.reference);
  if ('outcome' in read) return read;
  const application = await findApplication(deps.database, read.applicantId);
  if (application === undefined) return { outcome: 'not-found', reference: read.applicantId };
  const members = await listApplicationsOfSubmission(deps.database, application.submissionId);
  return {
    outcome: 'ok',
    reference: application.applicantId,
    groupReference: application.formGroupId,
    members: await groupMembers(
      deps.database,
      members,
      application.applicantId,
      deps.now(),
      deps.isPlaceOfDepartureInIreland ?? isPlaceOfDepartureInIreland,
    ),
  };
}

/** A member of the list that may not be approved any more: decided by someone, or failing a check now. */
export type ChangedMember = Omit<ChangedMeanwhile, 'outcome'> & { readonly why: 'decided' | 'fails-a-check' };

export type GroupApprovalResult =
  | {
      readonly outcome: 'done';
      readonly reference: string;
      /** The references approved, in the order of the list. */
      readonly approved: readonly string[];
      /** The audit line of each approval, in the same order. */
      readonly auditLineIds: readonly number[];
      readonly at: Date;
    }
  | { readonly outcome: 'changed-meanwhile'; readonly reference: string; readonly changed: readonly ChangedMember[] }
  | NotFound
  | InvalidInput;

/**
 * Approves every application of `members` (references of the group of `reference`, as the
 * confirmation page listed them), or none: see the top of this file.
 */
export async function approveGroup(
  deps: GroupApprovalDependencies,
  staff: StaffMember,
  input: { readonly reference: string; readonly members: readonly string[] },
): Promise<GroupApprovalResult> {
  const read = readReference(input.reference);
  if ('outcome' in read) return read;
  const listed: string[] = [];
  for (const typed of input.members) {
    const member = readReference(typed);
    if ('outcome' in member) return { outcome: 'invalid', field: 'members', problem: member.problem };
    if (!listed.includes(member.applicantId)) listed.push(member.applicantId);
  }
  if (listed.length === 0) return { outcome: 'invalid', field: 'members', problem: 'required' };
  const now = deps.now();
  const inIreland = deps.isPlaceOfDepartureInIreland ?? isPlaceOfDepartureInIreland;

  return deps.database.transaction(async (tx): Promise<GroupApprovalResult> => {
    const asked = await findApplication(tx, read.applicantId);
    if (asked === undefined) return { outcome: 'not-found', reference: read.applicantId };
    const locked = new Map<string, ApplicationRecord>();
    const changed: ChangedMember[] = [];
    for (const applicantId of [...listed].sort()) {
      // Only rows in progress are locked (see lockApplicationInProgress); one decided is reported.
      const application =
        (await lockApplicationInProgress(tx, applicantId)) ?? (await findApplication(tx, applicantId));
      // Only the group's own applications: a reference from elsewhere is not this confirmation's.
      if (application === undefined || application.submissionId !== asked.submissionId) {
        return { outcome: 'invalid', field: 'members', problem: 'unknown' };
      }
      locked.set(applicantId, application);
    }
    for (const applicantId of listed) {
      const application = locked.get(applicantId)!;
      const checks = await memberChecks(tx, application, now, inIreland);
      if (passedEveryCheck(application.status, checks)) continue;
      const { outcome: _changed, ...what } = await changedMeanwhile(tx, application);
      changed.push({ ...what, why: isOpen(application.status) ? 'fails-a-check' : 'decided' });
    }
    if (changed.length > 0) return { outcome: 'changed-meanwhile', reference: asked.applicantId, changed };

    const auditLineIds: number[] = [];
    for (const applicantId of listed) {
      const application = locked.get(applicantId)!;
      const { statusChangeId } = await applyStatusChange(tx, application, {
        to: 'approved',
        actor: staffActor(staff),
        now,
      });
      auditLineIds.push(
        await recordStaffAction(tx, {
          occurredAt: now,
          ...auditedStaff(staff),
          action: 'approve',
          applicantId,
          submissionId: application.submissionId,
          statusChangeId,
          // Which one action it was part of, for the audit log's reader.
          details: { approvedWithGroup: listed },
        }),
      );
    }
    return { outcome: 'done', reference: asked.applicantId, approved: listed, auditLineIds, at: now };
  });
}
