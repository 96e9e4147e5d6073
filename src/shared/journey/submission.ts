// What "Submit" sends: the group's applicants (or the single
// applicant), each as the payload per applicant, under one group id. An attempt that got no answer
// is sent again with the same group id and time, so the server stores it once.
import {
  buildApplicantPayload,
  newFormGroupId,
  type NewFromConcessionRequest,
  type RefusedAnswer,
} from '../api/new-from-concession.ts';
import type { ApplicantAnswers } from '../domain/answers.ts';
import { answersOf, type ApplicantSections, type FormState, type SubmissionAttempt } from './form-state.ts';
import { isGroupApplication } from './progress.ts';

/** The applicants a submission sends: the group's members, or the current applicant of a single application. */
export function applicantsToSend(state: FormState): readonly ApplicantSections[] {
  return isGroupApplication(state) ? state.group : [...state.group, state.current];
}

/** The request body, and the attempt to record before sending it (the one already recorded when the answers are unchanged). */
export function buildSubmission(
  state: FormState,
  now: Date,
  randomUuid: () => string,
): { body: NewFromConcessionRequest; attempt: SubmissionAttempt } {
  const applicants = applicantsToSend(state).map(answersOf);
  // One sponsor for the whole submission: the one the group overview and check your answers show.
  const sponsor = answersOf(state.current);
  const fingerprint = JSON.stringify([applicants, sponsorOf(sponsor)]);
  const attempt =
    state.submission !== null && state.submission.fingerprint === fingerprint
      ? state.submission
      : { formGroupId: newFormGroupId(randomUuid), createdDate: now.toISOString(), fingerprint };
  const createdAt = new Date(attempt.createdDate);
  const body = applicants.map((answers) => buildApplicantPayload(answers, sponsor, attempt.formGroupId, createdAt));
  return { body, attempt };
}

const sponsorOf = (answers: ApplicantAnswers) => [
  answers['sponsor-email'],
  answers['sponsor-name'],
  answers['sponsor-reference'],
];

/** Why sending did not store the applications: a failure or no answer, a used group id, too many tries, or refused answers. */
export type SubmissionOutcome =
  | { readonly kind: 'failed' | 'conflict' | 'tooMany' }
  | { readonly kind: 'refused'; readonly answers: readonly RefusedAnswer[] };
