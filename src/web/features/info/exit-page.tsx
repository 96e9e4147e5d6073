// /exit: Exit to GOV.UK pressed while answers are not yet sent (with JavaScript the frame opens
// this page, without it the server does). Exiting deletes them, so the page asks first: its
// warning button exits and clears them, as Exit did before; the other returns to the page
// Exit was pressed on. Its form is posted by the browser with JavaScript too: the server clears its
// session and sends the browser to GOV.UK.
import { useLocation } from 'react-router';
import texts from 'virtual:translations/en/exit';
import { EXIT_CONFIRMED_BUTTON } from '#shared/pages/exit-button.ts';
import { exitReturnAddress } from '#shared/pages/exit-return.ts';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { registerTexts } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

registerTexts(texts);

/** Asks to confirm exiting when answers would be lost. */
export function ExitPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const onSpaLink = useSpaLinkHandler();
  const back = exitReturnAddress(search);
  const title = t('exit.title');
  usePageTitle(title);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{title}</h1>
        <WarningText text={t('exit.warning')} iconFallbackText={t('exit.warningLabel')} />
        <form method="post" action={`${pathname}${search}`} noValidate>
          <FormTokenField />
          <div className="govuk-button-group">
            <Button
              text={t('exit.confirm')}
              classes="govuk-button--warning"
              name={EXIT_CONFIRMED_BUTTON.name}
              value={EXIT_CONFIRMED_BUTTON.value}
            />
            <Button
              text={t('exit.stay')}
              classes="govuk-button--secondary"
              href={back}
              onClick={(event) => onSpaLink(event, back)}
            />
          </div>
        </form>
      </div>
    </div>
  );
}
