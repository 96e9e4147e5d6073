import { useLocation } from 'react-router';
import type { FormProblem } from '#shared/pages/page-renderer.ts';
import { Button } from '../components/govuk/button/button.tsx';
import { RenderedText } from '../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { FormTokenField } from './form-token.tsx';
import { MessagePage } from './message-page.tsx';

/**
 * What the server answers a form it could not take, and a page it could not show: refused (sent
 * without the browser's form token, or from another site), the service failing, or too many
 * forms from one connection. Nothing was saved; "Try again" sends the same form again (or opens
 * the page again). Rendered by the server only, as a page without the app, so its texts stay out
 * of the browser's first load.
 */
export function FormProblemPage({ problem }: { problem: FormProblem }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  if (problem.kind === 'refused') {
    return (
      <MessagePage title={t('serverOnly.formRefused.title')}>
        <RenderedText html={t('serverOnly.formRefused.body', { page: encodeURI(pathname) })} />
      </MessagePage>
    );
  }
  const [title, body] =
    problem.kind === 'tooMany'
      ? [t('serverOnly.formTooMany.title'), t('serverOnly.formTooMany.body')]
      : [t('serverOnly.formFailed.title'), t('serverOnly.formFailed.body')];
  return (
    <MessagePage title={title}>
      <p className="govuk-body">{body}</p>
      {problem.resend === undefined ? (
        <Button text={t('serverOnly.tryAgain')} href={`${pathname}${search}`} />
      ) : (
        <form method="post" action={`${pathname}${search}`} noValidate>
          <FormTokenField />
          {problem.resend.map(([name, value], index) => (
            <input key={index} type="hidden" name={name} value={value} />
          ))}
          <Button text={t('serverOnly.tryAgain')} type="submit" />
        </form>
      )}
    </MessagePage>
  );
}
