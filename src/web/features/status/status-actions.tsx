// What can be done with an application in the status list, by its status: view it and download
// its document (approved), view the guidance (rejected), view it (withdrawn), or nothing yet.
import type { StatusItem } from '#shared/api/public-status.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DownloadButton, type Downloads } from './status-downloads.tsx';
import { fullName, StatusLink } from './status-item.tsx';

// The token is kept for the tab (status-token.ts), so the addresses do not carry it.
const detail = (index: number) => `/status/${index}`;

/** The actions of the application `item`, the `index`th of the submission. */
export function StatusActions({ item, index, downloads }: { item: StatusItem; index: number; downloads: Downloads }) {
  const { t } = useTranslation();
  const forApplicant = { name: fullName(item), reference: item.applicantId };
  if (item.status === 'approved') {
    return (
      <>
        <StatusLink to={detail(index)} className="app-status-action">
          {t('status.viewApplication')}
          <span className="govuk-visually-hidden"> {t('status.viewApplicationFor', forApplicant)}</span>
        </StatusLink>
        <DownloadButton
          downloadKey={item.applicantId}
          applicantIds={[item.applicantId]}
          text={t('status.download')}
          hiddenText={t('status.downloadFor', forApplicant)}
          secondary
          downloads={downloads}
        />
      </>
    );
  }
  if (item.status === 'rejected') {
    return (
      <StatusLink to={detail(index)}>
        {t('status.viewGuidance')}
        <span className="govuk-visually-hidden"> {t('status.viewGuidanceFor', forApplicant)}</span>
      </StatusLink>
    );
  }
  if (item.status === 'withdrawn') {
    // No download: a document of a withdrawn application must not be used.
    return (
      <>
        <strong className="govuk-!-display-block govuk-!-margin-bottom-1">{t('status.withdrawnAction')}</strong>
        <StatusLink to={detail(index)}>
          {t('status.viewApplication')}
          <span className="govuk-visually-hidden"> {t('status.viewApplicationFor', forApplicant)}</span>
        </StatusLink>
      </>
    );
  }
  return t('status.noAction');
}
