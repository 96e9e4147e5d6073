// What every page of the journey shares: the texts of the journey (loaded with its first page),
// the guard that sends the user to the first step not yet answered, the page title and the
// group header strip.
import { useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import texts from 'virtual:translations/en/apply';
import validationTexts from 'virtual:translations/en/validation';
import { memberName } from '#shared/domain/answers.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { isGroupApplication, resolvePath } from '#shared/journey/progress.ts';
import type { JourneyPath } from '#shared/journey/paths.ts';
import { GROUP_EDIT_PATH } from '#shared/journey/paths.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Redirect } from '../../app/server-render.ts';
import { isStartNew } from '../../app/start-new.ts';
import { registerTexts } from '../../i18n/i18n.ts';
import '../../i18n/page-titles.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useJourney } from './journey-store.ts';
import { destinationsOf, usePreloadPages } from './preload-next.ts';

registerTexts(texts);
registerTexts(validationTexts);

export interface JourneyPageProps {
  readonly path: JourneyPath;
  readonly title: string;
  readonly hasErrors?: boolean;
  readonly children: ReactNode;
}

/** A page of the journey: shown when the user may be here, otherwise a redirect to where they should be. */
export function JourneyPage({ path, title, hasErrors = false, children }: JourneyPageProps) {
  const { state } = useJourney();
  const location = useLocation();
  usePageTitle(title, hasErrors);
  usePreloadPages(destinationsOf(path, answersOf(state.current)));
  // Decided when the page opens: later changes of the state come from this page's own actions,
  // which say where to go themselves (a redirect here would race them).
  const [target] = useState(() => resolvePath(state, path, new Date(), { startNew: isStartNew(location.state) }));
  if (target !== path) return <Redirect to={target} />;
  return (
    <>
      {isGroupApplication(state) && <GroupStrip path={path} />}
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
