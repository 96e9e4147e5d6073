import { STEP_PATHS } from '#shared/journey/paths.ts';
import { usePreloadPages } from '../../shell/lazy-page.ts';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { START_NEW_STATE } from '../../page-kit/start-new.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InfoPage, InfoTexts } from './info-page.tsx';

/** The first question of the journey; the start button leads there. */
const FIRST_STEP = STEP_PATHS[0];

/**
 * The start page: who can use the service and what they need, then "Start now"; with an
 * application in progress in this browser (the server keeps its answers), a way to continue it.
 */
export function StartPage() {
  const { t } = useTranslation();
  const onSpaLink = useSpaLinkHandler();
  const { continueAt } = usePageData().facts;
  // Start now then shows the first question at once (its code, about 40 KiB, loads once the
  // visitor does something here).
  usePreloadPages([FIRST_STEP]);
  return (
    <InfoPage
      titleKey="start.title"
      headingClass="govuk-heading-xl"
      textKeys={[
        'start.intro',
        'start.whoCanUse',
        'start.whenToApply',
        'start.howLong',
        'start.whatYouNeed',
        'start.afterYouApply',
      ]}
      lead={
        // A sponsor coming back sees first that their answers are kept, and the way back to them.
        continueAt !== undefined && (
          <div className="govuk-inset-text">
            <h2 className="govuk-heading-m">{t('start.inProgressTitle')}</h2>
            <p className="govuk-body">{t('start.inProgressBody')}</p>
            <Button
              text={t('start.continueButton')}
              href={continueAt}
              classes="govuk-!-margin-bottom-0"
              onClick={(event) => onSpaLink(event, continueAt)}
            />
          </div>
        )
      }
    >
      <Button
        text={t('start.startButton')}
        href={FIRST_STEP}
        isStartButton
        onClick={(event) => onSpaLink(event, FIRST_STEP, START_NEW_STATE)}
      />
      <InfoTexts textKeys={['start.beforeYouStart']} />
    </InfoPage>
  );
}
