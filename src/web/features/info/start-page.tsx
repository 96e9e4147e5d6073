import type { MouseEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { InfoPageLayout } from './info-page-layout.tsx';

/** The first question of the journey; the start button leads there. */
const FIRST_STEP = '/your-contact-details';

export function StartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('start.title');
  usePageTitle(title);

  const start = (event: MouseEvent<HTMLButtonElement | HTMLAnchorElement>) => {
    // Let the browser handle "open in new tab/window" clicks; a plain click stays in the SPA.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(FIRST_STEP);
  };

  return (
    <InfoPageLayout title={title} headingClass="govuk-heading-xl">
      <RenderedText html={t('start.intro')} onNavigate={navigate} />
      <RenderedText html={t('start.whoCanUse')} onNavigate={navigate} />
      <RenderedText html={t('start.whenToApply')} onNavigate={navigate} />
      <RenderedText html={t('start.whatYouNeed')} onNavigate={navigate} />
      <RenderedText html={t('start.afterYouApply')} onNavigate={navigate} />
      <Button text={t('start.startButton')} href={FIRST_STEP} isStartButton onClick={start} />
      <RenderedText html={t('start.beforeYouStart')} onNavigate={navigate} />
    </InfoPageLayout>
  );
}
