// /get-status-link: a new status link for a sponsor who has lost the email (decision 041): any
// application reference of the submission and the sponsor licence number. The server answers the
// same whether they matched or not, and emails the link only to the address it holds.
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import texts from 'virtual:translations/en/statusRecovery';
import validationTexts from 'virtual:translations/en/validation';
import type { PageData } from '#shared/pages/page-data.ts';
import { ERROR_SUMMARY_TITLE_KEY, messageKey } from '#shared/validation/messages.ts';
import {
  STATUS_LINK_RECOVERY_FIELDS,
  type StatusLinkRecoveryAnswers,
} from '#shared/validation/status-link-recovery.ts';
import { trackValidationError } from '../../analytics/analytics.ts';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { MessagePage } from '../../page-kit/message-page.tsx';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { usePageForm } from '../../page-kit/page-form.ts';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { ErrorSummary } from '../../components/govuk/error-summary/error-summary.tsx';
import { Input } from '../../components/govuk/input/input.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { registerTexts } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

registerTexts(texts);
registerTexts(validationTexts);

type Field = (typeof STATUS_LINK_RECOVERY_FIELDS)[number];

const EMPTY: StatusLinkRecoveryAnswers = { 'application-reference': '', 'sponsor-licence-number': '' };

export function StatusLinkRecoveryPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const view = usePageData().outcome.statusLinkRecovery ?? { kind: 'ask', answers: EMPTY, errors: {} };
  // The server refused the answers: each failure goes to analytics.
  const onAnswered = useCallback(
    (data: PageData) => {
      const answered = data.outcome.statusLinkRecovery;
      if (answered?.kind === 'ask')
        for (const [field, rule] of Object.entries(answered.errors)) trackValidationError(pathname, field, rule);
    },
    [pathname],
  );
  const { onSubmit, sending } = usePageForm(onAnswered);
  const failing = view.kind === 'ask' ? view.errors : {};
  const title = view.kind === 'sent' ? t('statusRecovery.sentTitle') : t('statusRecovery.title');
  usePageTitle(title, Object.keys(failing).length > 0);

  if (view.kind === 'sent') {
    return (
      <MessagePage title={title}>
        <p className="govuk-body">{t('statusRecovery.sentBody')}</p>
        <RenderedText html={t('statusRecovery.notReceived')} />
      </MessagePage>
    );
  }

  const messageOf = (field: Field) => {
    const rule = failing[field];
    return rule === undefined ? undefined : t(messageKey(field, rule as never));
  };
  const field = (name: Field, label: string, hint?: string) => {
    const message = messageOf(name);
    return (
      <Input
        name={name}
        value={view.answers[name]}
        label={{ text: label, classes: 'govuk-label--s' }}
        hint={hint === undefined ? undefined : { text: hint }}
        classes="govuk-input--width-20"
        spellcheck={false}
        autocomplete="off"
        errorMessage={message === undefined ? undefined : fieldError(t, message)}
      />
    );
  };
  const errors = STATUS_LINK_RECOVERY_FIELDS.flatMap((name) => {
    const message = messageOf(name);
    return message === undefined ? [] : [{ text: message, href: `#${name}` }];
  });
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {errors.length > 0 && <ErrorSummary titleText={t(ERROR_SUMMARY_TITLE_KEY)} errorList={errors} />}
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t('statusRecovery.intro')}</p>
        <form method="post" action={pathname} noValidate onSubmit={onSubmit}>
          <FormTokenField />
          {field('application-reference', t('statusRecovery.referenceLabel'), t('statusRecovery.referenceHint'))}
          {field('sponsor-licence-number', t('statusRecovery.licenceLabel'))}
          <Button text={t('statusRecovery.submit')} type="submit" busy={sending} />
        </form>
        <RenderedText html={t('statusRecovery.contact')} />
      </div>
    </div>
  );
}
