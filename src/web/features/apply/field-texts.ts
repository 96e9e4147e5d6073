// The label and hint of each question's field, as i18n keys written out in full (so a search
// finds each one and the translation test sees them used).
import type { AnswerField } from '#shared/validation/checks.ts';

/** A field a question page asks for. */
export type QuestionField = Exclude<AnswerField, 'stay-length' | 'purpose-of-stay' | 'declaration'>;

/** The label (or legend) of each field, as check your answers also shows it. */
export const FIELD_LABEL_KEYS: Readonly<Record<QuestionField, string>> = {
  'sponsor-email': 'apply.fields.sponsor-email',
  'sponsor-name': 'apply.fields.sponsor-name',
  'sponsor-reference': 'apply.fields.sponsor-reference',
  'what-would-you-like-to-do': 'apply.fields.what-would-you-like-to-do',
  nationality: 'apply.fields.nationality',
  'family-name': 'apply.fields.family-name',
  'given-name': 'apply.fields.given-name',
  'one-name': 'apply.fields.one-name',
  'worker-email': 'apply.fields.worker-email',
  'date-of-birth': 'apply.fields.date-of-birth',
  'passport-number': 'apply.fields.passport-number',
  'passport-issue-date': 'apply.fields.passport-issue-date',
  'passport-expiry-date': 'apply.fields.passport-expiry-date',
  'port-of-departure': 'apply.fields.port-of-departure',
  'date-of-arrival': 'apply.fields.date-of-arrival',
  'method-of-arrival': 'apply.fields.method-of-arrival',
  'port-of-arrival': 'apply.fields.port-of-arrival',
  carrier: 'apply.fields.carrier',
  'flight-number': 'apply.fields.flight-number',
  'first-work-date': 'apply.fields.first-work-date',
  'last-work-date': 'apply.fields.last-work-date',
  'cos-reference': 'apply.fields.cos-reference',
};

/** The hint under a field, where it has one. */
export const FIELD_HINT_KEYS: Partial<Readonly<Record<QuestionField, string>>> = {
  'sponsor-email': 'apply.hints.sponsor-email',
  'sponsor-reference': 'apply.hints.sponsor-reference',
  nationality: 'apply.hints.nationality',
  'given-name': 'apply.hints.given-name',
  'one-name': 'apply.hints.one-name',
  'worker-email': 'apply.hints.worker-email',
  'passport-number': 'apply.hints.passport-number',
  'port-of-departure': 'apply.hints.port-of-departure',
  'port-of-arrival': 'apply.hints.port-of-arrival',
  carrier: 'apply.hints.carrier',
  'flight-number': 'apply.hints.flight-number',
  'cos-reference': 'apply.hints.cos-reference',
};

/** The labels of the three date inputs. */
export const DATE_PART_KEYS = { day: 'apply.day', month: 'apply.month', year: 'apply.year' } as const;

/** The text of each choice of the radios. */
export const OPTION_KEYS = {
  'single-application': 'apply.options.single-application',
  'group-application': 'apply.options.group-application',
  plane: 'apply.options.plane',
  road: 'apply.options.road',
} as const;

/** The hints of the fields picked from a list, while the list is a plain select (without JavaScript, or before the autocomplete is there). */
export const LIST_HINT_KEYS = {
  nationality: 'apply.listHints.nationality',
  'port-of-departure': 'apply.listHints.port-of-departure',
} as const;
