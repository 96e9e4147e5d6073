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
  const { applicants, sponsor, fingerprint } = answersToSend(state);
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

/** The answers a send would send, and the same as text: the same text is the same submission. */
function answersToSend(state: FormState) {
  const applicants = applicantsToSend(state).map(answersOf);
  // One sponsor for the whole submission: the one the group overview and check your answers show.
  const sponsor = answersOf(state.current);
  return { applicants, sponsor, fingerprint: JSON.stringify([applicants, sponsorOf(sponsor)]) };
}

/**
 * A short fingerprint of what a send would send, which the pages that send carry: a send whose
 * fingerprint is not that of the answers kept now was pressed on a page showing other answers
 * (changed in another tab since). Not a secret: a 106-bit hash (two cyrb53) to tell versions apart.
 */
export function answersFingerprint(state: FormState): string {
  const text = answersToSend(state).fingerprint;
  return `${cyrb53(text, 0)}${cyrb53(text, 0x9e3779b9)}`;
}

// cyrb53 (public domain): a fast 53-bit string hash, written as 11 base-36 digits.
function cyrb53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36).padStart(11, '0');
}

/** Why sending did not store the applications: a failure or no answer, a used group id, too many tries, or refused answers. */
export type SubmissionOutcome =
  | { readonly kind: 'failed' | 'conflict' | 'tooMany' }
  | { readonly kind: 'refused'; readonly answers: readonly RefusedAnswer[] };
