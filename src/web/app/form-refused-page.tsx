import { useLocation } from 'react-router';
import { RenderedText } from '../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { MessagePage } from './message-page.tsx';

/**
 * What the server answers a form sent without the browser's form token (or from another site):
 * nothing was saved, and the way back to the page to send it again. Rendered by the server only,
 * as a page without the app, so its texts stay out of the browser's first load.
 */
export function FormRefusedPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <MessagePage title={t('serverOnly.formRefused.title')}>
      <RenderedText html={t('serverOnly.formRefused.body', { page: encodeURI(pathname) })} />
    </MessagePage>
  );
}
