import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { MessagePage } from './message-page.tsx';

/** The generic service-failure page: shown when a call to the service fails; `children` offer a way on. */
export function ServerErrorPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('errors.serverErrorTitle')}>
      <p className="govuk-body">{t('errors.serverErrorBody')}</p>
      {children}
    </MessagePage>
  );
}
