import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { InfoPageLayout } from './info-page-layout.tsx';
import { registerTexts } from '../../i18n/i18n.ts';
import texts from 'virtual:translations/en/terms';

registerTexts(texts);

export function TermsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('terms.title');

  return (
    <InfoPageLayout title={title}>
      <RenderedText html={t('terms.intro')} onNavigate={navigate} />
      <RenderedText html={t('terms.usingTheService')} onNavigate={navigate} />
      <RenderedText html={t('terms.accuracy')} onNavigate={navigate} />
      <RenderedText html={t('terms.falseInformation')} onNavigate={navigate} />
      <RenderedText html={t('terms.availability')} onNavigate={navigate} />
      <RenderedText html={t('terms.links')} onNavigate={navigate} />
      <RenderedText html={t('terms.personalInformation')} onNavigate={navigate} />
      <RenderedText html={t('terms.liability')} onNavigate={navigate} />
      <RenderedText html={t('terms.governingLaw')} onNavigate={navigate} />
      <RenderedText html={t('terms.changes')} onNavigate={navigate} />
    </InfoPageLayout>
  );
}
