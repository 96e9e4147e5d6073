// The web app as the server renders it: `vite build --ssr` builds this file to
// dist/web-server/entry-server.js, which the server loads (the contract is in
// #shared/pages/page-renderer.ts). Every page's code is loaded before the first render, so a
// render never suspends: the HTML is the whole page, and React writes no inline script.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import i18next, { type i18n } from 'i18next';
import en from 'virtual:translations/en';
import serverOnly from 'virtual:translations/en/serverOnly';
import { LANGUAGE_DIRECTION, languageOfCookies, type Language } from '#shared/i18n/languages.ts';
import { escapeHtmlAttribute, escapeHtmlText } from '#shared/pages/html-escape.ts';
import { PAGE_DATA_ID } from '#shared/pages/page-data.ts';
import type { PageRenderer } from '#shared/pages/page-renderer.ts';
import { AppFrame, FormProblemPage } from './shell/app.tsx';
import { loadAllPages } from './shell/lazy-page.ts';
import { PageDataContext } from './page-kit/page-data-context.ts';
import { ServerRenderContext, type ServerRender } from './page-kit/server-render.ts';
import { keepingTexts, parse5Parser } from './components/rendered-text/parse5-parser.ts';
import { setHtmlParser } from './components/rendered-text/rendered-text.tsx';
import { readConsent } from './features/cookies/consent-cookie.ts';
import ar from '#shared/i18n/translations/ar.json';
import cy from '#shared/i18n/translations/cy.json';
import { I18N_OPTIONS, registerTexts } from './i18n/i18n.ts';
import { TranslationProvider } from './i18n/use-translation.ts';

// One i18next instance per language, sharing the texts (the pages add theirs as they load).
let translations: Record<Language, i18n> | undefined;

export const loadPages: PageRenderer['loadPages'] = async () => {
  await i18next.init({
    ...I18N_OPTIONS,
    lng: 'en',
    resources: { en: { translation: en }, cy: { translation: cy }, ar: { translation: ar } },
  });
  registerTexts(serverOnly);
  await Promise.all([loadAllPages(), FormProblemPage.preload()]);
  setHtmlParser(keepingTexts(new Set(stringsOf(i18next.store.data)), parse5Parser));
  translations = {
    en: i18next.cloneInstance({ lng: 'en' }),
    cy: i18next.cloneInstance({ lng: 'cy' }),
    ar: i18next.cloneInstance({ lng: 'ar' }),
  };
};

export const renderPage: PageRenderer['renderPage'] = (template, { url, cookies, data }) => {
  if (translations === undefined) throw new Error('loadPages() must finish before the first renderPage()');
  const language = languageOfCookies(cookies);
  let title: string | undefined;
  let redirect: string | undefined;
  const serverRender: ServerRender = {
    setTitle: (value) => (title = value),
    setRedirect: (value) => (redirect = value),
  };
  const app = renderToString(
    <StrictMode>
      <ServerRenderContext.Provider value={serverRender}>
        <PageDataContext.Provider value={data}>
          <TranslationProvider instance={translations[language]}>
            <StaticRouter location={url}>
              <AppFrame analyticsConsent={readConsent(cookies)} />
            </StaticRouter>
          </TranslationProvider>
        </PageDataContext.Provider>
      </ServerRenderContext.Provider>
    </StrictMode>,
  );
  // The answers lead elsewhere (or the address is another's alias): the server says so, as the app does.
  if (redirect !== undefined) return { kind: 'redirect', location: redirect };

  // JSON in a script element the browser does not run: `<` is escaped so no text can close it.
  // The app hydrates the page from the very answer it was rendered from.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // The page of a form that could not be answered is sent without the app: the browser shows it as it is.
  const body =
    data.problem !== undefined
      ? `<div id="root">${app}</div>`
      : `<div id="root">${app}</div><script type="application/json" id="${PAGE_DATA_ID}">${json}</script>`;
  // Replaced by functions: a `$` in a page's text is not a replacement pattern.
  let html = template
    .replace(/<html lang="[^"]*" dir="[^"]*"/, () => `<html lang="${language}" dir="${LANGUAGE_DIRECTION[language]}"`)
    .replace(/<title>[^<]*<\/title>/, (original) =>
      title === undefined ? original : `<title>${escapeHtmlText(title)}</title>`,
    )
    .replace('<div id="root"></div>', () => body);
  // A page answered at another address than its own (a status link's, decision 059): the app shows
  // its own address in place of the one asked (main.tsx); a browser without JavaScript goes there.
  const { address } = data;
  if (address !== undefined)
    html = html.replace(
      '</head>',
      () => `<noscript><meta http-equiv="refresh" content="0; url=${escapeHtmlAttribute(address)}"></noscript></head>`,
    );
  if (data.problem !== undefined) html = html.replace(/<script type="module"[^>]*><\/script>/g, '');
  return { kind: 'page', html };
};

/** Every text of the translations (a tree of objects and arrays of texts). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return typeof value === 'object' && value !== null ? Object.values(value).flatMap(stringsOf) : [];
}
