import type { ApplicationStatus } from '../db/application-repository.ts';

// A decision can be withdrawn (the sponsor calls the worker's trip off, or a caseworker pulls an
// approval back), but is never turned into the opposite decision: a rejected worker applies
// again, so every email the sponsor received stays true of the application it names. A withdrawn
// application is final.
const allowedTransitions: Readonly<Record<ApplicationStatus, readonly ApplicationStatus[]>> = {
  'in-progress': ['approved', 'rejected', 'withdrawn'],
  approved: ['withdrawn'],
  rejected: ['withdrawn'],
  withdrawn: [],
};

export type StatusChangeProblem = 'not-found' | 'unchanged' | 'not-allowed' | 'reason-required' | 'reason-not-allowed';

/** A status change that cannot be made; the message is meant for the caseworker. */
export class StatusChangeError extends Error {
  readonly problem: StatusChangeProblem;

  constructor(problem: StatusChangeProblem, message: string) {
    super(message);
    this.name = 'StatusChangeError';
    this.problem = problem;
  }
}

export function isTransitionAllowed(from: ApplicationStatus, to: ApplicationStatus): boolean {
  return allowedTransitions[from].includes(to);
}

/** Throws a StatusChangeError saying why, unless `from` may become `to`. */
export function assertTransitionAllowed(applicantId: string, from: ApplicationStatus, to: ApplicationStatus): void {
  if (from === to) throw new StatusChangeError('unchanged', `Application ${applicantId} is already ${to}`);
  if (isTransitionAllowed(from, to)) return;
  const why =
    from === 'withdrawn'
      ? 'a withdrawn application cannot be changed'
      : `a decided application can only be withdrawn`;
  throw new StatusChangeError('not-allowed', `Application ${applicantId} is ${from} and cannot be ${verb(to)}: ${why}`);
}

function verb(status: ApplicationStatus): string {
  return status === 'in-progress' ? 'put back in progress' : status;
}
