// /work-dates: the first and last day of work, with the latest leave date worked out
// and shown as the dates are typed.
import { useState } from 'react';
import { answersOf } from '#shared/journey/form-state.ts';
import { derivedLeaveDate } from '#shared/validation/checks.ts';
import { InsetText } from '../../components/govuk/inset-text/inset-text.tsx';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatCheckedLeaveDate } from './answer-format.ts';
import { useJourney } from './journey-store.ts';
import { DateField, QuestionPage, readAnswers } from './question-page.tsx';

export function WorkDatesPage() {
  const { t, language } = useTranslation();
  const { state } = useJourney();
  const saved = answersOf(state.current);
  // The dates as typed so far: the leave date follows them, in the language shown now, and is
  // shown only for dates that pass their rules (a date before the work ends would mislead).
  const [typed, setTyped] = useState(saved);
  const leave = formatCheckedLeaveDate(typed, language, new Date());

  return (
    <QuestionPage
      path="/work-dates"
      title={t('pages.workDates')}
      intro={
        <>
          {state.reusedWorkDatesDidNotFit && (
            <WarningText text={t('apply.workDates.reusedDidNotFit')} iconFallbackText={t('common.warning')} />
          )}
          <p className="govuk-body">{t('apply.hints.work-dates')}</p>
        </>
      }
      onInput={(form) => setTyped({ ...saved, ...readAnswers(form, ['first-work-date', 'last-work-date']) })}
    >
      <DateField field="first-work-date" hintText={t('apply.futureDateHint')} />
      <DateField field="last-work-date" hintText={t('apply.futureDateHint')} />
      {/* Announced politely as it changes, so a screen reader hears the new date after typing. */}
      <InsetText>
        <h2 className="govuk-heading-s govuk-!-margin-bottom-1">{t('apply.workDates.leaveTitle')}</h2>
        <p className="govuk-body govuk-!-margin-0" aria-live="polite" id="lte-leave-date">
          {leave !== undefined
            ? t('apply.workDates.noLaterThan', { date: leave })
            : derivedLeaveDate(typed) === undefined
              ? t('apply.workDates.leaveUnknown')
              : t('apply.workDates.leaveAfterCorrection')}
        </p>
      </InsetText>
    </QuestionPage>
  );
}
