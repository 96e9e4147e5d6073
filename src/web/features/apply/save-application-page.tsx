// /save-your-application: "Save and come back later" pressed while the answers hold no contact
// email yet (decision 040). The email asked for here is the application's contact email, as the
// first question's is; the server saves the answers and emails the link to it.
import { useLocation } from 'react-router';
import { formatLongDate } from '#shared/dates/format.ts';
import { answersOf } from '#shared/journey/form-state.ts';
import { draftExpiry } from '#shared/pages/saved-drafts.ts';
import { messageKey } from '#shared/validation/messages.ts';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { usePageForm } from '../../page-kit/page-form.ts';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { Input } from '../../components/govuk/input/input.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import './journey-texts.ts';
import { useJourney } from './journey-store.ts';
import { PageErrorSummary } from './question-page.tsx';

export function SaveApplicationPage() {
  const { t, language } = useTranslation();
  const { state } = useJourney();
  const { pathname, search } = useLocation();
  const { onSubmit, sending } = usePageForm();
  // The email typed here was refused: its error (the first question's rule), shown only then.
  const refused = usePageData().outcome.draftEmail === 'refused';
  const errors = (refused ? (state.errors.sponsorContact ?? {}) : {}) as Record<string, string>;
  const rule = errors['sponsor-email'];
  const title = t('saveReturn.askTitle');
  usePageTitle(title, rule !== undefined);
  const email = answersOf(state.current)['sponsor-email'];
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <PageErrorSummary errors={errors} />
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">
          {t('saveReturn.askBody', { date: formatLongDate(draftExpiry(new Date()).toISOString(), language) })}
        </p>
        <form method="post" action={`${pathname}${search}`} noValidate onSubmit={onSubmit}>
          <FormTokenField />
          <Input
            name="sponsor-email"
            type="email"
            autocomplete="email"
            spellcheck={false}
            value={typeof email === 'string' ? email : ''}
            label={{ text: t('saveReturn.emailLabel'), classes: 'govuk-label--s' }}
            hint={{ text: t('saveReturn.emailHint') }}
            errorMessage={rule === undefined ? undefined : fieldError(t, t(messageKey('sponsor-email', rule as never)))}
          />
          <Button text={t('saveReturn.save')} type="submit" busy={sending} />
        </form>
      </div>
    </div>
  );
}
