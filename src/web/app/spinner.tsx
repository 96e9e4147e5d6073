import { useTranslation } from '../i18n/use-translation.ts';

/** Shown while a lazily loaded page (or what `text` names) arrives; `role="status"` has screen readers announce it. */
export function Spinner({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="app-spinner" role="status" aria-live="polite" data-testid={text === undefined ? 'page-spinner' : undefined}>
      <span className="app-spinner__circle" aria-hidden="true" />
      <span className="govuk-body govuk-!-margin-0">{text ?? t('common.loading')}</span>
    </div>
  );
}
