import { useTranslation } from '../i18n/use-translation.ts';

/** Shown while a lazily loaded page arrives; `role="status"` has screen readers announce it. */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div className="app-spinner" role="status" aria-live="polite" data-testid="page-spinner">
      <span className="app-spinner__circle" aria-hidden="true" />
      <span className="govuk-body govuk-!-margin-0">{t('common.loading')}</span>
    </div>
  );
}
