import i18next, { type i18n } from 'i18next';
// English minus the long texts of single pages, which arrive with their page (see registerTexts).
import en from 'virtual:translations/en';

/** The languages of the service; English is the default and the fallback. */
export const LANGUAGES = ['en', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

const DIRECTION: Record<Language, 'ltr' | 'rtl'> = { en: 'ltr', ar: 'rtl' };
// The choice lasts for the browser session, as the service keeps everything else there too.
/** The session-storage key of the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'lang';
/** The query parameter of a link that opens the service in a language. */
export const LANGUAGE_PARAMETER = 'lang';

/** True for a language the service is written in. */
function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  try {
    const value = sessionStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : 'en';
  } catch {
    return 'en';
  }
}

// Arabic is fetched only when chosen, so English readers never download it.
async function loadResources(language: Language): Promise<void> {
  // English is bundled with the first load; only Arabic is ever fetched.
  if (i18next.hasResourceBundle(language, 'translation')) return;
  const { default: resources } = await import('./ar.json');
  i18next.addResourceBundle(language, 'translation', resources);
}

function applyToDocument(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dir = DIRECTION[language];
}

/**
 * The language a link asks for (`?lang=ar`, as the language links write it), taken out of the
 * address so that it is not kept in history or copied on; the choice is then remembered.
 */
function languageFromAddress(): Language | undefined {
  const url = new URL(window.location.href);
  const asked = url.searchParams.get(LANGUAGE_PARAMETER);
  if (asked === null) return undefined;
  url.searchParams.delete(LANGUAGE_PARAMETER);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return isLanguage(asked) ? asked : undefined;
}

/** Starts i18next in the language a link asks for, or else the one remembered for this session. */
export async function initI18n(): Promise<i18n> {
  const asked = languageFromAddress();
  const language = asked ?? storedLanguage();
  await i18next.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: en } },
    // React escapes text itself. Texts rendered as markup (RenderedText) sanitise their
    // markup, and callers escape interpolated user values there explicitly.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (language !== 'en') await changeLanguage(language);
  else applyToDocument('en');
  // A link's language lasts for the session, as the language switch's does.
  if (asked === 'en') rememberLanguage('en');
  return i18next;
}

/** Switches the language of the whole page (text, `lang`, `dir`) and remembers it for the session. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadResources(language);
  await i18next.changeLanguage(language);
  applyToDocument(language);
  rememberLanguage(language);
}

function rememberLanguage(language: Language): void {
  try {
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private modes); the choice then lasts for this page only.
  }
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
