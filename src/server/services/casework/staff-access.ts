// Who came to the console and what they looked at, in the audit log beside the decisions (decision
// 039, "Later"): sign-ins, refused sign-ins, sign-outs, sessions an admin ended, application views
// and searches, each with the client address it came from. A search's words are never recorded
// (a passport number, a name): only what kind of thing it found, and how many.
import type { Database } from '../../db/database.ts';
import { recordStaffAction } from '../../db/staff-audit-repository.ts';
import type { SearchMatch } from './search.ts';
import { auditedStaff, type StaffMember } from './staff.ts';

/** Whom a refused sign-in names when the provider named nobody (a forged, expired or foreign callback). */
export const UNKNOWN_STAFF: StaffMember = { id: 'unknown:', name: 'Not signed in' };

export type StaffAccessEvent =
  | { readonly action: 'sign-in' }
  | { readonly action: 'sign-out' }
  /** `no-role`: signed in at the provider without a console role; `failed`: not a sign-in this browser started, or refused by the provider. */
  | { readonly action: 'sign-in-refused'; readonly why: 'no-role' | 'failed' | 'provider-refused' }
  | { readonly action: 'view-application'; readonly applicantId: string }
  /** What the search matched (never what was typed), and how many applications it found. */
  | { readonly action: 'search'; readonly matched: readonly SearchMatch[]; readonly found: number }
  /** An admin ended every session of the member of staff `staffId`. */
  | { readonly action: 'end-sessions'; readonly staffId: string; readonly sessions: number };

/** Records one access event of `staff` (UNKNOWN_STAFF when nobody is known) from `clientAddress`. */
export async function recordStaffAccess(
  deps: { readonly database: Database; readonly now: () => Date },
  staff: StaffMember,
  clientAddress: string,
  event: StaffAccessEvent,
): Promise<void> {
  const line = { occurredAt: deps.now(), ...auditedStaff(staff), action: event.action, clientAddress };
  switch (event.action) {
    case 'sign-in':
    case 'sign-out':
      await recordStaffAction(deps.database, line);
      return;
    case 'sign-in-refused':
      await recordStaffAction(deps.database, { ...line, reason: event.why });
      return;
    case 'view-application':
      await recordStaffAction(deps.database, { ...line, applicantId: event.applicantId });
      return;
    case 'search':
      await recordStaffAction(deps.database, {
        ...line,
        details: { matched: [...new Set(event.matched)], found: event.found },
      });
      return;
    case 'end-sessions':
      await recordStaffAction(deps.database, {
        ...line,
        details: { staffId: event.staffId, sessions: event.sessions },
      });
      return;
  }
}
