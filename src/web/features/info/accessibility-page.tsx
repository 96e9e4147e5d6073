import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { InfoPageLayout } from './info-page-layout.tsx';
import { registerTexts } from '../../i18n/i18n.ts';
import texts from 'virtual:translations/en/accessibility';

registerTexts(texts);

/** Follows the GOV.UK model accessibility statement, section by section. */
export function AccessibilityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = t('accessibility.title');

  return (
    <InfoPageLayout title={title}>
      <RenderedText html={t('accessibility.intro')} onNavigate={navigate} />
      <RenderedText html={t('accessibility.howAccessible')} onNavigate={navigate} />
      <RenderedText html={t('accessibility.feedback')} onNavigate={navigate} />
      <RenderedText html={t('accessibility.reporting')} onNavigate={navigate} />
      <RenderedText html={t('accessibility.enforcement')} onNavigate={navigate} />
      <RenderedText html={t('accessibility.technicalInformation')} onNavigate={navigate} />
      <RenderedText html={t('accessibility.complianceStatus')} onNavigate={navigate} />
      <RenderedText html={t('accessibility.improving')} onNavigate={navigate} />
      <RenderedText html={t('accessibility.preparation')} onNavigate={navigate} />
      <RenderedText html={t('accessibility.testing')} onNavigate={navigate} />
    </InfoPageLayout>
  );
}
