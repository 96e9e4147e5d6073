// /complete: the receipts of the applications just sent, and Finish.
import { COMPLETE_PATH } from '#shared/journey/paths.ts';
import { JOURNEY_BUTTONS } from '#shared/journey/page-forms.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { Panel } from '../../components/govuk/panel/panel.tsx';
import { Table } from '../../components/govuk/table/table.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { JourneyForm, journeyButton } from './journey-form.tsx';
import { JourneyPage } from './journey-page.tsx';
import { useJourney } from './journey-store.ts';

export function CompletePage() {
  const { t } = useTranslation();
  const { state, dispatch } = useJourney();
  const { receipts } = state;
  const one = receipts.length === 1;
  const title = one ? t('pages.complete') : t('apply.complete.titleOther');
  const emails = [...new Set(receipts.map((receipt) => receipt.sponsorEmail))];

  return (
    <JourneyPage path={COMPLETE_PATH} title={title}>
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <Panel
            titleText={title}
            html={
              one ? (
                <>
                  {t('apply.complete.reference')}
                  <br />
                  <strong className="app-reference">{receipts[0]?.applicationReference}</strong>
                </>
              ) : (
                t('apply.complete.references')
              )
            }
          />
          {!one && (
            <Table
              firstCellIsHeader
              head={[
                { text: t('apply.complete.worker') },
                { text: t('apply.complete.cosColumn') },
                { text: t('apply.complete.referenceColumn') },
              ]}
              rows={receipts.map((receipt) => [
                { text: receipt.workerName },
                { text: receipt.cosReference },
                { html: <span className="app-reference">{receipt.applicationReference}</span> },
              ])}
            />
          )}
          {emails.map((email) => (
            <p className="govuk-body" key={email}>
              {t('apply.complete.emailSent', { email })}
            </p>
          ))}
          <h2 className="govuk-heading-m">{t('apply.complete.nextTitle')}</h2>
          <p className="govuk-body">{t('apply.complete.next')}</p>
          <JourneyForm path={COMPLETE_PATH}>
            <Button
              text={t('apply.complete.finish')}
              {...journeyButton(JOURNEY_BUTTONS.finish, () => dispatch({ type: 'finish' }))}
            />
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
