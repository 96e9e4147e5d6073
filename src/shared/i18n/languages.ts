import { cookieValue } from '../cookies/cookie-value.ts';

// The languages of the service, and how a request says which one it wants: the browser app and
// the server (which renders the pages) decide the language the same way.

/** The languages of the service; English is the default and the fallback. */
export const LANGUAGES = ['en', 'cy', 'ar'] as const;
/** One language of the service. */
export type Language = (typeof LANGUAGES)[number];

/** The writing direction of each language, for `dir` on `<html>`. */
export const LANGUAGE_DIRECTION: Readonly<Record<Language, 'ltr' | 'rtl'>> = { en: 'ltr', cy: 'ltr', ar: 'rtl' };

/** The query parameter of a link that opens the service in a language (the language links). */
export const LANGUAGE_PARAMETER = 'lang';

/** The cookie that keeps the chosen language until the browser closes. */
export const LANGUAGE_COOKIE = 'lang';

/** True for a language the service is written in. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The `Set-Cookie` value that keeps `language` until the browser closes. */
export function languageCookie(language: Language, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The language a request's cookies keep, English when none is kept. */
export function languageOfCookies(cookies: string): Language {
  const kept = cookieValue(cookies, LANGUAGE_COOKIE);
  return isLanguage(kept) ? kept : 'en';
}
