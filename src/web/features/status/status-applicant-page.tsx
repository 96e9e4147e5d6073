// /status/:applicantIndex: one application of the submission in detail.
import { nationalityLabel } from '#shared/countries/country-names.ts';
import { useParams } from 'react-router';
import type { PublicStatusResponse } from '#shared/api/public-status.ts';
import { formatLongDate, type DateLanguage } from '#shared/dates/format.ts';
import { COS_HOLDING_STATUSES, isIn, type RejectionReason } from '#shared/domain/application-status.ts';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { SummaryList } from '../../components/govuk/summary-list/summary-list.tsx';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { MaskedPassportNumber } from '../../components/masked-passport-number/masked-passport-number.tsx';
import { DownloadButton, useDownloads } from './status-downloads.tsx';
import { StatusGate } from './status-gate.tsx';
import { fullName, StatusLink, StatusTag, SubmittedAt } from './status-item.tsx';

const REASON_KEYS = {
  late: 'status.reasons.late',
  credibility: 'status.reasons.credibility',
  routing: 'status.reasons.routing',
} as const;

const AFTER_REJECTION_KEYS = {
  late: 'status.afterRejection.late',
  credibility: 'status.afterRejection.credibility',
  routing: 'status.afterRejection.routing',
} as const;

const day = (iso: string, language: DateLanguage) => (iso === '' ? '' : formatLongDate(iso, language));

function StatusDetail({ response, index }: { response: PublicStatusResponse; index: number }) {
  const { t, language } = useTranslation();
  const downloads = useDownloads();
  const item = response.items[index];
  const title = item === undefined ? t('status.notFoundTitle') : fullName(item);
  usePageTitle(title);
  const back = (
    <p className="govuk-body">
      <StatusLink to="/status">{t('status.detail.back')}</StatusLink>
    </p>
  );
  if (item === undefined) {
    return (
      <>
        <h1 className="govuk-heading-l">{title}</h1>
        {back}
      </>
    );
  }
  return (
    <>
      <span className="govuk-caption-l">{t('pages.statusApplicant')}</span>
      <h1 className="govuk-heading-l app-status-wrap">
        <bdi>{title}</bdi>
      </h1>
      <SummaryList
        classes="app-status-wrap"
        rows={[
          { key: { text: t('status.detail.status') }, value: { html: <StatusTag status={item.status} /> } },
          item.decisionReason !== null && {
            key: { text: t('status.detail.reason') },
            value: { text: t(REASON_KEYS[item.decisionReason]) },
          },
          { key: { text: t('status.cosColumn') }, value: { html: <bdi>{item.cosReference}</bdi> } },
          { key: { text: t('status.detail.reference') }, value: { html: <bdi>{item.applicantId}</bdi> } },
          {
            key: { text: t('status.detail.passport') },
            value: {
              html: <MaskedPassportNumber endingKey="status.detail.passportEnding" masked={item.passportNumber} />,
            },
          },
          {
            key: { text: t('status.detail.nationality') },
            value: { html: <bdi>{nationalityLabel(item.nationality, language)}</bdi> },
          },
          { key: { text: t('status.detail.arrival') }, value: { text: day(item.dateOfArrival, language) } },
          {
            key: { text: t('status.detail.work') },
            value: {
              text: t('status.detail.workDates', {
                start: day(item.firstWorkDate, language),
                end: day(item.lastWorkDate, language),
              }),
            },
          },
          // A rejected or withdrawn application gives no leave to be in the UK, so no date to leave by.
          isIn(COS_HOLDING_STATUSES, item.status) && {
            key: { text: t('status.detail.leave') },
            value: { text: day(item.leaveDate, language) },
          },
          { key: { text: t('status.submitted') }, value: { html: <SubmittedAt iso={item.submittedAt} /> } },
        ]}
      />
      {item.status === 'rejected' && item.decisionReason !== null && <AfterRejection reason={item.decisionReason} />}
      {item.status === 'withdrawn' && (
        <WarningText text={t('status.withdrawnWarning')} iconFallbackText={t('common.warning')} />
      )}
      {item.status === 'approved' && <p className="govuk-body">{t('status.carry')}</p>}
      {item.status === 'approved' && (
        <DownloadButton
          downloadKey={item.applicantId}
          applicantIds={[item.applicantId]}
          text={t('status.download')}
          hiddenText={t('status.downloadFor', { name: fullName(item), reference: item.applicantId })}
          downloads={downloads}
        />
      )}
      {back}
    </>
  );
}

/** Why an application was rejected, in plain words, and the ways on from there. */
function AfterRejection({ reason }: { reason: RejectionReason }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="govuk-heading-m">{t('status.afterRejection.whyHeading')}</h2>
      <RenderedText html={t(AFTER_REJECTION_KEYS[reason])} />
      <h2 className="govuk-heading-m">{t('status.afterRejection.nextHeading')}</h2>
      <RenderedText html={t('status.afterRejection.next')} />
      <h2 className="govuk-heading-m">{t('status.afterRejection.askHeading')}</h2>
      <RenderedText html={t('status.afterRejection.ask')} />
    </>
  );
}

export function StatusApplicantPage() {
  const { applicantIndex = '' } = useParams();
  const index = /^\d+$/.test(applicantIndex) ? Number(applicantIndex) : -1;
  return <StatusGate>{(response) => <StatusDetail response={response} index={index} />}</StatusGate>;
}
