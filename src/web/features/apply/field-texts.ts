// The hint of each question's field, as i18n keys written out in full (so a search finds each
// one and the translation test sees them used); the labels and options are shared
// (#shared/journey/answer-texts.ts), as the caseworker console shows them too.
import type { QuestionField } from '#shared/journey/answer-texts.ts';

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

/** The hints of the fields picked from a list, while the list is a plain select (without JavaScript, or before the autocomplete is there). */
export const LIST_HINT_KEYS = {
  nationality: 'apply.listHints.nationality',
  'port-of-departure': 'apply.listHints.port-of-departure',
} as const;
