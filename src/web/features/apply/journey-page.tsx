// What every page of the journey shares: the texts of the journey (loaded with its first page),
// the guard that sends the user to the first step not yet answered, the page title and the
// group header strip.
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { memberName } from '#shared/domain/answers.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { isGroupApplication, resolvePath } from '#shared/journey/progress.ts';
import type { JourneyPath } from '#shared/journey/paths.ts';
import { GROUP_EDIT_PATH } from '#shared/journey/paths.ts';
import { OPENED_PARAMETER } from '#shared/pages/saved-drafts.ts';
import { NotificationBanner } from '../../components/govuk/notification-banner/notification-banner.tsx';
import { slot, withIsolated } from '../../i18n/isolated-values.tsx';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { Redirect } from '../../page-kit/server-render.ts';
import { usePreloadPages } from '../../shell/lazy-page.ts';
import { isStartNew } from '../../page-kit/start-new.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import './journey-texts.ts';
import { useJourney } from './journey-store.ts';
import { destinationsOf } from './preload-next.ts';

export interface JourneyPageProps {
  readonly path: JourneyPath;
  readonly title: string;
  readonly hasErrors?: boolean;
  readonly children: ReactNode;
}

/** A page of the journey: shown when the user may be here, otherwise a redirect to where they should be. */
export function JourneyPage({ path, title, hasErrors = false, children }: JourneyPageProps) {
  const { t } = useTranslation();
  const { state, answer } = useJourney();
  const location = useLocation();
  usePageTitle(title, hasErrors);
  usePreloadPages(destinationsOf(path, answersOf(state.current)));
  // Decided when the page opens: later changes of the state come from this page's own actions,
  // which say where to go themselves (a redirect here would race them).
  const [target] = useState(() => resolvePath(state, path, new Date(), { startNew: isStartNew(location.state) }));
  if (target !== path) return <Redirect to={target} />;
  // A saved application opened by its link lands here, and says so (where its new link went).
  const opened = answer.notice !== null && new URLSearchParams(location.search).has(OPENED_PARAMETER);
  return (
    <>
      {isGroupApplication(state) && <GroupStrip path={path} />}
      {opened && (
        <NotificationBanner
          type="success"
          titleText={t('saveReturn.openedTitle')}
          html={
            <p className="govuk-notification-banner__heading">
              {withIsolated(t('saveReturn.opened', { email: slot(0) }), [answer.notice ?? ''])}
            </p>
          }
        />
      )}
      {children}
    </>
  );
}

/** "Group overview", "Adding group member N", or "Editing group member <name> (i of total)". */
function GroupStrip({ path }: { path: JourneyPath }) {
  const { t } = useTranslation();
  const { state } = useJourney();
  let text: string;
  if (path === GROUP_EDIT_PATH) {
    text = t('apply.group.overview');
  } else if (state.changeIndex !== null) {
    text = t('apply.group.editing', {
      name: memberName(answersOf(state.group[state.changeIndex] ?? {})),
      index: state.changeIndex + 1,
      total: state.group.length,
    });
  } else {
    text = t('apply.group.adding', { number: state.group.length + 1 });
  }
  return (
    <div className="app-group-strip">
      <p className="govuk-body govuk-!-font-weight-bold govuk-!-margin-0">{text}</p>
    </div>
  );
}
