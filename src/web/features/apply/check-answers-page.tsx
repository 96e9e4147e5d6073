// /check-your-answers: every answer with a Change link that comes back here; then send the
// application (single) or add the applicant to the group (or return to it when editing). A
// group's sponsor is shown too: a change there applies to every member of the group.
import { useLocation } from 'react-router';
import { answersOf } from '#shared/journey/form-state.ts';
import { isGroupApplication } from '#shared/journey/progress.ts';
import { CHECK_ANSWERS_PATH } from '#shared/journey/paths.ts';
import { JOURNEY_BUTTONS } from '#shared/journey/page-forms.ts';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { SummaryList, type SummaryListRow } from '../../components/govuk/summary-list/summary-list.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatLeaveDate } from './answer-format.ts';
import { answerRows } from './answer-rows.tsx';
import { AnswersChangedNotice, AnswersFingerprintField } from './answers-fingerprint.tsx';
import { answerParts, type QuestionField } from '#shared/journey/answer-texts.ts';
import { JourneyForm, SaveButton, SendButton, journeyButton } from './journey-form.tsx';
import { JourneyPage } from './journey-page.tsx';
import { useJourney } from './journey-store.ts';
import { LateArrivalWarning } from './late-arrival-warning.tsx';
import { CosInUseWarning, SameCosWarning } from './same-cos-warning.tsx';
import { PageErrorSummary } from './question-page.tsx';
import { RefusedAnswersSummary, SubmissionProblem, isSubmissionProblem } from './submission-problem.tsx';
import { useTrackErrors, useTrackRefusedAnswers } from './journey-analytics.ts';

export function CheckAnswersPage() {
  const texts = useTranslation();
  const { t } = texts;
  const { state, answer } = useJourney();
  const { search } = useLocation();
  const onSpaLink = useSpaLinkHandler();
  const answers = answersOf(state.current);
  const group = isGroupApplication(state);
  const editing = state.changeIndex !== null;
  const title = !group
    ? t('pages.checkYourAnswers')
    : editing
      ? t('apply.checkAnswers.groupEditTitle')
      : t('apply.checkAnswers.groupTitle');
  const groupErrors = (state.errors.group ?? {}) as Record<string, string>;
  const { submission } = answer;
  const refused = submission?.kind === 'refused' ? submission.answers : undefined;
  useTrackRefusedAnswers(CHECK_ANSWERS_PATH, submission);
  // Adding one more than the group may hold is refused: the failure goes to analytics.
  const onAnswered = useTrackErrors(CHECK_ANSWERS_PATH, 'group');

  if (submission !== undefined && isSubmissionProblem(submission))
    return <SubmissionProblem path={CHECK_ANSWERS_PATH} outcome={submission} />;

  const rows = (fields: readonly QuestionField[]) => answerRows(texts, answers, fields, onSpaLink, { search });

  const leave = formatLeaveDate(answers, texts.language);
  // The parts and rows the table of answers gives; the work ends with the leave date they lead to.
  // In a group the sponsor is the group's: answered once, shown here, changed for every member.
  const parts: Array<[string, SummaryListRow[]]> = answerParts(!group).map(({ part, titleKey, fields }) => [
    t(titleKey),
    part !== 'work'
      ? rows(fields)
      : [
          ...rows(fields),
          {
            key: { text: t('apply.fields.lte-leave-date') },
            value: { text: leave === undefined ? '' : t('apply.workDates.noLaterThan', { date: leave }) },
          },
        ],
  ]);

  return (
    <JourneyPage
      path={CHECK_ANSWERS_PATH}
      title={title}
      hasErrors={refused !== undefined || (group && Object.keys(groupErrors).length > 0)}
    >
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <AnswersChangedNotice />
          {refused !== undefined && <RefusedAnswersSummary answers={refused} />}
          {group && <PageErrorSummary errors={groupErrors} />}
          <h1 className="govuk-heading-l" id="group">
            {title}
          </h1>
          <LateArrivalWarning arrival={answers['date-of-arrival']} />
          {group && <SameCosWarning state={state} scope="current" />}
          <CosInUseWarning state={state} scope="current" />
          {parts.map(([heading, list]) => (
            <section key={heading}>
              <h2 className="govuk-heading-m">{heading}</h2>
              <SummaryList rows={list} classes="govuk-!-margin-bottom-9" />
            </section>
          ))}
          <JourneyForm path={CHECK_ANSWERS_PATH} onAnswered={onAnswered}>
            {(sending) =>
              group ? (
                <div className="govuk-button-group">
                  <Button
                    text={editing ? t('apply.checkAnswers.returnToGroup') : t('apply.checkAnswers.addToGroup')}
                    {...journeyButton(JOURNEY_BUTTONS.addToGroup)}
                    preventDoubleClick
                  />
                  <SaveButton />
                </div>
              ) : (
                <>
                  <p className="govuk-body">{t('apply.checkAnswers.sendHint')}</p>
                  <AnswersFingerprintField />
                  <div className="govuk-button-group">
                    <SendButton text={t('apply.checkAnswers.send')} sending={sending} />
                    <SaveButton />
                  </div>
                </>
              )
            }
          </JourneyForm>
        </div>
      </div>
    </JourneyPage>
  );
}
