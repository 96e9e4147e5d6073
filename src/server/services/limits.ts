// Every budget of the service and what it allows, declared once (decision 050): a budget's maximum
// (a setting of config.ts, or a number no setting changes) and its window. Callers name the budget,
// never a number or a window; the API's routes, the pages' forms and the services spend it the same
// way (platform/rate-limits.ts), counted in the database so that every instance spends from the same
// budget (decision 026). A budget counted by something else than a client address (an email
// address, a staff member, a check code, a submission) keeps its own key, and takes its maximum and
// window from here all the same.
import type { Config } from '../config.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The settings (config.ts) that give a budget its maximum. */
export type LimitSettings = Pick<
  Config,
  'formRateLimit' | 'statusRateLimit' | 'submissionRateLimit' | 'sessionRateLimit' | 'checkRateLimit' | 'emailRateLimit'
>;

/** How a budget is declared: its maximum (a number, or the setting that gives it) in each window. */
interface LimitDeclaration {
  readonly max: number | keyof LimitSettings;
  readonly windowMs: number;
}

/** The budgets, each declared once. */
export const LIMITS = {
  /** Forms sent to the pages, and the journey's look-ups of certificate numbers, per client address. */
  forms: { max: 'formRateLimit', windowMs: MINUTE_MS },
  /** Status, document and new-link calls, status links opened and the status pages' forms, per client address. */
  status: { max: 'statusRateLimit', windowMs: MINUTE_MS },
  /** Submissions, per client address. */
  submissions: { max: 'submissionRateLimit', windowMs: MINUTE_MS },
  /** Anonymous sessions started by a first answer, per client address. */
  sessions: { max: 'sessionRateLimit', windowMs: HOUR_MS },
  /** Checks of documents (the check page, its form and its call), per client address. */
  checks: { max: 'checkRateLimit', windowMs: MINUTE_MS },
  /** Feedbacks stored, per client address: more than any person gives, few enough to keep the table clean. */
  feedback: { max: 10, windowMs: HOUR_MS },
  /** Staff sign-in requests (a start, a callback: two a sign-in), per client address: enough for a team behind one office address. */
  staffSignIns: { max: 120, windowMs: MINUTE_MS },
  /** The console's forms, per member of staff (counted by their id): far above a person's pace, far below a script's. */
  staffForms: { max: 120, windowMs: MINUTE_MS },
  /** Emails sent, per email address (counted by its hash: jobs/email-recipient-limit.ts). */
  emailsToAddress: { max: 'emailRateLimit', windowMs: HOUR_MS },
  /**
   * Typed checks that found nothing, per client address, that stop its typed checks for an hour
   * from the last of them (counted apart, by the failures kept: check-limits.ts).
   */
  checkFailures: { max: 10, windowMs: HOUR_MS },
  /** Failures of one check code from one client address that lock that code there (check-limits.ts). */
  checkCodeFailures: { max: 5, windowMs: HOUR_MS },
  /** New-link emails per submission, however often the right number is sent (services/new-status-link.ts). */
  statusLinkEmails: { max: 1, windowMs: 10 * MINUTE_MS },
} as const satisfies Record<string, LimitDeclaration>;

/** A budget of the service. */
export type Budget = keyof typeof LIMITS;

/** What a budget allows: at most `max` in each window of `windowMs`. */
export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

/** Every budget's limit, its maximum read from the settings. */
export type LimitsTable = Readonly<Record<Budget, Limit>>;

/** The table of `settings` (config.ts, parsed once at start-up). */
export function limitsTable(settings: LimitSettings): LimitsTable {
  const entries = Object.entries(LIMITS) as [Budget, LimitDeclaration][];
  return Object.fromEntries(
    entries.map(([budget, { max, windowMs }]) => [
      budget,
      { max: typeof max === 'number' ? max : settings[max], windowMs },
    ]),
  ) as Record<Budget, Limit>;
}

/** What spending one of a budget came to. */
export interface Spent {
  readonly allowed: boolean;
  /** Seconds until the window ends, when not allowed. */
  readonly retryAfterSeconds: number;
}

/** The budgets as the services spend them: by name, counted by a client address (or a staff member's id). */
export interface Limits {
  /** The table the budgets are spent from. */
  readonly table: LimitsTable;
  /** Spends one of `budget` for `key` (the request's `ip`, as the trusted proxies give it; a staff member's id). */
  take(key: string, budget: Budget): Promise<Spent>;
}
