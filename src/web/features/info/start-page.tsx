import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { useSpaLinkHandler } from '../../app/spa-link.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { InfoPageLayout } from './info-page-layout.tsx';

/** The first question of the journey; the start button leads there. */
const FIRST_STEP = '/your-contact-details';

export function StartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('start.title');

  const onSpaLink = useSpaLinkHandler();

  return (
    <InfoPageLayout title={title} headingClass="govuk-heading-xl">
      <RenderedText html={t('start.intro')} onNavigate={navigate} />
      <RenderedText html={t('start.whoCanUse')} onNavigate={navigate} />
      <RenderedText html={t('start.whenToApply')} onNavigate={navigate} />
      <RenderedText html={t('start.whatYouNeed')} onNavigate={navigate} />
      <RenderedText html={t('start.afterYouApply')} onNavigate={navigate} />
      <Button text={t('start.startButton')} href={FIRST_STEP} isStartButton onClick={(event) => onSpaLink(event, FIRST_STEP)} />
      <RenderedText html={t('start.beforeYouStart')} onNavigate={navigate} />
    </InfoPageLayout>
  );
}
