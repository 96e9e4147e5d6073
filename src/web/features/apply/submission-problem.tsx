// What the user sees when the applications were not stored: the answers the service refused,
// with links to change them (a 400), or a page saying what happened and what to do next.
import { memberName } from '#shared/domain/answers.ts';
import type { RefusedAnswer } from '#shared/api/new-from-concession.ts';
import type { JourneyPath, StepPath } from '#shared/journey/paths.ts';
import type { SubmissionOutcome } from '#shared/journey/submission.ts';
import { changeHref, editHref, JOURNEY_BUTTONS } from '#shared/journey/page-forms.ts';
import { findStep } from '#shared/journey/steps.ts';
import { answersOf, type ApplicantSections } from '#shared/journey/form-state.ts';
import { pathOfField } from '#shared/journey/progress.ts';
import { isValidatedField, type ValidatedField } from '#shared/validation/fields.ts';
import { ERROR_SUMMARY_TITLE_KEY, messageKey } from '#shared/validation/messages.ts';
import { MessagePage } from '../../page-kit/message-page.tsx';
import { ServerErrorPage } from '../../page-kit/server-error-page.tsx';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/govuk/error-summary/error-summary.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { AnswersFingerprintField } from './answers-fingerprint.tsx';
import { JourneyForm, journeyButton } from './journey-form.tsx';

/** True when the submission was not stored for a reason that takes the whole page (refused answers are shown in the page itself). */
export function isSubmissionProblem(outcome: SubmissionOutcome): boolean {
  return outcome.kind === 'failed' || outcome.kind === 'conflict' || outcome.kind === 'tooMany';
}

/**
 * The page for a submission that was not stored: the service error with "Try again", or what
 * happened and what to do. Its buttons send again from `path` (after a conflict, under a new group
 * id: sending.ts).
 */
export function SubmissionProblem({ path, outcome }: { path: JourneyPath; outcome: SubmissionOutcome }) {
  const { t } = useTranslation();
  const retry = (
    <JourneyForm path={path}>
      <AnswersFingerprintField />
      <Button text={t('apply.submitError.retry')} {...journeyButton(JOURNEY_BUTTONS.send)} preventDoubleClick />
    </JourneyForm>
  );
  if (outcome.kind === 'failed') {
    return (
      <ServerErrorPage>
        <p className="govuk-body">{t('apply.submitError.kept')}</p>
        {retry}
      </ServerErrorPage>
    );
  }
  if (outcome.kind === 'conflict') {
    return (
      <MessagePage title={t('apply.submitConflict.title')}>
        <p className="govuk-body">{t('apply.submitConflict.what')}</p>
        <p className="govuk-body">{t('apply.submitConflict.todo')}</p>
        <JourneyForm path={path}>
          <AnswersFingerprintField />
          <Button
            text={t('apply.submitConflict.sendAgain')}
            {...journeyButton(JOURNEY_BUTTONS.sendAsNew)}
            preventDoubleClick
          />
        </JourneyForm>
      </MessagePage>
    );
  }
  if (outcome.kind === 'tooMany') {
    return (
      <MessagePage title={t('apply.submitTooMany.title')}>
        <p className="govuk-body">{t('apply.submitTooMany.body')}</p>
        {retry}
      </MessagePage>
    );
  }
  return null;
}

export interface RefusedAnswersSummaryProps {
  readonly answers: readonly RefusedAnswer[];
  /** The members sent, to name the one each refused answer is about; absent for a single application. */
  readonly group?: readonly ApplicantSections[];
}

/** Where a refused answer is changed (for the member at `index` in a group). */
function changeAddress(path: StepPath, index: number | undefined, group: readonly ApplicantSections[] | undefined) {
  if (group === undefined) return changeHref(path);
  // A sponsor answer (or one of the group as a whole) is the group's: changed from the overview.
  return index === undefined || findStep(path)?.scope === 'sponsor' ? changeHref(path, true) : editHref(index, path);
}

/** The error summary of a refused submission: each answer's message, named by member in a group, linking to where it is changed. */
export function RefusedAnswersSummary({ answers, group }: RefusedAnswersSummaryProps) {
  const { t } = useTranslation();
  const onSpaLink = useSpaLinkHandler();
  const items = answers.map(({ index, field, rule }): ErrorSummaryItem => {
    const message = isValidatedField(field)
      ? t(messageKey(field as ValidatedField, rule as never))
      : t('apply.submitRefused.otherAnswer');
    const member = group !== undefined && index !== undefined ? group[index] : undefined;
    const text =
      member === undefined
        ? message
        : t('apply.submitRefused.memberAnswer', { name: memberName(answersOf(member)), message });
    const path = pathOfField(field);
    if (path === undefined) return { text };
    const href = changeAddress(path, index, group);
    return { text, href, onClick: (event) => onSpaLink(event, href) };
  });
  return (
    <ErrorSummary
      titleText={t(ERROR_SUMMARY_TITLE_KEY)}
      descriptionText={t('apply.submitRefused.notSent')}
      errorList={items}
    />
  );
}
