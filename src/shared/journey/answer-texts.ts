// How an answer reads, wherever it is shown: the label of each question's field (as i18n keys
// written out in full, so a search finds each one and the translation test sees them used), the
// words of each option, and the value as the summary shows it. Check your answers and the
// caseworker console show the sponsor's answers in these same words.
import { nationalityLabel } from '../countries/country-names.ts';
import { placeOfDepartureLabel } from '../countries/places.ts';
import { toIsoDate } from '../dates/calendar.ts';
import { parseDateParts, type DateParts } from '../dates/date-parts.ts';
import { formatLongDate, type DateLanguage } from '../dates/format.ts';
import { DATE_FIELDS, type ApplicantAnswers } from '../domain/answers.ts';
import type { Language } from '../i18n/languages.ts';
import type { AnswerField } from '../validation/checks.ts';
import { SECTION_FIELDS, type SectionField } from '../validation/sections.ts';

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

/** The text of each choice of the radios. */
export const OPTION_KEYS = {
  'single-application': 'apply.options.single-application',
  'group-application': 'apply.options.group-application',
  plane: 'apply.options.plane',
  road: 'apply.options.road',
} as const;

// The parts check your answers shows, each made of the sections that answer it. The travel rows
// follow the travel page, which asks for the flight (when by plane) before the port of arrival.
/** The sponsor's answers: shown for the whole group on the group overview and on each member's check your answers. */
export const SPONSOR_FIELDS: readonly QuestionField[] = [
  ...SECTION_FIELDS.sponsorContact,
  ...SECTION_FIELDS.sponsorDetails,
];
export const WORKER_FIELDS: readonly QuestionField[] = [
  ...SECTION_FIELDS.passengerName,
  ...SECTION_FIELDS.passengerDob,
  ...SECTION_FIELDS.nationality,
  ...SECTION_FIELDS.cosReference,
];
export const TRAVEL_FIELDS: readonly SectionField<'travel'>[] = [
  'port-of-departure',
  'date-of-arrival',
  'method-of-arrival',
  'carrier',
  'flight-number',
  'port-of-arrival',
];

/** The fields a summary shows of `fields`: a road journey has no flight, and the one-name answer shows as the given names' value. */
export function shownFields<F extends QuestionField>(answers: ApplicantAnswers, fields: readonly F[]): F[] {
  return fields
    .filter((field) => answers['method-of-arrival'] === 'plane' || (field !== 'carrier' && field !== 'flight-number'))
    .filter((field) => field !== 'one-name');
}

/** Looks a key up in one language. */
export type TextOf = (key: string) => string;

/** A date answer as "05 March 2026" (the month named in `language`), or '' when it is not a real day. */
export function formatAnswerDate(parts: DateParts | undefined, language: DateLanguage): string {
  const day = parseDateParts(parts);
  return day === null ? '' : formatLongDate(toIsoDate(day), language);
}

/** An answer as the summary shows it: dates as days, options by their label, a nationality by its country's name and a place of departure by its name in Welsh and Arabic (decision 031), text as typed. */
export function answerText(t: TextOf, language: Language, field: QuestionField, answers: ApplicantAnswers): string {
  if (DATE_FIELDS.has(field)) return formatAnswerDate(answers[field] as DateParts | undefined, language);
  const text = (answers[field] as string | undefined)?.trim() ?? '';
  if (field === 'method-of-arrival' || field === 'what-would-you-like-to-do')
    return text in OPTION_KEYS ? t(OPTION_KEYS[text as keyof typeof OPTION_KEYS]) : text;
  if (field === 'nationality') return nationalityLabel(text, language);
  if (field === 'port-of-departure') return placeOfDepartureLabel(text, language);
  return text;
}
