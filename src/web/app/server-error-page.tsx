import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { usePageTitle } from './page-title.ts';

/** The generic service-failure page (spec §8): shown when a call to the service fails; `children` offer a way on. */
export function ServerErrorPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(t('errors.serverErrorTitle'));
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{t('errors.serverErrorTitle')}</h1>
        <p className="govuk-body">{t('errors.serverErrorBody')}</p>
        {children}
      </div>
    </div>
  );
}
