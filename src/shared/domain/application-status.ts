// An application's life: the statuses it can have, why a rejected one was rejected, which status
// may follow which, and the named sets of statuses the rest of the service asks about ("is it
// still open?", "does it hold its COS number?"). The status page, the console, the CLI, the jobs
// and the repositories take these values from here, so a new status is placed in each set once,
// here. The migrations repeat some of them in SQL (CHECK constraints, the predicates of partial
// indexes); src/server/db/domain-constraints.test.ts keeps those equal to these lists and sets.

/** An application's status. */
export const APPLICATION_STATUSES = ['in-progress', 'approved', 'rejected', 'withdrawn'] as const;
/** A value of APPLICATION_STATUSES. */
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Why an application was rejected: applied less than 3 days before arrival, failed credibility checks, or bad routing. */
export const REJECTION_REASONS = ['late', 'credibility', 'routing'] as const;
/** A value of REJECTION_REASONS. */
export type RejectionReason = (typeof REJECTION_REASONS)[number];

/** The status every application is stored with when the sponsor sends it. */
export const INITIAL_STATUS = 'in-progress' satisfies ApplicationStatus;

/** What each status is, in the terms the service asks about. Adding a status means answering these for it. */
interface StatusFacts {
  /**
   * `open`: not decided yet: in the caseworkers' queue, may be assigned, counted as "still being
   * checked" in the sponsor's decision email. `decided`: approved or rejected, a decision the
   * sponsor is emailed about. `final`: nothing may follow it.
   */
  readonly stage: 'open' | 'decided' | 'final';
  /**
   * It may still bring the worker to the UK: its certificate of sponsorship number counts as in use
   * (another application giving it is warned, decision 017) and its leave date stands.
   */
  readonly holdsCosNumber: boolean;
}

const STATUS_FACTS: Readonly<Record<ApplicationStatus, StatusFacts>> = {
  'in-progress': { stage: 'open', holdsCosNumber: true },
  approved: { stage: 'decided', holdsCosNumber: true },
  rejected: { stage: 'decided', holdsCosNumber: false },
  withdrawn: { stage: 'final', holdsCosNumber: false },
};

const statusesWhere = (test: (facts: StatusFacts) => boolean): readonly ApplicationStatus[] =>
  APPLICATION_STATUSES.filter((status) => test(STATUS_FACTS[status]));

/** Not decided yet: the caseworkers' queue, assignment, the automated checks' turn. */
export const OPEN_STATUSES = statusesWhere((facts) => facts.stage === 'open');
/** Approved or rejected: the decisions the sponsor's decision email announces and the export lists. */
export const DECIDED_STATUSES = statusesWhere((facts) => facts.stage === 'decided');
/** Nothing may follow: a withdrawn application stays withdrawn. */
export const FINAL_STATUSES = statusesWhere((facts) => facts.stage === 'final');
/**
 * Open or approved: the application may still bring the worker to the UK, so its certificate of
 * sponsorship number is in use (migration 011's index) and its leave date stands (the status page).
 */
export const COS_HOLDING_STATUSES = statusesWhere((facts) => facts.holdsCosNumber);
/**
 * The applications whose personal data the daily retention run deletes once their leave date is
 * long past: all but the open ones, which a caseworker still needs (migration 002's index).
 */
export const PURGEABLE_STATUSES = statusesWhere((facts) => facts.stage !== 'open');

/** True when `status` is one of `set` (one of the named sets above), narrowing nothing. */
export const isIn = (set: readonly ApplicationStatus[], status: ApplicationStatus): boolean => set.includes(status);
/** Not decided yet (OPEN_STATUSES). */
export const isOpen = (status: ApplicationStatus): boolean => isIn(OPEN_STATUSES, status);
/** Approved or rejected (DECIDED_STATUSES). */
export const isDecided = (status: ApplicationStatus): boolean => isIn(DECIDED_STATUSES, status);

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
