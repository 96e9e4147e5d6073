// The message of every rule: i18n keys `validation.<field>.<rule>` (en.json and ar.json). The
// keys are written out in full, not built from their parts, so a search finds each one and
// the translation test sees every key in use; the answers' are written beside their rules
// (answer-fields.ts), and the compiler checks below that each is its field's and rule's.
import { ANSWER_FIELDS, ANSWER_KEYS, type AnswerKey, type AnswerRules } from '../domain/answer-fields.ts';
import type { RuleName, ValidatedField } from './fields.ts';

/** The i18n key of the message of each rule of each field: the answers' (answer-fields.ts), then the others'. */
export const MESSAGE_KEYS = {
  ...(Object.fromEntries(ANSWER_KEYS.map((key) => [key, ANSWER_FIELDS[key].rules])) as {
    readonly [K in AnswerKey]: AnswerRules<K>;
  }),
  'country-of-departure': { fixedValue: 'validation.country-of-departure.fixedValue' },
  'lte-leave-date': {
    required: 'validation.lte-leave-date.required',
    validDate: 'validation.lte-leave-date.validDate',
    matchesDates: 'validation.lte-leave-date.matchesDates',
  },
  'sponsor-licence-number': {
    required: 'validation.sponsor-licence-number.required',
    doesNotMatch: 'validation.sponsor-licence-number.doesNotMatch',
    tooManyRequests: 'validation.sponsor-licence-number.tooManyRequests',
  },
  'application-reference': {
    required: 'validation.application-reference.required',
    format: 'validation.application-reference.format',
  },
  'check-code': {
    required: 'validation.check-code.required',
    validCode: 'validation.check-code.validCode',
  },
  'feedback-rating': { required: 'validation.feedback-rating.required' },
  'feedback-comment': {
    noControlCharacters: 'validation.feedback-comment.noControlCharacters',
    maxLength: 'validation.feedback-comment.maxLength',
  },
  'reuse-travel-details': { required: 'validation.reuse-travel-details.required' },
  'reuse-work-dates': { required: 'validation.reuse-work-dates.required' },
  group: {
    maxApplications: 'validation.group.maxApplications',
    sameGroup: 'validation.group.sameGroup',
    sameSponsor: 'validation.group.sameSponsor',
  },
} as const satisfies { readonly [F in ValidatedField]: { readonly [R in RuleName<F>]: `validation.${F}.${R}` } };

/** The i18n key of the error summary title, "There was an issue with one or more of your answers". */
export const ERROR_SUMMARY_TITLE_KEY = 'validation.errorSummaryTitle';

/** The i18n key of the message for a failed rule of a field (the summary title for a rule unknown at run time, say from an older stored state). */
export function messageKey<F extends ValidatedField>(field: F, rule: RuleName<F>): string {
  return (MESSAGE_KEYS[field] as Record<string, string>)[rule] ?? ERROR_SUMMARY_TITLE_KEY;
}
