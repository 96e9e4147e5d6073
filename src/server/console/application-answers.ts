// An application's answers as a caseworker reads them: the facts that decide first, then every
// answer in the words the sponsor saw on check your answers (the public journey's English texts
// and label helpers, #shared/journey/answer-texts.ts), dates as the service writes them.
import { answersFromPayload, type ApplicantPayload } from '#shared/api/new-from-concession.ts';
import { nationalityLabel } from '#shared/countries/country-names.ts';
import { formatLongDate, parseIsoDate } from '#shared/dates/format.ts';
import { hasOneName, type ApplicantAnswers } from '#shared/domain/answers.ts';
import en from '#shared/i18n/translations/en.json';
import { answerParts, FIELD_LABEL_KEYS, shownFields, type QuestionField } from '#shared/journey/answer-texts.ts';
import { answerText } from '#shared/journey/answer-values.ts';

/** The public journey's English text of `key`, its `{{placeholders}}` filled from `values`. */
function englishText(key: string, values: Readonly<Record<string, string>> = {}): string {
  let node: unknown = en;
  for (const part of key.split('.'))
    node = typeof node === 'object' && node !== null ? (node as never)[part] : undefined;
  if (typeof node !== 'string') throw new Error(`No English text ${key}`);
  return node.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => values[name] ?? '');
}

/** A calendar day (YYYY-MM-DD) as "05 March 2026"; anything else as it is. */
export function dayText(iso: string): string {
  return parseIsoDate(iso) === null ? iso : formatLongDate(iso);
}

type Row = { readonly key: { readonly text: string }; readonly value: { readonly text: string } };
const row = (key: string, value: string): Row => ({ key: { text: key }, value: { text: value } });

function answerRow(answers: ApplicantAnswers, field: QuestionField): Row {
  const label = englishText(FIELD_LABEL_KEYS[field]);
  if (field === 'given-name' && hasOneName(answers)) return row(label, englishText('apply.checkAnswers.oneName'));
  const value = answerText((key) => englishText(key), 'en', field, answers);
  return row(label, value === '' ? englishText('apply.checkAnswers.noneProvided') : value);
}

/** The stored answers of one application, in the parts and words of check your answers. */
export function answerSections(payload: ApplicantPayload): Array<{ readonly title: string; readonly rows: Row[] }> {
  const answers = answersFromPayload(payload);
  const rows = (fields: readonly QuestionField[]) => shownFields(answers, fields).map((f) => answerRow(answers, f));
  const leave = payload.secondaryDetails.lteToDate;
  // The purpose of stay, the declaration and the country of departure are the same in every
  // application (fixed values), and the stay length follows from the dates shown: none is an answer.
  // The parts and rows of check your answers (the table of answers, #shared/domain/answer-fields.ts);
  // the work ends with the leave date the service derived.
  return answerParts(false).map(({ part, titleKey, fields }) => ({
    title: englishText(titleKey),
    rows:
      part !== 'work'
        ? rows(fields)
        : [
            ...rows(fields),
            row(
              englishText('apply.fields.lte-leave-date'),
              englishText('apply.workDates.noLaterThan', { date: dayText(leave) }),
            ),
          ],
  }));
}

/** The facts that decide, as rows: who, their passport, how and when they arrive, when they work. */
export function summaryFacts(payload: ApplicantPayload, name: string): Row[] {
  const answers = answersFromPayload(payload);
  const { concessionForm: form, secondaryDetails: details } = payload;
  const text = (field: QuestionField) => answerText((key) => englishText(key), 'en', field, answers);
  const flight =
    form.methodOfArrivalIntoUK === 'plane' ? [form.carrier, form.flightNumber].filter((t) => t !== '') : [];
  return [
    row('Name', name),
    row(englishText('apply.fields.nationality'), nationalityLabel(details.nationality, 'en')),
    row(englishText('apply.fields.date-of-birth'), text('date-of-birth')),
    row(englishText('apply.fields.passport-number'), form.passportNumber),
    row('Passport expiry', text('passport-expiry-date')),
    row(englishText('apply.fields.date-of-arrival'), text('date-of-arrival')),
    row(
      'Route',
      [
        `${text('method-of-arrival')}: ${details.airPortOfDeparture} to ${form.nameOfUKPortOfArrival}`,
        ...(flight.length > 0 ? [flight.join(' ')] : []),
      ].join(', '),
    ),
    row('Work', `${text('first-work-date')} to ${text('last-work-date')}`),
    row(englishText('apply.fields.lte-leave-date'), dayText(details.lteToDate)),
  ];
}
