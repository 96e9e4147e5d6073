// How an answer reads, wherever it is shown: the label of each question's field (as i18n keys
// written out in full, so a search finds each one and the translation test sees them used), the
// words of each option, and the parts of check your answers; the value as the summary shows it is
// in answer-values.ts, apart, because it needs the country and place names that a question page
// does not load. Check your answers and the caseworker console show the sponsor's answers in these
// same words.
import {
  ANSWER_PARTS,
  answerField,
  answerKeysWhere,
  keysOfPart,
  type AnswerPart,
  type LabelledKey,
} from '../domain/answer-fields.ts';
import type { ApplicantAnswers } from '../domain/answers.ts';

/** A field a question page asks for (one with a label in the table of answers). */
export type QuestionField = LabelledKey;

const labelled = answerKeysWhere<QuestionField>((field) => field.label !== undefined);

/** The label (or legend) of each field, as check your answers also shows it (answer-fields.ts). */
export const FIELD_LABEL_KEYS = Object.fromEntries(labelled.map((key) => [key, answerField(key).label])) as Readonly<
  Record<QuestionField, string>
>;

/** The hint under a field, where it has one (answer-fields.ts). */
export const FIELD_HINT_KEYS: Partial<Readonly<Record<QuestionField, string>>> = Object.fromEntries(
  labelled.flatMap((key) => {
    const { hint } = answerField(key);
    return hint === undefined ? [] : [[key, hint]];
  }),
);

/** The text of each choice of the radios. */
export const OPTION_KEYS = {
  'single-application': 'apply.options.single-application',
  'group-application': 'apply.options.group-application',
  plane: 'apply.options.plane',
  road: 'apply.options.road',
} as const;

/** The titles of the parts of check your answers (the single-or-group choice is shown with the sponsor's answers). */
export const ANSWER_PART_TITLE_KEYS = {
  sponsor: 'apply.checkAnswers.sponsor',
  worker: 'apply.checkAnswers.worker',
  passport: 'apply.checkAnswers.passport',
  travel: 'apply.checkAnswers.travel',
  work: 'apply.checkAnswers.work',
} as const satisfies Partial<Record<AnswerPart, string>>;

/** The fields of each part of check your answers, in its rows' order (answer-fields.ts). */
export const PART_FIELDS = Object.fromEntries(
  ANSWER_PARTS.map((part) => [part, keysOfPart(part)]),
) as unknown as Readonly<Record<AnswerPart, readonly QuestionField[]>>;

/** A part of check your answers with a title of its own. */
export type TitledPart = keyof typeof ANSWER_PART_TITLE_KEYS;

/**
 * The parts of check your answers in order, each with its title's key and its fields: the
 * single-or-group choice among the sponsor's answers when `withChoice` (a single application's
 * check your answers; not a group's, nor a stored application, which does not keep it).
 */
export function answerParts(
  withChoice: boolean,
): Array<{ readonly part: TitledPart; readonly titleKey: string; readonly fields: readonly QuestionField[] }> {
  return (Object.keys(ANSWER_PART_TITLE_KEYS) as TitledPart[]).map((part) => ({
    part,
    titleKey: ANSWER_PART_TITLE_KEYS[part],
    fields: part === 'sponsor' && withChoice ? [...PART_FIELDS.sponsor, ...PART_FIELDS.application] : PART_FIELDS[part],
  }));
}

/** The sponsor's answers: shown for the whole group on the group overview and on each member's check your answers. */
export const SPONSOR_FIELDS: readonly QuestionField[] = PART_FIELDS.sponsor;

/** The fields a summary shows of `fields`: a road journey has no flight, and the one-name answer shows as the given names' value. */
export function shownFields<F extends QuestionField>(answers: ApplicantAnswers, fields: readonly F[]): F[] {
  return fields
    .filter((field) => answers['method-of-arrival'] === 'plane' || (field !== 'carrier' && field !== 'flight-number'))
    .filter((field) => field !== 'one-name');
}
