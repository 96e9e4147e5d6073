// One validator per form section. A page submits its section; the validator returns
// `{ field: rule }` for the failing fields only (empty when the section passes). Validators get
// every answer of the applicant, because some rules compare fields of different sections.
import type { ApplicantAnswers } from '../domain/answers.ts';
import { checkField, type AnswerField } from './checks.ts';
import type { FieldErrors } from './fields.ts';

/** The fields of each section of the current applicant; `worker-email` is asked with the name (decision 006), `one-name` too (decision 029). */
export const SECTION_FIELDS = {
  sponsorContact: ['sponsor-email'],
  sponsorDetails: ['sponsor-name', 'sponsor-reference'],
  whatDo: ['what-would-you-like-to-do'],
  nationality: ['nationality'],
  passengerName: ['family-name', 'given-name', 'one-name', 'worker-email'],
  passengerDob: ['date-of-birth'],
  passport: ['passport-number', 'passport-issue-date', 'passport-expiry-date'],
  travel: ['port-of-departure', 'date-of-arrival', 'method-of-arrival', 'port-of-arrival', 'carrier', 'flight-number'],
  workDates: ['first-work-date', 'last-work-date'],
  cosReference: ['cos-reference'],
} as const satisfies Record<string, readonly AnswerField[]>;

/** A section of the current applicant. */
export type SectionName = keyof typeof SECTION_FIELDS;

/** The fields of one section. */
export type SectionField<S extends SectionName> = (typeof SECTION_FIELDS)[S][number];

/** What a section validator returns: the failed rule of each failing field of the section. */
export type SectionErrors<S extends SectionName> = FieldErrors<SectionField<S>>;

/** The section names, in the order of the journey's questions. */
export const SECTION_NAMES = Object.keys(SECTION_FIELDS) as SectionName[];

/** Validates one section of the applicant's answers at `now`. */
export function validateSection<S extends SectionName>(
  section: S,
  answers: ApplicantAnswers,
  now: Date,
): SectionErrors<S> {
  const errors: Partial<Record<AnswerField, string>> = {};
  for (const field of SECTION_FIELDS[section] as readonly AnswerField[]) {
    const rule = checkField(field, answers, now);
    if (rule !== undefined) errors[field] = rule;
  }
  return errors as SectionErrors<S>;
}

/** Validates every section of an applicant: empty when the applicant can be sent (check your answers, group members). */
export function validateApplicant(answers: ApplicantAnswers, now: Date): FieldErrors<SectionField<SectionName>> {
  return Object.assign({}, ...SECTION_NAMES.map((section) => validateSection(section, answers, now))) as FieldErrors<
    SectionField<SectionName>
  >;
}
