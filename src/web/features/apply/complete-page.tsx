// /complete: the receipts of the applications just sent, what happens next, and Finish. GOV.UK's
// confirmation page: the panel with the reference (a group's references listed under it), then
// what we have sent, where and what comes next.
import { COMPLETE_PATH } from '#shared/journey/paths.ts';
import { JOURNEY_BUTTONS } from '#shared/journey/page-forms.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { Panel } from '../../components/govuk/panel/panel.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { slot, withIsolated } from '../../i18n/isolated-values.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { JourneyForm, journeyButton } from './journey-form.tsx';
import { JourneyPage } from './journey-page.tsx';
import { useJourney } from './journey-store.ts';

/** A reference, on one line (never broken), left to right inside Arabic text. */
function Reference({ value }: { value: string | undefined }) {
  return (
    <bdi dir="ltr" className="app-reference">
      {value}
    </bdi>
  );
}

export function CompletePage() {
  const { t } = useTranslation();
  const { state } = useJourney();
  const { receipts } = state;
  const one = receipts.length === 1;
  const count = receipts.length;
  const title = one ? t('pages.complete') : t('apply.complete.titleOther');
  const emails = [...new Set(receipts.map((receipt) => receipt.sponsorEmail))];

  return (
    <JourneyPage path={COMPLETE_PATH} title={title}>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <Panel
            classes="app-confirmation"
            titleText={title}
            html={
              one ? (
                <>
                  {t('apply.complete.reference')}
                  <br />
                  <strong>
                    <Reference value={receipts[0]?.applicationReference} />
                  </strong>
                </>
              ) : (
                t('apply.complete.references')
              )
            }
          />
          {!one && (
            // Beneath the panel, which the list names: each reference on a line of its own, with
            // whom it is for under it.
            <ul className="govuk-list app-reference-list" aria-label={t('apply.complete.references')}>
              {receipts.map((receipt) => (
                <li key={receipt.applicationReference}>
                  <strong>
                    <Reference value={receipt.applicationReference} />
                  </strong>
                  <br />
                  <span className="govuk-body-s">
                    {withIsolated(t('apply.complete.forWorker', { name: slot(0), cos: slot(1) }), [
                      receipt.workerName,
                      receipt.cosReference,
                    ])}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <h2 className="govuk-heading-m">{t('apply.complete.nextTitle')}</h2>
          {emails.map((email) => (
            <p className="govuk-body" key={email}>
              {withIsolated(t('apply.complete.emailSent', { email: slot(0), count }), [email])}
            </p>
          ))}
          <p className="govuk-body">{t('apply.complete.licenceNeeded')}</p>
          {/* What the worker does with the document once approved: the border officer asks for it. */}
          <p className="govuk-body">{t('apply.complete.carry')}</p>
          <p className="govuk-body">{t('apply.complete.next', { count })}</p>
          <JourneyForm path={COMPLETE_PATH}>
            <Button text={t('apply.complete.finish')} {...journeyButton(JOURNEY_BUTTONS.finish)} />
          </JourneyForm>
          {/* GOV.UK's confirmation pattern: the link to the feedback page, last (decision 028). */}
          <p className="govuk-body">
            <RenderedText inline html={t('apply.complete.feedback')} />
          </p>
        </div>
      </div>
    </JourneyPage>
  );
}
