// Answers as summary-list rows, each with a Change link to the page that asks for it: check your
// answers shows every answer so, and the group overview the group's sponsor.
import type { MouseEvent } from 'react';
import { hasOneName, type ApplicantAnswers } from '#shared/domain/answers.ts';
import { FIELD_LABEL_KEYS, shownFields, type QuestionField } from '#shared/journey/answer-texts.ts';
import { answerText } from '#shared/journey/answer-values.ts';
import { changeHref } from '#shared/journey/page-forms.ts';
import { pathOfField } from '#shared/journey/progress.ts';
import type { SummaryListRow } from '../../components/govuk/summary-list/summary-list.tsx';
import type { Language } from '#shared/i18n/languages.ts';
import type { Translate } from '../../i18n/use-translation.ts';

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
  return shownFields(answers, fields).map((field) => {
    const href = changeHref(pathOfField(field)!, link.fromGroup, link.search);
    const value = answerText(t, language, field, answers);
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
  });
}
