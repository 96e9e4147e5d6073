// Who a signed-in caseworker is, as the console knows them: the identity provider's subject, a
// name to show, and the console's roles, read from a claim of the ID token (decision 038).

/** The roles the console knows; a provider's other roles are ignored. */
export const STAFF_ROLES = ['CASEWORKER', 'CASEWORKER_ADMIN'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffMember {
  /** The provider's subject (`sub`): stable, and not personal data in itself. */
  readonly id: string;
  readonly name: string;
  readonly email?: string;
  readonly roles: readonly StaffRole[];
}

const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.some((role) => role === value);

/**
 * The known roles in a roles claim, once each, in STAFF_ROLES' order. Providers send an array, or
 * (some) one space-separated string; anything else holds no role.
 */
export function knownRoles(claim: unknown): StaffRole[] {
  const values = Array.isArray(claim) ? (claim as unknown[]) : typeof claim === 'string' ? claim.split(/\s+/) : [];
  return STAFF_ROLES.filter((role) => values.some((value) => isStaffRole(value) && value === role));
}
