// Who a member of staff is, as the services of the caseworker console and the CLI take it.
//
// One convention for every record of who acted:
// - `staff_audit.staff_id` is StaffMember.id: the identity provider's subject for the console,
//   `cli:<operating-system user>` for the caseworker CLI (no subject of ours begins so);
// - `status_changes.actor` and `licence_unlocks.actor` (older tables, whose lines already read so)
//   are `staff:<subject>` for the console and `caseworker:<operating-system user>` for the CLI,
//   as the CLI has always written them. staffActor and staffIdOfActor turn one into the other.

import { STATUS_ACTION_NAMES } from './status-actions.ts';

/** A member of staff as the sign-in (or the CLI) knows them. */
export interface StaffMember {
  /** The identity provider's subject; `cli:<user>` for the CLI. */
  readonly id: string;
  /** Their name at the time, for the audit log. */
  readonly name: string;
}

/** The actions the audit log records. Add one here; the table checks only their form. */
export const STAFF_ACTIONS = [
  // Each status a member of staff may set (status-actions.ts).
  ...STATUS_ACTION_NAMES,
  // Who holds an application (assignment.ts, migration 020).
  'assign',
  'unassign',
  'unlock',
  'resend-status-link',
  'export-decisions',
  // Who came to the console and what they looked at (an auditor's trail, migration 021).
  'sign-in',
  'sign-in-refused',
  'sign-out',
  'session-revoked',
  'end-sessions',
  'view-application',
  'search',
] as const;

const CLI_PREFIX = 'cli:';

/** The CLI's member of staff: the operating-system account. */
export function cliStaffMember(user: string): StaffMember {
  return { id: `${CLI_PREFIX}${user}`, name: user };
}

/** True for the CLI's member of staff. */
export function isCliStaff(staff: StaffMember): boolean {
  return staff.id.startsWith(CLI_PREFIX);
}

/** The actor written in status_changes and licence_unlocks for this member of staff. */
export function staffActor(staff: StaffMember): string {
  return isCliStaff(staff) ? `caseworker:${staff.id.slice(CLI_PREFIX.length)}` : `staff:${staff.id}`;
}

/**
 * The staff id behind an actor of status_changes, or undefined for the service's own actors
 * ('submission', 'automated', 'check:<name>').
 */
export function staffIdOfActor(actor: string): string | undefined {
  if (actor.startsWith('staff:')) return actor.slice('staff:'.length);
  if (actor.startsWith('caseworker:')) return `${CLI_PREFIX}${actor.slice('caseworker:'.length)}`;
  return undefined;
}

/** Who made a change: a member of staff (with their name when the audit log has it), or the service itself. */
export type ChangeAuthor =
  | { readonly kind: 'staff'; readonly id: string; readonly name: string | null }
  /** 'submission', 'automated', 'check:late', 'check:routing', 'check:credibility'. */
  | { readonly kind: 'service'; readonly actor: string };

/** The author of a status change from its actor and, when there is one, its audit line. */
export function changeAuthor(
  actor: string,
  audit?: { readonly staffId: string; readonly staffName: string },
): ChangeAuthor {
  if (audit !== undefined) return { kind: 'staff', id: audit.staffId, name: audit.staffName };
  const id = staffIdOfActor(actor);
  return id === undefined ? { kind: 'service', actor } : { kind: 'staff', id, name: null };
}

const MAX_STAFF_NAME = 200;

/**
 * Who an audit line names: the id, and the name trimmed to what the column keeps (200
 * characters), or the id again when the sign-in gave no name, so an odd name never stops an action.
 */
export function auditedStaff(staff: StaffMember): { readonly staffId: string; readonly staffName: string } {
  const name = staff.name.trim().slice(0, MAX_STAFF_NAME).trim();
  return { staffId: staff.id, staffName: name === '' ? staff.id.slice(0, MAX_STAFF_NAME) : name };
}
