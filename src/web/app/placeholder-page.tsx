import { useTranslation } from '../i18n/use-translation.ts';
import { usePageTitle } from './page-title.ts';

/** A page of the journey whose questions are not built yet: its heading only. */
export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t('pages.comingSoon')}</p>
      </div>
    </div>
  );
}
