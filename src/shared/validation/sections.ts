// One validator per form section. A page submits its section; the validator returns
// `{ field: rule }` for the failing fields only (empty when the section passes). Validators get
// every answer of the applicant, because some rules compare fields of different sections.
import {
  ANSWER_KEYS,
  answerField,
  type AnswerKey,
  type AnswerSection,
  type KeyOfSection,
} from '../domain/answer-fields.ts';
import type { ApplicantAnswers } from '../domain/answers.ts';
import { checkField, type AnswerField } from './checks.ts';
import type { FieldErrors } from './fields.ts';

// Each section's fields are the answers declared with it (answer-fields.ts, decision 048), in the
// table's order; the sections follow their first field's place there. `worker-email` is asked with
// the name (decision 006), `one-name` too (decision 029).
const sections: Record<string, AnswerKey[]> = {};
for (const key of ANSWER_KEYS) {
  const { section } = answerField(key);
  if (section !== undefined) (sections[section] ??= []).push(key);
}

/** The fields of each section of the current applicant. */
export const SECTION_FIELDS = sections as unknown as { readonly [S in AnswerSection]: readonly KeyOfSection<S>[] };

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
