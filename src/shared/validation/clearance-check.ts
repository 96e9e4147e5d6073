// The check page's question (a document's check code and the worker's date of birth): one rule
// for the page, before it asks, and for the server, before it looks anything up. Kept apart from
// sections.ts so the check page loads it without every answer's checks.
import { parseDateParts, type DateParts } from '../dates/date-parts.ts';
import { toIsoDate } from '../dates/calendar.ts';
import { parseCheckCode } from '../domain/check-code.ts';
import { checkField } from './checks.ts';
import type { FieldErrors } from './fields.ts';

/** What the check page's question holds, as typed. */
export interface ClearanceCheckAnswers {
  readonly 'check-code': string;
  readonly 'date-of-birth': DateParts;
}

/** The fields of the question, in the order the page shows them. */
export const CLEARANCE_CHECK_FIELDS = ['check-code', 'date-of-birth'] as const;

/** The first rule each field fails at `now`; empty when the question can be asked. */
export function validateClearanceCheck(
  answers: ClearanceCheckAnswers,
  now: Date,
): FieldErrors<(typeof CLEARANCE_CHECK_FIELDS)[number]> {
  const errors: FieldErrors<(typeof CLEARANCE_CHECK_FIELDS)[number]> = {};
  if (answers['check-code'].trim() === '') errors['check-code'] = 'required';
  else if (parseCheckCode(answers['check-code']) === undefined) errors['check-code'] = 'validCode';
  const dateOfBirth = checkField('date-of-birth', { 'date-of-birth': answers['date-of-birth'] }, now);
  if (dateOfBirth !== undefined) errors['date-of-birth'] = dateOfBirth;
  return errors;
}

/** The question as the check call sends it, once it passes: the code as written by the service, the day as YYYY-MM-DD. */
export function clearanceCheckQuery(answers: ClearanceCheckAnswers): { checkCode: string; dateOfBirth: string } {
  const day = parseDateParts(answers['date-of-birth']);
  return {
    checkCode: parseCheckCode(answers['check-code']) ?? '',
    dateOfBirth: day === null ? '' : toIsoDate(day),
  };
}
