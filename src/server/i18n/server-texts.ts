import { createInstance, type TFunction } from 'i18next';
import type { Language } from '#shared/i18n/languages.ts';
import ar from '#shared/i18n/translations/ar.json';
import cy from '#shared/i18n/translations/cy.json';
import en from '#shared/i18n/translations/en.json';

// The texts of what the server writes to people (emails, the pre-clearance document) live with
// every other user-facing text, in the translation files' `email` and `document` sections
// (decision 032). The server reads those two sections only; the browser's build leaves them out
// (scripts/vite/translation-sections.ts). i18next picks each language's plural form through
// Intl.PluralRules: Welsh and Arabic have six.

const sections = (texts: { email: unknown; document: unknown }) => ({
  translation: { email: texts.email, document: texts.document },
});

const instance = createInstance();
// With the resources given and initAsync off, init has finished when it returns.
void instance.init({
  lng: 'en',
  fallbackLng: 'en',
  initAsync: false,
  // What is interpolated here is plain text: the email's HTML rendering escapes it, the PDF draws it.
  interpolation: { escapeValue: false },
  returnNull: false,
  resources: { en: sections(en), cy: sections(cy), ar: sections(ar) },
});

/** The `t` of one language for the server's own writing (keys in full: `email.…`, `document.…`). */
export function textsIn(language: Language): TFunction {
  return instance.getFixedT(language);
}
