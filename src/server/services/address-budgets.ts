// What one client address may spend, per budget and window (decision 026): the services that limit
// an address (feedback) spend here, the way the pages' forms do. The
// counts are kept in the database, so every instance spends from the same budget.

/**
 * What a request spends: a form sent to the pages, a status call (the API's status, documents and
 * new-link calls, and the status pages' forms), a submission, a new session, a check of a
 * document, a feedback stored. (Checks that find nothing are counted apart: check-limits.ts.)
 */
export type Budget =
  | 'forms'
  | 'status'
  | 'submissions'
  | 'sessions'
  | 'checks'
  | 'feedback'
  /** Staff sign-ins started from an address, and the console's forms a member of staff sends (counted by their id). */
  | 'staffSignIns'
  | 'staffForms';

/** What spending one of a budget came to. */
export interface Spent {
  readonly allowed: boolean;
  /** Seconds until the window ends, when not allowed. */
  readonly retryAfterSeconds: number;
}

/** The budgets of client addresses (the request's `ip`, as the trusted proxies give it). */
export interface AddressBudgets {
  /** Spends one of `budget` for `address`, allowed while within `max` per `windowMs`. */
  take(address: string, budget: Budget, max: number, windowMs: number): Promise<Spent>;
  /** Whether `address` has `max` of `budget` left in the current window, spending none. */
  left(address: string, budget: Budget, max: number): Promise<Spent>;
}
