import { useTranslation } from '../i18n/use-translation.ts';
import { LanguageNavigation } from '../components/govuk/language-navigation/language-navigation.tsx';
import { changeLanguage, currentLanguage, type Language } from '../i18n/i18n.ts';

/** GOV.UK language navigation: English or Arabic, remembered for the session. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = currentLanguage();
  const item = (lang: Language, text: string) => ({
    text,
    lang,
    href: `?lang=${lang}`,
    current: current === lang,
    onClick: (event: React.MouseEvent<HTMLElement>) => {
      event.preventDefault();
      void changeLanguage(lang);
    },
  });
  return <LanguageNavigation ariaLabel={t('common.languageLabel')} items={[item('en', t('common.english')), item('ar', t('common.arabic'))]} />;
}
