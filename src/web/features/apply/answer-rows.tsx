// Answers as summary-list rows, each with a Change link to the page that asks for it: check your
// answers shows every answer so, and the group overview the group's sponsor.
import type { MouseEvent } from 'react';
import { nationalityLabel } from '#shared/countries/country-names.ts';
import { placeOfDepartureLabel } from '#shared/countries/places.ts';
import type { DateParts } from '#shared/dates/date-parts.ts';
import { DATE_FIELDS, hasOneName, type ApplicantAnswers } from '#shared/domain/answers.ts';
import { changeHref } from '#shared/journey/page-forms.ts';
import { pathOfField } from '#shared/journey/progress.ts';
import { SECTION_FIELDS } from '#shared/validation/sections.ts';
import type { SummaryListRow } from '../../components/govuk/summary-list/summary-list.tsx';
import type { Language } from '#shared/i18n/languages.ts';
import type { Translate } from '../../i18n/use-translation.ts';
import { formatAnswerDate } from './answer-format.ts';
import { FIELD_LABEL_KEYS, OPTION_KEYS, type QuestionField } from './field-texts.ts';

/** The sponsor's answers: shown for the whole group on the group overview and on each member's check your answers. */
export const SPONSOR_FIELDS: readonly QuestionField[] = [
  ...SECTION_FIELDS.sponsorContact,
  ...SECTION_FIELDS.sponsorDetails,
];

/** An answer as the summary shows it: dates as days, options by their label, a nationality by its country's name and a place of departure by its name in Welsh and Arabic (decision 031), text as typed. */
function display(t: Translate, language: Language, field: QuestionField, answers: ApplicantAnswers): string {
  if (DATE_FIELDS.has(field)) return formatAnswerDate(answers[field] as DateParts | undefined, language);
  const text = (answers[field] as string | undefined)?.trim() ?? '';
  if (field === 'method-of-arrival' || field === 'what-would-you-like-to-do')
    return text in OPTION_KEYS ? t(OPTION_KEYS[text as keyof typeof OPTION_KEYS]) : text;
  if (field === 'nationality') return nationalityLabel(text, language);
  if (field === 'port-of-departure') return placeOfDepartureLabel(text, language);
  return text;
}

/**
 * The rows of `fields` (a road journey's flight fields left out), each with a Change link to its
 * page, whose address says where it returns (from the group overview, `fromGroup`; from a page shown
 * through an Edit link, whose query is `search`); `onLink` handles a click on it in the app.
 */
export function answerRows(
  { t, language }: { t: Translate; language: Language },
  answers: ApplicantAnswers,
  fields: readonly QuestionField[],
  onLink: (event: MouseEvent<HTMLElement>, href: string) => void,
  link: { readonly fromGroup?: boolean; readonly search?: string } = {},
): SummaryListRow[] {
  return (
    fields
      // A road journey has no flight. The one-name answer shows as the given names' value.
      .filter((field) => answers['method-of-arrival'] === 'plane' || (field !== 'carrier' && field !== 'flight-number'))
      .filter((field) => field !== 'one-name')
      .map((field) => {
        const href = changeHref(pathOfField(field)!, link.fromGroup, link.search);
        const value = display(t, language, field, answers);
        const label = t(FIELD_LABEL_KEYS[field]);
        return {
          key: { text: label },
          // <bdi>: typed values and dates keep their own direction inside Arabic text.
          value:
            field === 'given-name' && hasOneName(answers)
              ? { text: t('apply.checkAnswers.oneName') }
              : value === ''
                ? { text: t('apply.checkAnswers.noneProvided') }
                : { html: <bdi>{value}</bdi> },
          actions: {
            items: [
              {
                href,
                text: t('apply.checkAnswers.change'),
                visuallyHiddenText: label,
                onClick: (event: MouseEvent<HTMLAnchorElement>) => onLink(event, href),
              },
            ],
          },
        };
      })
  );
}
