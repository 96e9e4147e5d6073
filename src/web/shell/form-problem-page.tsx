import { useLocation } from 'react-router';
import texts from 'virtual:translations/en/serverOnly';
import type { FormProblem } from '#shared/pages/page-data.ts';
import { Button } from '../components/govuk/button/button.tsx';
import { RenderedText } from '../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../i18n/use-translation.ts';
import { FormTokenField } from '../page-kit/form-token.tsx';
import { MessagePage } from '../page-kit/message-page.tsx';
import { registerTexts } from '../i18n/i18n.ts';

registerTexts(texts);

/**
 * What the server answers a form it could not take, and a page it could not show: refused (sent
 * without the browser's form token, or from another site), too long, the service failing, too
 * many forms from one connection, or too many sessions started from it, or too many status links
 * opened from it. Nothing was saved; "Try again" sends the same form again (or opens the page
 * again); a status link is opened again from the email. The server sends it as a page without
 * the app; the app draws it when the server answers one of its forms so, loading it (and its texts)
 * only then.
 */

/** The title and body of each problem's page (the bodies of a refused or too long form link back to the page). */
const TEXTS: Record<FormProblem['kind'], readonly [title: string, body: string]> = {
  refused: ['serverOnly.formRefused.title', 'serverOnly.formRefused.body'],
  tooLarge: ['serverOnly.formTooLarge.title', 'serverOnly.formTooLarge.body'],
  tooMany: ['serverOnly.formTooMany.title', 'serverOnly.formTooMany.body'],
  sessionsTooMany: ['serverOnly.sessionsTooMany.title', 'serverOnly.sessionsTooMany.body'],
  emailsTooMany: ['serverOnly.emailsTooMany.title', 'serverOnly.emailsTooMany.body'],
  linkTooMany: ['serverOnly.linkTooMany.title', 'serverOnly.linkTooMany.body'],
  failed: ['serverOnly.formFailed.title', 'serverOnly.formFailed.body'],
};

export function FormProblemPage({ problem }: { problem: FormProblem }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [title, body] = TEXTS[problem.kind];
  // The way on is the emailed link again: this address no longer holds its token.
  if (problem.kind === 'linkTooMany') {
    return (
      <MessagePage title={t(title)}>
        <p className="govuk-body">{t(body)}</p>
      </MessagePage>
    );
  }
  if (problem.kind === 'refused' || problem.kind === 'tooLarge') {
    return (
      <MessagePage title={t(title)}>
        <RenderedText html={t(body, { page: encodeURI(pathname) })} />
      </MessagePage>
    );
  }
  const resend = 'resend' in problem ? problem.resend : undefined;
  return (
    <MessagePage title={t(title)}>
      <p className="govuk-body">{t(body)}</p>
      {resend === undefined ? (
        <Button text={t('serverOnly.tryAgain')} href={`${pathname}${search}`} />
      ) : (
        <form method="post" action={`${pathname}${search}`} noValidate>
          <FormTokenField />
          {resend.map(([name, value], index) => (
            <input key={index} type="hidden" name={name} value={value} />
          ))}
          <Button text={t('serverOnly.tryAgain')} type="submit" />
        </form>
      )}
    </MessagePage>
  );
}
