import { ServerErrorPage } from '../../app/server-error-page.tsx';
import { Button } from '../../components/govuk/button/button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** The server-error page after a failed submission, with a way to send the same applications again. */
export function SubmissionFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <ServerErrorPage>
      <p className="govuk-body">{t('apply.submitError.kept')}</p>
      <Button text={t('apply.submitError.retry')} onClick={onRetry} preventDoubleClick />
    </ServerErrorPage>
  );
}
