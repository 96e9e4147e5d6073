// The statuses a member of staff may set, each as an action of the console and the CLI: the status
// it sets and what it asks for. Letting staff set a status is one entry here (and its words in the
// console's status-action-texts.ts); from which statuses it is offered is the transitions table's
// rule (application-status.ts), and the audit log, the console's page and route, and the CLI's
// command come from this table.
import { REJECTION_REASONS, type ApplicationStatus, type RejectionReason } from '#shared/domain/application-status.ts';
import { MAX_NOTE_LENGTH } from './staff-inputs.ts';

/**
 * What setting the status asks of the member of staff: `nothing`; `rejection-reason`, one of
 * REJECTION_REASONS (the sponsor's email gives it) and a note for the record, optional; `reason`,
 * why, for the record, typed (required in the console, optional from the CLI).
 */
export type StatusActionAsks = 'nothing' | 'rejection-reason' | 'reason';

export const STATUS_ACTIONS = {
  approve: { to: 'approved', asks: 'nothing' },
  reject: { to: 'rejected', asks: 'rejection-reason' },
  withdraw: { to: 'withdrawn', asks: 'reason' },
} as const satisfies Readonly<Record<string, { readonly to: ApplicationStatus; readonly asks: StatusActionAsks }>>;

/** An action that sets a status: a key of STATUS_ACTIONS. */
export type StatusActionName = keyof typeof STATUS_ACTIONS;

/** The actions that set a status, in the order the console offers them. */
export const STATUS_ACTION_NAMES = Object.keys(STATUS_ACTIONS) as StatusActionName[];

/** What a page asking for an action's inputs needs to know of them. */
export type AskedInputs =
  | Readonly<Record<never, never>>
  | { readonly reasons: readonly RejectionReason[]; readonly noteMaxLength: number }
  | { readonly reasonMaxLength: number };

/** The inputs `asks` takes, as a page offering the action shows them. */
export function askedInputs(asks: StatusActionAsks): AskedInputs {
  switch (asks) {
    case 'nothing':
      return {};
    case 'rejection-reason':
      return { reasons: REJECTION_REASONS, noteMaxLength: MAX_NOTE_LENGTH };
    case 'reason':
      return { reasonMaxLength: MAX_NOTE_LENGTH };
  }
}
