// What a page that sends (check your answers, the group overview) tells the server it showed: the
// fingerprint of the answers it would send, in its form. The server sends them only when they are
// still the answers it keeps; otherwise (changed in another tab, decision 026) the page is shown
// again with a notice.
import { FINGERPRINT_FIELD } from '#shared/journey/page-forms.ts';
import { answersFingerprint } from '#shared/journey/submission.ts';
import { NotificationBanner } from '../../components/govuk/notification-banner/notification-banner.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useJourney } from './journey-store.ts';

/** The hidden field with the fingerprint of the answers the page shows. */
export function AnswersFingerprintField() {
  const { state } = useJourney();
  return <input type="hidden" name={FINGERPRINT_FIELD} value={answersFingerprint(state)} />;
}

/** Says that nothing was sent because the answers changed in another window, when that is the server's answer. */
export function AnswersChangedNotice() {
  const { t } = useTranslation();
  if (!useJourney().answer.answersChanged) return null;
  return (
    <NotificationBanner
      text={t('apply.checkAnswers.answersChanged')}
      titleText={t('apply.checkAnswers.importantTitle')}
    />
  );
}
