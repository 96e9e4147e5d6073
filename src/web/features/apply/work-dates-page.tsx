// /work-dates: the first and last day of work, with the latest leave date (spec §9) worked out
// and shown as the dates are typed.
import { useState } from 'react';
import { toIsoDate } from '#shared/dates/calendar.ts';
import { formatLongDate } from '#shared/dates/format.ts';
import type { ApplicantAnswers } from '#shared/domain/answers.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { derivedLeaveDate } from '#shared/validation/checks.ts';
import { InsetText } from '../../components/govuk/inset-text/inset-text.tsx';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useJourney } from './journey-store.ts';
import { DateField, QuestionPage, readAnswers } from './question-page.tsx';

/** "No later than <date>" for these answers, or undefined until the dates are real days. */
function leaveDateText(answers: ApplicantAnswers): string | undefined {
  const leave = derivedLeaveDate(answers);
  return leave === undefined ? undefined : formatLongDate(toIsoDate(leave));
}

export function WorkDatesPage() {
  const { t } = useTranslation();
  const { state } = useJourney();
  const saved = answersOf(state.current);
  const [leave, setLeave] = useState(() => leaveDateText(saved));

  return (
    <QuestionPage
      path="/work-dates"
      title={t('pages.workDates')}
      intro={
        <>
          {state.reusedWorkDatesDidNotFit && <WarningText text={t('apply.workDates.reusedDidNotFit')} iconFallbackText={t('apply.warning')} />}
          <p className="govuk-body">{t('apply.hints.work-dates')}</p>
        </>
      }
      onInput={(form) => setLeave(leaveDateText({ ...saved, ...readAnswers(form, ['first-work-date', 'last-work-date']) }))}
    >
      <DateField field="first-work-date" hintText={t('apply.futureDateHint')} />
      <DateField field="last-work-date" hintText={t('apply.futureDateHint')} />
      {/* Announced politely as it changes, so a screen reader hears the new date after typing. */}
      <InsetText>
        <h2 className="govuk-heading-s govuk-!-margin-bottom-1">{t('apply.workDates.leaveTitle')}</h2>
        <p className="govuk-body govuk-!-margin-0" aria-live="polite" id="lte-leave-date">
          {leave === undefined ? t('apply.workDates.leaveUnknown') : t('apply.workDates.noLaterThan', { date: leave })}
        </p>
      </InsetText>
    </QuestionPage>
  );
}
