import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { InfoPageLayout } from './info-page-layout.tsx';
import { registerTexts } from '../../i18n/i18n.ts';
import texts from 'virtual:translations/en/privacy';

registerTexts(texts);

export function PrivacyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('privacy.title');

  return (
    <InfoPageLayout title={title}>
      <RenderedText html={t('privacy.intro')} onNavigate={navigate} />
      <RenderedText html={t('privacy.controller')} onNavigate={navigate} />
      <RenderedText html={t('privacy.dataProtectionOfficer')} onNavigate={navigate} />
      <RenderedText html={t('privacy.whatWeCollect')} onNavigate={navigate} />
      <RenderedText html={t('privacy.whyWeNeedIt')} onNavigate={navigate} />
      <RenderedText html={t('privacy.lawfulBasis')} onNavigate={navigate} />
      <RenderedText html={t('privacy.sharing')} onNavigate={navigate} />
      <RenderedText html={t('privacy.internationalTransfers')} onNavigate={navigate} />
      <RenderedText html={t('privacy.retention')} onNavigate={navigate} />
      <RenderedText html={t('privacy.rights')} onNavigate={navigate} />
      <RenderedText html={t('privacy.complaints')} onNavigate={navigate} />
      <RenderedText html={t('privacy.automatedDecisions')} onNavigate={navigate} />
      <RenderedText html={t('privacy.security')} onNavigate={navigate} />
      <RenderedText html={t('privacy.changes')} onNavigate={navigate} />
      <RenderedText html={t('privacy.lastUpdated')} onNavigate={navigate} />
    </InfoPageLayout>
  );
}
