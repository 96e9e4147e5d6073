import i18next, { type i18n } from 'i18next';
// English minus the long texts of single pages, which arrive with their page (see registerTexts).
import en from 'virtual:translations/en';
import {
  isLanguage,
  languageCookie,
  LANGUAGE_DIRECTION,
  languageOfCookies,
  type Language,
} from '#shared/i18n/languages.ts';

// English is bundled with the first load; another language is fetched only when chosen, so
// English readers never download it.
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  cy: () => import('#shared/i18n/translations/cy.json'),
  ar: () => import('#shared/i18n/translations/ar.json'),
};

async function loadResources(language: Language): Promise<void> {
  if (language === 'en' || i18next.hasResourceBundle(language, 'translation')) return;
  const { default: resources } = await LOADERS[language]();
  i18next.addResourceBundle(language, 'translation', resources);
}

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = LANGUAGE_DIRECTION[language];
}

/** The i18next options shared by the browser and the server rendering. */
export const I18N_OPTIONS = {
  fallbackLng: 'en',
  // React escapes text itself. Texts rendered as markup (RenderedText) sanitise their
  // markup, and callers escape interpolated user values there explicitly.
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;

/**
 * Starts i18next in the language the page was served in: the server's, on `<html lang>`, when it
 * rendered the page (so the app hydrates in it), else the one kept in the language cookie (a
 * language link, `?lang=ar`, sets the cookie on the server before the page loads).
 */
export async function initI18n(serverRendered: boolean): Promise<i18n> {
  const served = document.documentElement.lang;
  const language = serverRendered && isLanguage(served) ? served : languageOfCookies(document.cookie);
  await i18next.init({ ...I18N_OPTIONS, lng: 'en', resources: { en: { translation: en } } });
  if (language !== 'en') {
    await loadResources(language);
    await i18next.changeLanguage(language);
  }
  applyToDocument(language);
  return i18next;
}

/** Switches the language of the whole page (text, `lang`, `dir`) and keeps it until the browser closes. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadResources(language);
  await i18next.changeLanguage(language);
  applyToDocument(language);
  document.cookie = languageCookie(language, location.protocol === 'https:');
}

/**
 * Adds English texts that a page brings with its own chunk (the long texts of the static
 * pages). Arabic is loaded whole when chosen, so it needs no such step.
 */
export function registerTexts(texts: Record<string, unknown>): void {
  i18next.addResourceBundle('en', 'translation', texts, true, false);
}

/** The language the page (or the given i18next instance) shows now. */
export function currentLanguage(instance: i18n = i18next): Language {
  return isLanguage(instance.language) ? instance.language : 'en';
}
