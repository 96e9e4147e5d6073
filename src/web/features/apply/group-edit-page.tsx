// /group-edit: the group overview. The sponsor of the whole group, with Change links (a change
// applies to every member); the applicants awaiting submission, each with Edit and Delete (after
// a confirmation); add another (up to 10); submit them all.
import { useLocation } from 'react-router';
import { memberName } from '#shared/domain/answers.ts';
import { MAX_GROUP_SIZE } from '#shared/domain/fixed-values.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { GROUP_EDIT_PATH } from '#shared/journey/paths.ts';
import { DELETED_PARAMETER, editHref, JOURNEY_BUTTONS, memberToConfirmDeleting } from '#shared/journey/page-forms.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { InsetText } from '../../components/govuk/inset-text/inset-text.tsx';
import { NotificationBanner } from '../../components/govuk/notification-banner/notification-banner.tsx';
import { SummaryList } from '../../components/govuk/summary-list/summary-list.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { usePageBackLink } from '../../page-kit/page-back-link.tsx';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { DeleteConfirmation } from './delete-confirmation.tsx';
import { GroupMembers } from './group-members.tsx';
import { JourneyForm, SaveButton, SendButton, journeyButton } from './journey-form.tsx';
import { JourneyPage } from './journey-page.tsx';
import { useJourney } from './journey-store.ts';
import { SPONSOR_FIELDS } from '#shared/journey/answer-texts.ts';
import { answerRows } from './answer-rows.tsx';
import { AnswersChangedNotice, AnswersFingerprintField } from './answers-fingerprint.tsx';
import { LateMembersWarning } from './late-arrival-warning.tsx';
import { PageErrorSummary } from './question-page.tsx';
import { CosInUseWarning, SameCosWarning } from './same-cos-warning.tsx';
import { RefusedAnswersSummary, SubmissionProblem, isSubmissionProblem } from './submission-problem.tsx';
import { useTrackErrors, useTrackRefusedAnswers } from './journey-analytics.ts';

export function GroupEditPage() {
  const { t, language } = useTranslation();
  const { state, answer } = useJourney();
  const { group } = state;
  const onSpaLink = useSpaLinkHandler();
  // The Delete link opens the confirmation by its address, and the server says whom it deleted.
  const { search } = useLocation();
  const confirming = memberToConfirmDeleting((name) => new URLSearchParams(search).get(name), group.length);
  const title = t('pages.groupEdit');
  const errors = (state.errors.group ?? {}) as Record<string, string>;
  const full = group.length >= MAX_GROUP_SIZE;
  const { submission } = answer;
  const refused = submission?.kind === 'refused' ? submission.answers : undefined;
  useTrackRefusedAnswers(GROUP_EDIT_PATH, submission);
  // Adding one more than the group may hold is refused: the failure goes to analytics.
  const onAnswered = useTrackErrors(GROUP_EDIT_PATH, 'group');
  // "Go back" reopens the last member's check your answers (previous-page.ts says the same
  // without JavaScript): the history's would be emptied, the member being in the group by then.
  const last = group.length - 1;
  usePageBackLink(last >= 0 ? editHref(last) : undefined);

  if (submission !== undefined && isSubmissionProblem(submission))
    return <SubmissionProblem path={GROUP_EDIT_PATH} outcome={submission} />;

  return (
    <JourneyPage
      path={GROUP_EDIT_PATH}
      title={title}
      hasErrors={refused !== undefined || Object.keys(errors).length > 0}
    >
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          {refused !== undefined && <RefusedAnswersSummary answers={refused} group={group} />}
          <AnswersChangedNotice />
          <PageErrorSummary errors={errors} />
          {answer.notice !== null && new URLSearchParams(search).has(DELETED_PARAMETER) && (
            <NotificationBanner
              type="success"
              titleText={t('apply.group.deletedTitle')}
              text={t('apply.group.deleted', { name: answer.notice })}
            />
          )}
          <h1 className="govuk-heading-l" id="group">
            {title}
          </h1>
          {confirming !== null && (
            <DeleteConfirmation index={confirming} name={memberName(answersOf(group[confirming] ?? {}))} />
          )}
          <h2 className="govuk-heading-m">{t('apply.checkAnswers.sponsor')}</h2>
          <SummaryList
            rows={answerRows({ t, language }, answersOf(state.current), SPONSOR_FIELDS, onSpaLink, { fromGroup: true })}
          />
          <h2 className="govuk-heading-m">{t('apply.group.applicants')}</h2>
          <SameCosWarning state={state} scope="group" />
          <CosInUseWarning state={state} scope="group" />
          <LateMembersWarning group={group} />
          <GroupMembers group={group} onLink={onSpaLink} />
          {full && <InsetText text={t('apply.group.limitReached')} />}
          <JourneyForm path={GROUP_EDIT_PATH} onAnswered={onAnswered}>
            {(sending) => (
              <>
                {/* The declaration a single application shows before its send button. */}
                {group.length > 0 && <p className="govuk-body">{t('apply.checkAnswers.sendHint')}</p>}
                <AnswersFingerprintField />
                <div className="govuk-button-group">
                  {/* Not offered at 10: the inset text above says why no more can be added. */}
                  {!full && (
                    <Button
                      text={t('apply.group.add')}
                      classes="govuk-button--secondary"
                      {...journeyButton(JOURNEY_BUTTONS.addApplication)}
                    />
                  )}
                  {group.length > 0 && <SendButton text={t('apply.group.submit')} sending={sending} />}
                  <SaveButton />
                </div>
              </>
            )}
          </JourneyForm>
        </div>
      </div>
    </JourneyPage>
  );
}
