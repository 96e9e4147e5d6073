// Test support: an i18next instance of its own, with the texts a test names.
import { createInstance, type i18n } from 'i18next';

/** A ready i18next instance holding `en` (and optionally `ar`) texts. */
export function testI18n(en: Record<string, unknown>, ar: Record<string, unknown> = {}, lng = 'en'): i18n {
  const instance = createInstance();
  void instance.init({
    lng,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    resources: { en: { translation: en }, ar: { translation: ar } },
  });
  return instance;
}
