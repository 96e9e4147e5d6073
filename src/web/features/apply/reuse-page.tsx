// /reuse-travel-details and /reuse-work-dates: a group member may take the travel details or
// the work dates of a member already added (each distinct set once), or enter their own.
import { placeOfDepartureLabel } from '#shared/countries/places.ts';
import type { ApplicantAnswers } from '#shared/domain/answers.ts';
import { reuseSets, type ReuseKind } from '#shared/journey/reuse-sets.ts';
import { messageKey } from '#shared/validation/messages.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { Radios } from '../../components/govuk/radios/radios.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { OPTION_KEYS } from '#shared/journey/answer-texts.ts';
import { formatAnswerDate } from '#shared/journey/answer-values.ts';
import { useTrackErrors } from './journey-analytics.ts';
import { JourneyForm, SaveButton } from './journey-form.tsx';
import { JourneyPage } from './journey-page.tsx';
import { useJourney } from './journey-store.ts';
import { isLateArrival } from './late-arrival-warning.tsx';
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
  const { state } = useJourney();
  const page = PAGES[kind];
  const title = t(page.titleKey);
  const sets = reuseSets(state.group, kind, state.changeIndex);
  const errors = (state.errors[page.errors] ?? {}) as Record<string, string>;
  const rule = errors[page.field];

  const describe = (answers: ApplicantAnswers) =>
    kind === 'travel'
      ? t('apply.reuse.travelOption', {
          date: formatAnswerDate(answers['date-of-arrival'], language),
          arrival: answers['port-of-arrival'] ?? '',
          departure: placeOfDepartureLabel(answers['port-of-departure'] ?? '', language),
          method:
            answers['method-of-arrival'] === 'plane'
              ? `${t(OPTION_KEYS.plane).toLowerCase()}, ${t('apply.reuse.travelFlight', { flight: answers['flight-number'] ?? '' })}`
              : t(OPTION_KEYS.road).toLowerCase(),
        })
      : t('apply.reuse.workDatesOption', {
          start: formatAnswerDate(answers['first-work-date'], language),
          end: formatAnswerDate(answers['last-work-date'], language),
        });

  // The server refused the answer (nothing chosen): the failure goes to analytics.
  const onAnswered = useTrackErrors(page.path, page.errors);

  return (
    <JourneyPage path={page.path} title={title} hasErrors={rule !== undefined}>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <PageErrorSummary errors={errors} />
          <JourneyForm path={page.path} onAnswered={onAnswered}>
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
                  // Reusing a date of arrival too near makes this application one the check refuses.
                  hint: {
                    text:
                      kind === 'travel' && isLateArrival(set.answers['date-of-arrival'])
                        ? `${t('apply.reuse.usedBy', { names: set.memberNames.join('; ') })}. ${t('apply.reuse.lateOption')}`
                        : t('apply.reuse.usedBy', { names: set.memberNames.join('; ') }),
                  },
                })),
                { divider: t('apply.reuse.or') },
                { value: '', text: t(page.noneKey), attributes: { 'data-none': 'true' } },
              ]}
            />
            <div className="govuk-button-group">
              <Button text={t('apply.continue')} type="submit" />
              <SaveButton />
            </div>
          </JourneyForm>
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
