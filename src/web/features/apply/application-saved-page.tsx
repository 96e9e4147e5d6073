// /application-saved: the answers are saved (decision 040): where the link went, until when it
// works, and the way back to the page the sponsor was on.
import { useLocation } from 'react-router';
import { formatLongDate } from '#shared/dates/format.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { JOURNEY_PAGE_PATHS } from '#shared/journey/paths.ts';
import { LATER_PARAMETER, RETURN_PARAMETER } from '#shared/pages/saved-drafts.ts';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { Panel } from '../../components/govuk/panel/panel.tsx';
import { slot, withIsolated } from '../../i18n/isolated-values.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import './journey-texts.ts';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { useJourney } from './journey-store.ts';

export function ApplicationSavedPage() {
  const { t, language } = useTranslation();
  const { state } = useJourney();
  const { session } = usePageData();
  const onSpaLink = useSpaLinkHandler();
  const query = new URLSearchParams(useLocation().search);
  const from = JOURNEY_PAGE_PATHS.find((path) => path === query.get(RETURN_PARAMETER)) ?? '/check-your-answers';
  const title = t('saveReturn.savedTitle');
  usePageTitle(title);
  const email = String(answersOf(state.current)['sponsor-email'] ?? '').trim();
  const until = session.savedUntil === null ? '' : formatLongDate(session.savedUntil, language);
  const body = query.has(LATER_PARAMETER)
    ? t('saveReturn.savedLater', { email: slot(0) })
    : t('saveReturn.savedBody', { email: slot(0), date: until });
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <Panel titleText={title} />
        <p className="govuk-body">{withIsolated(body, [email])}</p>
        <p className="govuk-body">{t('saveReturn.linkOnce')}</p>
        <Button text={t('saveReturn.continue')} href={from} onClick={(event) => onSpaLink(event, from)} />
      </div>
    </div>
  );
}
