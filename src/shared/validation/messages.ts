// The message of every rule: i18n keys `validation.<field>.<rule>` (en.json and ar.json). The
// keys are written out in full, not built from their parts, so a search finds each one and
// the translation test sees every key in use.
import type { RuleName, ValidatedField } from './fields.ts';

/** The i18n key of the message of each rule of each field. */
export const MESSAGE_KEYS = {
  'sponsor-email': {
    required: 'validation.sponsor-email.required',
    noControlCharacters: 'validation.sponsor-email.noControlCharacters',
    validEmail: 'validation.sponsor-email.validEmail',
  },
  'sponsor-name': {
    required: 'validation.sponsor-name.required',
    noControlCharacters: 'validation.sponsor-name.noControlCharacters',
    maxLength: 'validation.sponsor-name.maxLength',
    noWebAddress: 'validation.sponsor-name.noWebAddress',
  },
  'sponsor-reference': {
    required: 'validation.sponsor-reference.required',
    noControlCharacters: 'validation.sponsor-reference.noControlCharacters',
    maxLength: 'validation.sponsor-reference.maxLength',
  },
  'what-would-you-like-to-do': {
    required: 'validation.what-would-you-like-to-do.required',
    validOption: 'validation.what-would-you-like-to-do.validOption',
  },
  nationality: {
    required: 'validation.nationality.required',
    noControlCharacters: 'validation.nationality.noControlCharacters',
    eligible: 'validation.nationality.eligible',
  },
  'family-name': {
    required: 'validation.family-name.required',
    noControlCharacters: 'validation.family-name.noControlCharacters',
    maxLength: 'validation.family-name.maxLength',
    noWebAddress: 'validation.family-name.noWebAddress',
    hasLetter: 'validation.family-name.hasLetter',
    latinLetters: 'validation.family-name.latinLetters',
  },
  'given-name': {
    required: 'validation.given-name.required',
    noControlCharacters: 'validation.given-name.noControlCharacters',
    maxLength: 'validation.given-name.maxLength',
    noWebAddress: 'validation.given-name.noWebAddress',
    hasLetter: 'validation.given-name.hasLetter',
    latinLetters: 'validation.given-name.latinLetters',
    emptyWithOneName: 'validation.given-name.emptyWithOneName',
  },
  'one-name': {
    validOption: 'validation.one-name.validOption',
  },
  'worker-email': {
    noControlCharacters: 'validation.worker-email.noControlCharacters',
    validEmail: 'validation.worker-email.validEmail',
  },
  'date-of-birth': {
    required: 'validation.date-of-birth.required',
    validDate: 'validation.date-of-birth.validDate',
    beforeToday: 'validation.date-of-birth.beforeToday',
  },
  'passport-number': {
    required: 'validation.passport-number.required',
    length: 'validation.passport-number.length',
    characters: 'validation.passport-number.characters',
  },
  'passport-issue-date': {
    required: 'validation.passport-issue-date.required',
    validDate: 'validation.passport-issue-date.validDate',
    notInFuture: 'validation.passport-issue-date.notInFuture',
  },
  'passport-expiry-date': {
    required: 'validation.passport-expiry-date.required',
    validDate: 'validation.passport-expiry-date.validDate',
    afterToday: 'validation.passport-expiry-date.afterToday',
  },
  'port-of-departure': {
    required: 'validation.port-of-departure.required',
    noControlCharacters: 'validation.port-of-departure.noControlCharacters',
    maxLength: 'validation.port-of-departure.maxLength',
    listedPlace: 'validation.port-of-departure.listedPlace',
  },
  'date-of-arrival': {
    required: 'validation.date-of-arrival.required',
    validDate: 'validation.date-of-arrival.validDate',
    notInPast: 'validation.date-of-arrival.notInPast',
    notAfterPassportExpiry: 'validation.date-of-arrival.notAfterPassportExpiry',
    compatibleWithWork: 'validation.date-of-arrival.compatibleWithWork',
  },
  'method-of-arrival': {
    required: 'validation.method-of-arrival.required',
    validOption: 'validation.method-of-arrival.validOption',
  },
  'port-of-arrival': {
    required: 'validation.port-of-arrival.required',
    noControlCharacters: 'validation.port-of-arrival.noControlCharacters',
    maxLength: 'validation.port-of-arrival.maxLength',
  },
  carrier: {
    required: 'validation.carrier.required',
    noControlCharacters: 'validation.carrier.noControlCharacters',
    maxLength: 'validation.carrier.maxLength',
  },
  'flight-number': {
    required: 'validation.flight-number.required',
    noControlCharacters: 'validation.flight-number.noControlCharacters',
    maxLength: 'validation.flight-number.maxLength',
  },
  'first-work-date': {
    required: 'validation.first-work-date.required',
    validDate: 'validation.first-work-date.validDate',
    atLeast72Hours: 'validation.first-work-date.atLeast72Hours',
    within14Days: 'validation.first-work-date.within14Days',
  },
  'last-work-date': {
    required: 'validation.last-work-date.required',
    validDate: 'validation.last-work-date.validDate',
    atLeast72Hours: 'validation.last-work-date.atLeast72Hours',
    notBeforeStart: 'validation.last-work-date.notBeforeStart',
    within3Months: 'validation.last-work-date.within3Months',
  },
  'cos-reference': {
    required: 'validation.cos-reference.required',
    noControlCharacters: 'validation.cos-reference.noControlCharacters',
    maxLength: 'validation.cos-reference.maxLength',
  },
  'stay-length': {
    required: 'validation.stay-length.required',
    validOption: 'validation.stay-length.validOption',
    matchesDates: 'validation.stay-length.matchesDates',
  },
  'purpose-of-stay': {
    required: 'validation.purpose-of-stay.required',
    fixedValue: 'validation.purpose-of-stay.fixedValue',
  },
  declaration: {
    required: 'validation.declaration.required',
    validOption: 'validation.declaration.validOption',
    fixedValue: 'validation.declaration.fixedValue',
  },
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
