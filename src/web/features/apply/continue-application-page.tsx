// /continue-application?token=…: the page a saved application's emailed link opens (decision 040).
// Its button opens the answers in this browser (a form: following the link changes nothing, so a
// mail scanner uses nothing up); a link that opens nothing says so, and nothing of whether an
// application existed.
import { useLocation } from 'react-router';
import { hasUnsentAnswers } from '#shared/pages/unsent-answers.ts';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { MessagePage } from '../../page-kit/message-page.tsx';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { usePageForm } from '../../page-kit/page-form.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import './journey-texts.ts';

export function ContinueApplicationPage() {
  const { t } = useTranslation();
  const { outcome, session } = usePageData();
  const { pathname, search } = useLocation();
  const { onSubmit, sending } = usePageForm();
  if (outcome.draftLink !== 'opens') {
    return (
      <MessagePage title={t('saveReturn.linkProblemTitle')}>
        <RenderedText html={t('saveReturn.linkProblemBody')} />
      </MessagePage>
    );
  }
  return (
    <MessagePage title={t('saveReturn.continueTitle')}>
      <p className="govuk-body">{t('saveReturn.continueBody')}</p>
      {hasUnsentAnswers(session.formState) && (
        <WarningText text={t('saveReturn.replaceWarning')} iconFallbackText={t('common.warning')} />
      )}
      <form method="post" action={`${pathname}${search}`} noValidate onSubmit={onSubmit}>
        <FormTokenField />
        <Button text={t('saveReturn.continue')} type="submit" busy={sending} />
      </form>
    </MessagePage>
  );
}
