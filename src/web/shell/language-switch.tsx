import { useTranslation } from '../i18n/use-translation.ts';
import { LanguageNavigation } from '../components/govuk/language-navigation/language-navigation.tsx';
import { useLocation } from 'react-router';
import { changeLanguage } from '../i18n/i18n.ts';
import { LANGUAGE_PARAMETER, type Language } from '#shared/i18n/languages.ts';
import { HydrateLater } from '../page-kit/hydrate-later.tsx';

/** GOV.UK language navigation: each language named in itself, remembered for the session. */
export function LanguageSwitch() {
  const { t, language: current } = useTranslation();
  const { pathname, search } = useLocation();
  // The link opens this page in that language, in a new tab too (the service reads the parameter on load).
  const href = (lang: Language) => {
    const query = new URLSearchParams(search);
    query.set(LANGUAGE_PARAMETER, lang);
    return `${pathname}?${query.toString()}`;
  };
  const item = (lang: Language, text: string) => ({
    text,
    lang,
    href: href(lang),
    current: current === lang,
    onClick: (event: React.MouseEvent<HTMLElement>) => {
      event.preventDefault();
      void changeLanguage(lang);
    },
  });
  // Its links are to this address in each language: what it shows changes with either.
  return (
    <HydrateLater shows={`${current}${pathname}${search}`}>
      <LanguageNavigation
        ariaLabel={t('common.languageLabel')}
        items={[item('en', t('common.english')), item('cy', t('common.welsh')), item('ar', t('common.arabic'))]}
      />
    </HydrateLater>
  );
}
