// /check-your-answers: every answer with a Change link that comes back here; then send the
// application (single) or add the applicant to the group (or return to it when editing).
import type { MouseEvent } from 'react';
import type { ApplicantAnswers } from '#shared/domain/answers.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { isGroupApplication } from '#shared/journey/progress.ts';
import { CHECK_ANSWERS_PATH, type StepPath } from '#shared/journey/steps.ts';
import type { DateParts } from '#shared/dates/date-parts.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { SummaryList, type SummaryListRow } from '../../components/govuk/summary-list/summary-list.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatAnswerDate, formatLeaveDate } from './answer-format.ts';
import { DATE_FIELDS, FIELD_LABEL_KEYS, OPTION_KEYS, type QuestionField } from './field-texts.ts';
import { JourneyPage } from './journey-page.tsx';
import { useJourney } from './journey-store.ts';
import { PageErrorSummary } from './question-page.tsx';
import { SubmissionFailed } from './submission-failed.tsx';
import { useSubmitApplications } from './use-submit-applications.ts';

type Row = readonly [QuestionField, StepPath];

// The rows of each part, and the page that answers each.
const SPONSOR_ROWS: readonly Row[] = [
  ['sponsor-email', '/your-contact-details'],
  ['sponsor-name', '/sponsor-details'],
  ['sponsor-reference', '/sponsor-details'],
  ['what-would-you-like-to-do', '/what-would-you-like-to-do'],
];
const WORKER_ROWS: readonly Row[] = [
  ['family-name', '/passenger-name'],
  ['given-name', '/passenger-name'],
  ['worker-email', '/passenger-name'],
  ['date-of-birth', '/passenger-date-of-birth'],
  ['nationality', '/nationality'],
  ['cos-reference', '/cos-reference'],
];
const PASSPORT_ROWS: readonly Row[] = [
  ['passport-number', '/passport-details'],
  ['passport-issue-date', '/passport-details'],
  ['passport-expiry-date', '/passport-details'],
];
const TRAVEL_ROWS: readonly Row[] = [
  ['port-of-departure', '/travel-details'],
  ['date-of-arrival', '/travel-details'],
  ['method-of-arrival', '/travel-details'],
  ['carrier', '/travel-details'],
  ['flight-number', '/travel-details'],
  ['port-of-arrival', '/travel-details'],
];
const WORK_ROWS: readonly Row[] = [
  ['first-work-date', '/work-dates'],
  ['last-work-date', '/work-dates'],
];

export function CheckAnswersPage() {
  const { t } = useTranslation();
  const { state, dispatch } = useJourney();
  const { submit, status } = useSubmitApplications();
  const answers = answersOf(state.current);
  const group = isGroupApplication(state);
  const editing = state.changeIndex !== null;
  const title = group ? t('apply.checkAnswers.groupTitle') : t('pages.checkYourAnswers');

  if (status === 'failed') return <SubmissionFailed onRetry={() => void submit()} />;

  const display = (field: QuestionField, value: ApplicantAnswers): string => {
    if (DATE_FIELDS.has(field)) return formatAnswerDate(value[field] as DateParts | undefined);
    const text = (value[field] as string | undefined)?.trim() ?? '';
    if (field === 'method-of-arrival' || field === 'what-would-you-like-to-do') return text in OPTION_KEYS ? t(OPTION_KEYS[text as keyof typeof OPTION_KEYS]) : text;
    return text;
  };

  const rows = (list: readonly Row[]): SummaryListRow[] =>
    list
      // A road journey has no flight.
      .filter(([field]) => answers['method-of-arrival'] === 'plane' || (field !== 'carrier' && field !== 'flight-number'))
      .map(([field, path]) => {
        const value = display(field, answers);
        const label = t(FIELD_LABEL_KEYS[field]);
        return {
          key: { text: label },
          // <bdi>: typed values and dates keep their own direction inside Arabic text.
          value: value === '' ? { text: t('apply.checkAnswers.noneProvided') } : { html: <bdi>{value}</bdi> },
          actions: {
            items: [
              {
                href: path,
                text: t('apply.checkAnswers.change'),
                visuallyHiddenText: label,
                onClick: (event: MouseEvent<HTMLAnchorElement>) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
                  event.preventDefault();
                  dispatch({ type: 'change', path });
                },
              },
            ],
          },
        };
      });

  const leave = formatLeaveDate(answers);
  const parts: Array<[string, SummaryListRow[]]> = [
    // In a group the sponsor is answered once for all members, on the group's first pages.
    ...(group ? [] : [[t('apply.checkAnswers.sponsor'), rows(SPONSOR_ROWS)] as [string, SummaryListRow[]]]),
    [t('apply.checkAnswers.worker'), rows(WORKER_ROWS)],
    [t('apply.checkAnswers.passport'), rows(PASSPORT_ROWS)],
    [t('apply.checkAnswers.travel'), rows(TRAVEL_ROWS)],
    [
      t('apply.checkAnswers.work'),
      [
        ...rows(WORK_ROWS),
        {
          key: { text: t('apply.fields.lte-leave-date') },
          value: { text: leave === undefined ? '' : t('apply.workDates.noLaterThan', { date: leave }) },
        },
      ],
    ],
  ];

  return (
    <JourneyPage path={CHECK_ANSWERS_PATH} title={title}>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          {group && <PageErrorSummary errors={(state.errors.group ?? {}) as Record<string, string>} />}
          <h1 className="govuk-heading-l" id="group">
            {title}
          </h1>
          {parts.map(([heading, list]) => (
            <section key={heading}>
              <h2 className="govuk-heading-m">{heading}</h2>
              <SummaryList rows={list} classes="govuk-!-margin-bottom-9" />
            </section>
          ))}
          {group ? (
            <Button
              text={editing ? t('apply.checkAnswers.returnToGroup') : t('apply.checkAnswers.addToGroup')}
              onClick={() => dispatch({ type: 'addToGroup' })}
              preventDoubleClick
            />
          ) : (
            <>
              <p className="govuk-body">{t('apply.checkAnswers.sendHint')}</p>
              <Button
                text={status === 'sending' ? t('apply.checkAnswers.sending') : t('apply.checkAnswers.send')}
                disabled={status === 'sending'}
                onClick={() => void submit()}
                preventDoubleClick
              />
            </>
          )}
        </div>
      </div>
    </JourneyPage>
  );
}
