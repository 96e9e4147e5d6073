import { useTranslation } from '../../i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { FORM_STATE_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { Table } from '../../components/govuk/table/table.tsx';
import { registerTexts } from '../../i18n/i18n.ts';
import { LANGUAGE_COOKIE } from '#shared/i18n/languages.ts';
import { HOST_COOKIE_PREFIX } from '#shared/cookies/cookie-value.ts';
import { FORM_TOKEN_COOKIE } from '#shared/pages/form-token.ts';
import { FORM_SESSION_COOKIE } from '#shared/pages/form-session.ts';
import { CONSENT_COOKIE } from '#shared/cookies/consent.ts';
import texts from 'virtual:translations/en/cookiesInformation';

registerTexts(texts);

interface CookieRow {
  /** Cookie and storage names are code, not text: the same in every language. */
  name: string;
  purpose: string;
  expires: string;
}

function CookieTable({ caption, rows }: { caption: string; rows: CookieRow[] }) {
  const { t } = useTranslation();
  return (
    <Table
      caption={caption}
      captionClasses="govuk-table__caption--s"
      head={[
        { text: t('cookiesInformation.columnName') },
        { text: t('cookiesInformation.columnPurpose') },
        { text: t('cookiesInformation.columnExpires') },
      ]}
      rows={rows.map((row) => [
        // Kept left to right inside Arabic text, so `_ga_<ID>` is not mirrored.
        { html: <span dir="ltr">{row.name}</span> },
        { text: row.purpose },
        { text: row.expires },
      ])}
    />
  );
}

/**
 * What the service stores in the browser and why. The cookies page shows this above its
 * consent form; it is not a page by itself, so it sets no title and no heading level 1.
 */
export function CookiesInformation() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // React Router's navigate may return a promise; a link inside the text has nothing to wait for.
  const follow = (path: string) => void navigate(path);

  return (
    <>
      <RenderedText html={t('cookiesInformation.intro')} onNavigate={follow} />
      <RenderedText html={t('cookiesInformation.essential')} onNavigate={follow} />
      <CookieTable
        caption={t('cookiesInformation.essentialCaption')}
        rows={[
          {
            name: CONSENT_COOKIE,
            purpose: t('cookiesInformation.consentCookiePurpose'),
            expires: t('cookiesInformation.consentCookieExpires'),
          },
          {
            name: `${HOST_COOKIE_PREFIX}${FORM_TOKEN_COOKIE}`,
            purpose: t('cookiesInformation.formTokenPurpose'),
            expires: t('cookiesInformation.formTokenExpires'),
          },
          {
            name: `${HOST_COOKIE_PREFIX}${FORM_SESSION_COOKIE}`,
            purpose: t('cookiesInformation.formSessionPurpose'),
            expires: t('cookiesInformation.formSessionExpires'),
          },
          {
            name: LANGUAGE_COOKIE,
            purpose: t('cookiesInformation.languagePurpose'),
            expires: t('cookiesInformation.languageExpires'),
          },
        ]}
      />
      <RenderedText html={t('cookiesInformation.sessionStorage')} onNavigate={follow} />
      <CookieTable
        caption={t('cookiesInformation.sessionStorageCaption')}
        rows={[
          {
            name: FORM_STATE_STORAGE_KEY,
            purpose: t('cookiesInformation.statePurpose'),
            expires: t('cookiesInformation.stateExpires'),
          },
        ]}
      />
      <RenderedText html={t('cookiesInformation.analytics')} onNavigate={follow} />
      <CookieTable
        caption={t('cookiesInformation.analyticsCaption')}
        rows={[
          {
            name: '_ga',
            purpose: t('cookiesInformation.gaPurpose'),
            expires: t('cookiesInformation.gaExpires'),
          },
          {
            name: '_ga_<ID>',
            purpose: t('cookiesInformation.gaSessionPurpose'),
            expires: t('cookiesInformation.gaSessionExpires'),
          },
        ]}
      />
    </>
  );
}
