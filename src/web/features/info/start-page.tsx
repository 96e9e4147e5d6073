import { useEffect } from 'react';
import { STEP_PATHS } from '#shared/journey/paths.ts';
import { preloadPages } from '../../shell/lazy-page.ts';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { START_NEW_STATE } from '../../page-kit/start-new.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { InfoPage, InfoTexts } from './info-page.tsx';

/** The first question of the journey; the start button leads there. */
const FIRST_STEP = STEP_PATHS[0];

// What a visitor does on the page before pressing Start now: a touch, a pointer's move or press, a
// key, a scroll. The first of them starts loading the first question's code (about 40 KiB): it
// arrives while they read, and a visit that only reads the page does not download it.
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'scroll', 'focusin'] as const;

function usePreloadOnInteraction(path: string): void {
  useEffect(() => {
    const stop = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, start, { capture: true });
    };
    const start = () => {
      stop();
      preloadPages([path]);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
    return stop;
  }, [path]);
}

/**
 * The start page: who can use the service and what they need, then "Start now"; with an
 * application in progress in this browser (the server keeps its answers), a way to continue it.
 */
export function StartPage() {
  const { t } = useTranslation();
  const onSpaLink = useSpaLinkHandler();
  const { continueAt } = usePageData().facts;
  // Start now then shows the first question at once.
  usePreloadOnInteraction(FIRST_STEP);
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
