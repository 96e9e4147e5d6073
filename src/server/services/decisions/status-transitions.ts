// Which status may follow which is the shared domain's rule; this adds the caseworker's wording.
import {
  FINAL_STATUSES,
  isIn,
  isTransitionAllowed,
  type ApplicationStatus,
} from '#shared/domain/application-status.ts';

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

/** Throws a StatusChangeError saying why, unless `from` may become `to`. */
export function assertTransitionAllowed(applicantId: string, from: ApplicationStatus, to: ApplicationStatus): void {
  const refusal = transitionRefusal(applicantId, from, to);
  if (refusal !== undefined) throw refusal;
}

/** Why `from` may not become `to`, as a StatusChangeError (not thrown), or undefined when it may. */
export function transitionRefusal(
  applicantId: string,
  from: ApplicationStatus,
  to: ApplicationStatus,
): StatusChangeError | undefined {
  if (from === to) return new StatusChangeError('unchanged', `Application ${applicantId} is already ${to}`);
  if (isTransitionAllowed(from, to)) return undefined;
  const why = isIn(FINAL_STATUSES, from)
    ? `a ${from} application cannot be changed`
    : `a decided application can only be withdrawn`;
  return new StatusChangeError(
    'not-allowed',
    `Application ${applicantId} is ${from} and cannot be ${verb(to)}: ${why}`,
  );
}

function verb(status: ApplicationStatus): string {
  return status === 'in-progress' ? 'put back in progress' : status;
}
