import { useState, type ReactNode } from 'react';
import { COMPLETE_PATH } from '#shared/journey/paths.ts';
import { EXIT_BUTTON } from '#shared/pages/exit-button.ts';
import { useTranslation } from '../i18n/use-translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { BackLink } from '../components/govuk/back-link/back-link.tsx';
import { Footer } from '../components/govuk/footer/footer.tsx';
import { Header } from '../components/govuk/header/header.tsx';
import { PhaseBanner } from '../components/govuk/phase-banner/phase-banner.tsx';
import { ServiceNavigation } from '../components/govuk/service-navigation/service-navigation.tsx';
import { SkipLink } from '../components/govuk/skip-link/skip-link.tsx';
import { RenderedText } from '../components/rendered-text/rendered-text.tsx';
import { CookieConsentBanner } from '../features/cookies/cookie-consent-banner.tsx';
import { useCookieConsent } from '../features/cookies/cookie-consent.tsx';
import { FormTokenField } from '../page-kit/form-token.tsx';
import { HydrateLater } from '../page-kit/hydrate-later.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { useNavigationEffects, usePreviousPath } from './navigation-effects.ts';
import { usePageData } from '../page-kit/page-data-context.ts';
import { PageBackLinkContext } from '../page-kit/page-back-link.tsx';
import { isPlainClick, useSpaLinkHandler } from '../page-kit/spa-link.ts';

const GOV_UK_HOME = 'https://www.gov.uk/';
const FEEDBACK_URL = 'https://www.gov.uk/contact/govuk';

/**
 * The shared frame of every page: cookie banner, skip link, header, back link, language, footer.
 * The first page's "Go back" leads where the server says (decision 026); later ones follow the
 * app's own history.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { t, language } = useTranslation();
  const navigate = useNavigate();
  const onSpaLink = useSpaLinkHandler();
  const { clearJustSet } = useCookieConsent();
  useNavigationEffects(clearJustSet);
  const previousPath = usePreviousPath();
  const { pathname, search } = useLocation();
  const { back: backLink } = usePageData();
  const [firstAddress] = useState(`${pathname}${search}`);
  // The server says where "Go back" leads only in a page loaded whole (a reload, a new tab): the
  // app's later answers for the same address (its errors after a form, Back to it) do not carry
  // it, so the first one is kept for as long as the tab stays on that address.
  const [firstBack] = useState(backLink);
  // Back through the app's own history; on the page the tab loaded first, to the page before it
  // in the journey, as a browser without JavaScript is shown it.
  // A page that says where its own "Go back" leads (page-back-link.tsx) is followed.
  const [pageBack, setPageBack] = useState<string | undefined>(undefined);
  const back =
    pageBack ?? previousPath ?? (`${pathname}${search}` === firstAddress ? (backLink ?? firstBack) : undefined);
  // Once sent, applications cannot be taken back: the complete page offers Finish, not Go back.
  const showBackLink = back !== undefined && pathname !== COMPLETE_PATH;

  const footerLink = (path: string, text: string) => ({
    href: path,
    text,
    onClick: (e: React.MouseEvent<HTMLElement>) => onSpaLink(e, path),
  });

  return (
    <>
      {/* GOV.UK's cookie banner guidance: first in the body, before the skip link, so nobody
          skips past it. It is a labelled region landmark of its own. */}
      <CookieConsentBanner />
      {/* One banner landmark, as govuk-frontend's page template wraps its header and service
          navigation. The back link, language and exit rows sit in it too (the template's
          headerEnd): before main, so the skip link skips them, and inside a landmark.
          The skip link opens the header rather than standing before it as in the template:
          after the banner's "View cookies" link axe no longer takes it for a skip link and
          reports it outside every landmark (axe-core issue 4240). Its place in the reading and
          tab order is the template's: after the cookie banner, before everything else. */}
      <header className="govuk-template__header">
        <SkipLink text={t('common.skipLink')} href="#main-content" />
        {/* The parts that show the same in every page of a language hydrate after the page. */}
        <HydrateLater shows={language}>
          <Header homepageUrl={GOV_UK_HOME} />
        </HydrateLater>
        <HydrateLater shows={language}>
          <ServiceNavigation
            serviceName={t('service.name')}
            serviceUrl="/"
            ariaLabel={t('common.serviceInformation')}
            onServiceUrlClick={(e) => onSpaLink(e, '/')}
          />
        </HydrateLater>
        {/* The beta banner, under the header as GOV.UK places it; its link is the service's own
            feedback page, in the same tab (the page keeps nothing of where the user was). */}
        <HydrateLater shows={language}>
          <PhaseBanner
            tag={{ text: t('common.phaseTag') }}
            html={<RenderedText inline html={t('common.phaseBanner')} onNavigate={(path) => void navigate(path)} />}
          />
        </HydrateLater>
        <div className="govuk-width-container app-top-bar">
          {showBackLink && (
            <BackLink
              text={t('common.goBack')}
              href={back}
              onClick={(event) => {
                if (pageBack !== undefined || previousPath === undefined) return onSpaLink(event, back);
                if (!isPlainClick(event)) return;
                event.preventDefault();
                void navigate(-1);
              }}
            />
          )}
          <div className="app-top-bar__end">
            <LanguageSwitch />
            {/* Exiting to the government site clears what the server keeps for the browser: the
                form is sent by the browser, with JavaScript too. Answers not yet sent are cleared
                only once the exit page has asked (the server shows it first). */}
            <form method="post" action={`${pathname}${search}`} className="govuk-body govuk-!-margin-0">
              <FormTokenField />
              <button
                type="submit"
                name={EXIT_BUTTON.name}
                value={EXIT_BUTTON.value}
                className="govuk-link app-link-button"
              >
                {t('common.exit')}
              </button>
            </form>
          </div>
        </div>
      </header>
      <div className="govuk-width-container">
        <main className="govuk-main-wrapper" id="main-content">
          <PageBackLinkContext.Provider value={setPageBack}>{children}</PageBackLinkContext.Provider>
        </main>
      </div>
      <footer className="govuk-template__footer">
        <HydrateLater shows={language}>
          <Footer
            meta={{
              visuallyHiddenTitle: t('footer.supportLinks'),
              items: [
                {
                  href: FEEDBACK_URL,
                  text: t('footer.feedback'),
                  attributes: { target: '_blank', rel: 'noopener noreferrer' },
                },
                footerLink('/terms-and-conditions', t('footer.terms')),
                footerLink('/privacy-policy', t('footer.privacy')),
                footerLink('/cookies', t('footer.cookies')),
                footerLink('/accessibility', t('footer.accessibility')),
              ],
            }}
            contentLicence={{ html: <RenderedText inline html={t('footer.licence')} /> }}
            copyright={{ text: t('footer.copyright') }}
          />
        </HydrateLater>
      </footer>
    </>
  );
}
