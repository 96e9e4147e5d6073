// /ineligible: the nationality given cannot use the concession. British nationals are
// told they need nothing; a group member can be removed so the rest of the group carries on.
import { isBritish } from '#shared/countries/nationality-rules.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { isGroupApplication } from '#shared/journey/progress.ts';
import { INELIGIBLE_PATH } from '#shared/journey/paths.ts';
import { changeHref, JOURNEY_BUTTONS } from '#shared/journey/page-forms.ts';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { JourneyForm, journeyButton } from './journey-form.tsx';
import { JourneyPage } from './journey-page.tsx';
import { useJourney } from './journey-store.ts';

export function IneligiblePage() {
  const { t } = useTranslation();
  const { state } = useJourney();
  const onSpaLink = useSpaLinkHandler();
  const british = isBritish(answersOf(state.current).nationality);
  const group = isGroupApplication(state);
  const title = british ? t('apply.ineligible.britishTitle') : t('pages.ineligible');

  return (
    <JourneyPage path={INELIGIBLE_PATH} title={title}>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <h1 className="govuk-heading-l">{title}</h1>
          {british ? (
            <p className="govuk-body">{t('apply.ineligible.britishBody')}</p>
          ) : (
            <RenderedText html={t('apply.ineligible.body')} />
          )}
          {group && <p className="govuk-body">{t('apply.ineligible.groupBody')}</p>}
          <JourneyForm path={INELIGIBLE_PATH}>
            <div className="govuk-button-group">
              {group ? (
                <Button text={t('apply.ineligible.removeMember')} {...journeyButton(JOURNEY_BUTTONS.clearAndReturn)} />
              ) : (
                <Button
                  text={t('apply.ineligible.startAgain')}
                  classes="govuk-button--secondary"
                  {...journeyButton(JOURNEY_BUTTONS.finish)}
                />
              )}
              <a
                className="govuk-link"
                href={changeHref('/nationality')}
                onClick={(event) => onSpaLink(event, changeHref('/nationality'))}
              >
                {t('apply.ineligible.changeNationality')}
              </a>
            </div>
          </JourneyForm>
        </div>
      </div>
    </JourneyPage>
  );
}
