// An answer's value as a summary shows it (check your answers, the group's pages, the caseworker
// console): dates as days in the page's language, options by their words, a nationality and a
// place of departure by their names in Welsh and Arabic (decision 031). Apart from the field's
// words (answer-texts.ts) because the names it needs are data that a question page does not load.
import { nationalityLabel } from '../countries/country-names.ts';
import { placeOfDepartureLabel } from '../countries/places.ts';
import { toIsoDate } from '../dates/calendar.ts';
import { parseDateParts, type DateParts } from '../dates/date-parts.ts';
import { formatLongDate, type DateLanguage } from '../dates/format.ts';
import { DATE_FIELDS, type ApplicantAnswers } from '../domain/answers.ts';
import type { Language } from '../i18n/languages.ts';
import { OPTION_KEYS, type QuestionField } from './answer-texts.ts';

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
