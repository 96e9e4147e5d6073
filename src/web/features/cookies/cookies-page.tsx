import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocation, useNavigate } from 'react-router';
import { CONSENT_SAVED_PARAMETER } from '#shared/cookies/consent.ts';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { usePreviousPath } from '../../shell/navigation-effects.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { NotificationBanner } from '../../components/govuk/notification-banner/notification-banner.tsx';
import { Radios } from '../../components/govuk/radios/radios.tsx';
import { registerTexts } from '../../i18n/i18n.ts';
import texts from 'virtual:translations/en/cookiesPage';
import { CookiesInformation } from './cookies-information.tsx';
import { useCookieConsent } from './cookie-consent.tsx';

registerTexts(texts);

type Choice = 'yes' | 'no';

/** The cookies page: what the service stores, and a form to accept or reject analytics cookies. */
export function CookiesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { analytics, choose } = useCookieConsent();
  // After saving, "go back" returns to the page the user was on before the cookies page.
  const back = usePreviousPath() ?? '/';
  const [choice, setChoice] = useState<Choice>(analytics ? 'yes' : 'no');
  // Saved without JavaScript, the page comes back as /cookies?cookie-choice=saved.
  const { search } = useLocation();
  const [saved, setSaved] = useState(() => new URLSearchParams(search).get(CONSENT_SAVED_PARAMETER) === 'saved');
  usePageTitle(t('cookiesPage.title'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    choose(choice === 'yes', false);
    setSaved(true);
    window.scrollTo(0, 0);
  };

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {saved && (
          <NotificationBanner
            type="success"
            titleText={t('cookiesPage.successTitle')}
            html={
              <>
                <p className="govuk-notification-banner__heading">{t('cookiesPage.successHeading')}</p>
                <p className="govuk-body">
                  <a
                    className="govuk-notification-banner__link"
                    href={back}
                    onClick={(event) => {
                      event.preventDefault();
                      void navigate(back);
                    }}
                  >
                    {t('cookiesPage.goBack')}
                  </a>
                </p>
              </>
            }
          />
        )}
        <h1 className="govuk-heading-l">{t('cookiesPage.title')}</h1>
        <CookiesInformation />
        <h2 className="govuk-heading-m">{t('cookiesPage.settingsHeading')}</h2>
        <form method="post" action="/cookies" noValidate onSubmit={onSubmit}>
          <FormTokenField />
          <Radios
            name="cookies-analytics"
            idPrefix="cookies-analytics"
            classes="govuk-radios--inline"
            fieldset={{ legend: { text: t('cookiesPage.question'), classes: 'govuk-fieldset__legend--s' } }}
            value={choice}
            onChange={(value: string) => setChoice(value === 'yes' ? 'yes' : 'no')}
            items={[
              { value: 'yes', text: t('cookiesPage.yes') },
              { value: 'no', text: t('cookiesPage.no') },
            ]}
          />
          <Button text={t('cookiesPage.save')} type="submit" />
        </form>
      </div>
    </div>
  );
}
