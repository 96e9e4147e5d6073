// Every field a validator can report on, and the names of its rules in the order they are
// checked: a field reports the first rule it fails. Rule names are stable: they are stored in
// the form state, sent to analytics and returned by the server, and each has a message
// `validation.<field>.<rule>` (messages.ts). The answers' rules and longest values are declared
// with the answers (answer-fields.ts, decision 048); the other fields' here.
import {
  ANSWER_FIELDS,
  ANSWER_KEYS,
  answerField,
  answerKeysWhere,
  type AnswerKey,
  type AnswerRule,
  type LimitedKey,
} from '../domain/answer-fields.ts';

// The fields that are not answers of an applicant: values of a whole submission, and the
// questions of other pages than the journey's.
const OTHER_FIELD_RULES = {
  // Checked on submitted payloads: a fixed value, and the leave date the dates give.
  'country-of-departure': ['fixedValue'],
  'lte-leave-date': ['required', 'validDate', 'matchesDates'],
  // The status page: `doesNotMatch` and `tooManyRequests` are the server's answers.
  'sponsor-licence-number': ['required', 'doesNotMatch', 'tooManyRequests'],
  // The page for a new status link without the email: `format` is a reference that
  // parseApplicationReference cannot read (a character missing, a typo its check character catches).
  'application-reference': ['required', 'format'],
  // The check page of pre-clearance documents: `validCode` is a code whose check character holds.
  'check-code': ['required', 'validCode'],
  // The feedback page (decision 028): a rating, and a comment of several lines.
  'feedback-rating': ['required'],
  'feedback-comment': ['noControlCharacters', 'maxLength'],
  // The reuse pages of a group member (a set chosen, or none).
  'reuse-travel-details': ['required'],
  'reuse-work-dates': ['required'],
  // A submission as a whole.
  group: ['maxApplications', 'sameGroup', 'sameSponsor'],
} as const;

/** The rules of each field, in the order they are checked: every answer's (answer-fields.ts), then the others'. */
export const FIELD_RULES: { readonly [K in AnswerKey]: readonly AnswerRule<K>[] } & typeof OTHER_FIELD_RULES = {
  ...(Object.fromEntries(ANSWER_KEYS.map((key) => [key, Object.keys(ANSWER_FIELDS[key].rules)])) as unknown as {
    readonly [K in AnswerKey]: readonly AnswerRule<K>[];
  }),
  ...OTHER_FIELD_RULES,
};

/** A field a validator can report on: an answer key, or `country-of-departure` / `group` for whole submissions. */
export type ValidatedField = keyof typeof FIELD_RULES;

/** The rule names of one field. */
export type RuleName<F extends ValidatedField = ValidatedField> = (typeof FIELD_RULES)[F][number];

/** The failed rule of each failing field; fields that pass are absent. */
export type FieldErrors<F extends ValidatedField = ValidatedField> = { [K in F]?: RuleName<K> };

/** One failed rule, as a list item (the server's answer, analytics events). */
export type FieldError = { [F in ValidatedField]: { readonly field: F; readonly rule: RuleName<F> } }[ValidatedField];

/** The longest value (in characters, after trimming) of each free-text answer; the messages state the same numbers. */
export const MAX_LENGTHS = Object.fromEntries(
  answerKeysWhere((field) => field.maxLength !== undefined).map((key) => [key, answerField(key).maxLength]),
) as { readonly [K in LimitedKey]: number };

/** True when the text names a field a validator can report on. */
export function isValidatedField(field: string): field is ValidatedField {
  return Object.hasOwn(FIELD_RULES, field);
}
