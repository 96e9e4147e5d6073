import { useEffect, useRef, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { CookieBanner } from '../../components/govuk/cookie-banner/cookie-banner.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { useCookieConsent } from './cookie-consent.tsx';
import { HydrateLater } from '../../page-kit/hydrate-later.tsx';

/**
 * The cookie banner: asks before a choice, confirms right after one (until Hide
 * or the next navigation), and never shows on the cookies page itself.
 */
export function CookieConsentBanner() {
  const { t, language } = useTranslation();
  const { pathname } = useLocation();
  const onSpaLink = useSpaLinkHandler();
  const navigate = useNavigate();
  const { analytics, didJustSet, hidden, choose, hide } = useCookieConsent();
  const confirmation = useRef<HTMLFormElement>(null);

  const undecided = analytics === undefined;
  const confirming = !undecided && didJustSet && !hidden;

  // GOV.UK pattern: focus moves to the confirmation so screen readers hear the outcome.
  useEffect(() => {
    if (confirming) confirmation.current?.querySelector<HTMLElement>('.govuk-cookie-banner__message')?.focus();
  }, [confirming]);

  if (pathname === '/cookies' || (!undecided && !confirming)) return null;

  // With JavaScript the buttons act in the page; the form is sent only without it.
  const inPage = (act: () => void) => (event: MouseEvent) => {
    event.preventDefault();
    act();
  };

  return (
    // A form, so that the choice can be sent without JavaScript (GOV.UK's pattern).
    <form method="post" action={pathname} noValidate ref={confirmation}>
      <FormTokenField />
      {/* Hydrated after the page: it changes only when the visitor chooses, or with the language. */}
      <HydrateLater shows={`${language}${undecided}`}>
        <CookieBanner
          ariaLabel={t('cookieBanner.label')}
          messages={
            undecided
              ? [
                  {
                    headingText: t('cookieBanner.heading'),
                    html: <RenderedText html={t('cookieBanner.message')} />,
                    actions: [
                      {
                        text: t('cookieBanner.accept'),
                        type: 'submit',
                        name: 'cookies',
                        value: 'accept',
                        onClick: inPage(() => choose(true, true)),
                      },
                      {
                        text: t('cookieBanner.reject'),
                        type: 'submit',
                        name: 'cookies',
                        value: 'reject',
                        onClick: inPage(() => choose(false, true)),
                      },
                      {
                        text: t('cookieBanner.view'),
                        href: '/cookies',
                        onClick: (e: React.MouseEvent<HTMLElement>) => onSpaLink(e, '/cookies'),
                      },
                    ],
                  },
                ]
              : [
                  {
                    html: (
                      <p className="govuk-body">
                        <RenderedText
                          inline
                          html={t(analytics ? 'cookieBanner.accepted' : 'cookieBanner.rejected')}
                          onNavigate={(path) => void navigate(path)}
                        />
                      </p>
                    ),
                    role: 'alert',
                    attributes: { tabindex: '-1' },
                    actions: [
                      {
                        text: t('cookieBanner.hide'),
                        type: 'submit',
                        name: 'cookies',
                        value: 'hide',
                        onClick: inPage(hide),
                      },
                    ],
                  },
                ]
          }
        />
      </HydrateLater>
    </form>
  );
}
