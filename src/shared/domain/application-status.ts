// An application's life: the statuses it can have, why a rejected one was rejected, and
// which status may follow which. The status page, the caseworker commands and the repositories
// take these values from here; the migrations' CHECK constraints repeat them in SQL, and
// src/server/db/domain-constraints.test.ts keeps those constraints equal to these lists.

/** An application's status. */
export const APPLICATION_STATUSES = ['in-progress', 'approved', 'rejected', 'withdrawn'] as const;
/** A value of APPLICATION_STATUSES. */
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Why an application was rejected: applied less than 3 days before arrival, failed credibility checks, or bad routing. */
export const REJECTION_REASONS = ['late', 'credibility', 'routing'] as const;
/** A value of REJECTION_REASONS. */
export type RejectionReason = (typeof REJECTION_REASONS)[number];

// A decision can be withdrawn (the sponsor calls the worker's trip off, or a caseworker pulls an
// approval back), but is never turned into the opposite decision: a rejected worker applies
// again, so every email the sponsor received stays true of the application it names. A withdrawn
// application is final.
/** The statuses each status may change to. */
const ALLOWED_TRANSITIONS: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  'in-progress': ['approved', 'rejected', 'withdrawn'],
  approved: ['withdrawn'],
  rejected: ['withdrawn'],
  withdrawn: [],
};

/** True when an application with status `from` may be changed to `to`. */
export function isTransitionAllowed(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return ALLOWED_TRANSITIONS[from].includes(to);
}
