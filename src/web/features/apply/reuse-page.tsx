// /reuse-travel-details and /reuse-work-dates: a group member may take the travel details or
// the work dates of a member already added (each distinct set once), or enter their own.
import type { FormEvent } from 'react';
import type { ApplicantAnswers } from '#shared/domain/answers.ts';
import { reuseSets, type ReuseKind } from '#shared/journey/reuse-sets.ts';
import { messageKey } from '#shared/validation/messages.ts';
import { FormTokenField } from '../../app/form-token.tsx';
import { Button } from '../../components/govuk/button/button.tsx';
import { Radios } from '../../components/govuk/radios/radios.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { trackValidationError } from '../../analytics/analytics.ts';
import { formatAnswerDate } from './answer-format.ts';
import { OPTION_KEYS } from './field-texts.ts';
import { useJourneyFormAction } from './journey-form.tsx';
import { JourneyPage } from './journey-page.tsx';
import { useJourney } from './journey-store.ts';
import { PageErrorSummary } from './question-page.tsx';

const PAGES = {
  travel: {
    path: '/reuse-travel-details',
    field: 'reuse-travel-details',
    errors: 'reuseTravel',
    titleKey: 'pages.reuseTravelDetails',
    hintKey: 'apply.reuse.travelHint',
    noneKey: 'apply.reuse.noTravel',
  },
  workDates: {
    path: '/reuse-work-dates',
    field: 'reuse-work-dates',
    errors: 'reuseWorkDates',
    titleKey: 'pages.reuseWorkDates',
    hintKey: 'apply.reuse.workDatesHint',
    noneKey: 'apply.reuse.noWorkDates',
  },
} as const;

export function ReusePage({ kind }: { kind: ReuseKind }) {
  const { t, language } = useTranslation();
  const { state, dispatch } = useJourney();
  const page = PAGES[kind];
  const formAction = useJourneyFormAction(page.path);
  const title = t(page.titleKey);
  const sets = reuseSets(state.group, kind, state.changeIndex);
  const errors = (state.errors[page.errors] ?? {}) as Record<string, string>;
  const rule = errors[page.field];

  const describe = (answers: ApplicantAnswers) =>
    kind === 'travel'
      ? t('apply.reuse.travelOption', {
          date: formatAnswerDate(answers['date-of-arrival'], language),
          arrival: answers['port-of-arrival'] ?? '',
          departure: answers['port-of-departure'] ?? '',
          method:
            answers['method-of-arrival'] === 'plane'
              ? `${t(OPTION_KEYS.plane).toLowerCase()}, ${t('apply.reuse.travelFlight', { flight: answers['flight-number'] ?? '' })}`
              : t(OPTION_KEYS.road).toLowerCase(),
        })
      : t('apply.reuse.workDatesOption', {
          start: formatAnswerDate(answers['first-work-date'], language),
          end: formatAnswerDate(answers['last-work-date'], language),
        });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const choice = new FormData(event.currentTarget).get(page.field);
    const after = dispatch({ type: 'reuse', kind, choice: typeof choice === 'string' ? choice : undefined });
    for (const [field, failed] of Object.entries(after.errors[page.errors] ?? {}))
      trackValidationError(page.path, field, String(failed));
  };

  return (
    <JourneyPage path={page.path} title={title} hasErrors={rule !== undefined}>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <PageErrorSummary errors={errors} />
          <form method="post" action={formAction} noValidate onSubmit={onSubmit}>
            <FormTokenField />
            <Radios
              name={page.field}
              idPrefix={page.field}
              fieldset={{ legend: { text: title, isPageHeading: true, classes: 'govuk-fieldset__legend--l' } }}
              hint={{ text: t(page.hintKey) }}
              errorMessage={rule === undefined ? undefined : fieldError(t, t(messageKey(page.field, 'required')))}
              items={[
                ...sets.map((set, index) => ({
                  value: String(index),
                  text: describe(set.answers),
                  hint: { text: t('apply.reuse.usedBy', { names: set.memberNames.join('; ') }) },
                })),
                { divider: t('apply.reuse.or') },
                { value: '', text: t(page.noneKey), attributes: { 'data-none': 'true' } },
              ]}
            />
            <Button text={t('apply.continue')} type="submit" />
          </form>
        </div>
      </div>
    </JourneyPage>
  );
}

export function ReuseTravelDetailsPage() {
  return <ReusePage kind="travel" />;
}

export function ReuseWorkDatesPage() {
  return <ReusePage kind="workDates" />;
}
