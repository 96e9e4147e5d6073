import { useTranslation } from '../i18n/use-translation.ts';
import { useLoadingTitle } from './page-title.ts';

/** Shown while a lazily loaded page (or what `text` names) arrives; `role="status"` has screen readers announce it. */
export function Spinner({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className="app-spinner"
      role="status"
      aria-live="polite"
      data-testid={text === undefined ? 'page-spinner' : undefined}
    >
      <span className="app-spinner__circle" aria-hidden="true" />
      <span className="govuk-body govuk-!-margin-0">{text ?? t('common.loading')}</span>
    </div>
  );
}

/** The spinner in place of a page whose code is still loading; the title no longer names the page left. */
export function PageSpinner() {
  useLoadingTitle();
  return <Spinner />;
}
