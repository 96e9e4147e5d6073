// Who works on an application: a caseworker takes one ("Assign to me") so colleagues see it is in
// hand, and lets it go ("Unassign"). Holding an application reserves nothing: a colleague may still
// decide it, take it over or let it go, and the page says who holds it. Each change is audited as
// the other staff actions are, in the transaction that makes it.
//
// As the status actions carry the status the page showed, these carry the holder the page showed
// (`expectedHolder`, '' for nobody): the application's row is locked first, so of two staff
// assigning one application at once, the second finds it held and is told by whom, and nothing
// changes.
import { isOpen } from '#shared/domain/application-status.ts';
import { findApplication } from '../../db/application-repository.ts';
import { deleteAssignee, findAssignee, saveAssignee } from '../../db/assignment-repository.ts';
import type { Assignee } from '../../db/casework-repository.ts';
import type { Database } from '../../db/database.ts';
import { recordStaffAction } from '../../db/staff-audit-repository.ts';
import { auditedStaff, type StaffMember } from './staff.ts';
import { readReference, type InvalidInput } from './staff-inputs.ts';

export interface AssignmentDependencies {
  readonly database: Database;
  readonly now: () => Date;
}

export interface AssignmentInput {
  /** The application reference as typed (any form parseApplicationReference reads). */
  readonly reference: string;
  /** The holder's staff id the page showed, '' for nobody; undefined to take it whoever holds it. */
  readonly expectedHolder?: string | undefined;
}

export type AssignmentResult =
  | { readonly outcome: 'done'; readonly reference: string; readonly holder: Assignee | null }
  /** Someone else took or let go of it after the page was shown: who holds it now. */
  | { readonly outcome: 'held-meanwhile'; readonly reference: string; readonly holder: Assignee | null }
  /**
   * `unchanged`: it is already so (held by this member of staff, or by nobody);
   * `not-in-progress`: a decided or withdrawn application is no one's work any more.
   */
  | {
      readonly outcome: 'not-allowed';
      readonly reference: string;
      readonly holder: Assignee | null;
      readonly problem: 'unchanged' | 'not-in-progress';
    }
  | { readonly outcome: 'not-found'; readonly reference: string }
  | InvalidInput;

/** Gives the application to this member of staff ("Assign to me"), from whoever held it. */
export function assignApplication(
  deps: AssignmentDependencies,
  staff: StaffMember,
  input: AssignmentInput,
): Promise<AssignmentResult> {
  return changeHolder(deps, staff, input, 'assign');
}

/** Lets the application go, whoever held it ("Unassign"). */
export function unassignApplication(
  deps: AssignmentDependencies,
  staff: StaffMember,
  input: AssignmentInput,
): Promise<AssignmentResult> {
  return changeHolder(deps, staff, input, 'unassign');
}

async function changeHolder(
  deps: AssignmentDependencies,
  staff: StaffMember,
  input: AssignmentInput,
  action: 'assign' | 'unassign',
): Promise<AssignmentResult> {
  const read = readReference(input.reference);
  if ('outcome' in read) return read;
  const { applicantId: reference } = read;
  const now = deps.now();
  return deps.database.transaction(async (tx): Promise<AssignmentResult> => {
    const application = await findApplication(tx, reference, { forUpdate: true });
    if (application === undefined) return { outcome: 'not-found', reference };
    const holder = await findAssignee(tx, reference);
    if (input.expectedHolder !== undefined && (holder?.id ?? '') !== input.expectedHolder) {
      return { outcome: 'held-meanwhile', reference, holder };
    }
    if (action === 'assign' ? holder?.id === staff.id : holder === null) {
      return { outcome: 'not-allowed', reference, holder, problem: 'unchanged' };
    }
    if (action === 'assign' && !isOpen(application.status)) {
      return { outcome: 'not-allowed', reference, holder, problem: 'not-in-progress' };
    }
    const audited = auditedStaff(staff);
    const taken = action === 'assign' ? { id: staff.id, name: audited.staffName, since: now } : null;
    if (taken === null) await deleteAssignee(tx, reference);
    else await saveAssignee(tx, reference, taken);
    await recordStaffAction(tx, {
      occurredAt: now,
      ...audited,
      action,
      applicantId: reference,
      submissionId: application.submissionId,
      // Staff ids only: whom it was taken from, or whom it was taken off.
      details: holder === null ? null : action === 'assign' ? { previousHolderId: holder.id } : { holderId: holder.id },
    });
    return { outcome: 'done', reference, holder: taken };
  });
}

export type ReadAssignmentResult =
  { readonly outcome: 'ok'; readonly reference: string; readonly holder: Assignee | null } | InvalidInput;

/** Who holds the application now (nobody for one that does not exist). */
export async function readAssignment(
  deps: { readonly database: Database },
  input: { readonly reference: string },
): Promise<ReadAssignmentResult> {
  const read = readReference(input.reference);
  if ('outcome' in read) return read;
  return {
    outcome: 'ok',
    reference: read.applicantId,
    holder: await findAssignee(deps.database, read.applicantId),
  };
}
