// /status: the submission's applications with their statuses, totals, guidance, search and
// downloads. The list is a table on a wide screen and cards on a narrow one (status-table.tsx,
// status-cards.tsx), filtered by the search (status-search.tsx).
import type { PublicStatusResponse } from '#shared/api/public-status.ts';
import { DOWNLOAD_APPROVED } from '#shared/api/status-form.ts';
import { APPLICATION_STATUSES } from '#shared/domain/application-status.ts';
import { STATUS_APPLICANT_PATH } from '#shared/pages/page-paths.ts';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { usePreloadPages } from '../../shell/lazy-page.ts';
import { SummaryList } from '../../components/govuk/summary-list/summary-list.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { StatusCards } from './status-cards.tsx';
import { DownloadButton, useDownloads } from './status-downloads.tsx';
import { StatusTag, SubmittedAt } from './status-item.tsx';
import { StatusSearch, useStatusSearch } from './status-search.tsx';
import { useStatusAnswer } from './status-store.ts';
import { StatusTable } from './status-table.tsx';

export function StatusList({ response }: { response: PublicStatusResponse }) {
  const { t } = useTranslation();
  const downloads = useDownloads();
  const { items } = response;
  const { search, setSearch, shown } = useStatusSearch(items);
  const title = t('pages.status');
  usePageTitle(title);
  // One application in detail is a page of its own (status-applicant-page.tsx): its code (the
  // country names it shows the nationality with) loads once the visitor does something here.
  usePreloadPages([STATUS_APPLICANT_PATH]);
  const approved = items.filter((item) => item.status === 'approved').map((item) => item.applicantId);
  // A download the server answered with this page: there was no document to download.
  const { noDocument } = useStatusAnswer();

  return (
    <>
      <h1 className="govuk-heading-l">{title}</h1>
      {noDocument && (
        <div className="govuk-inset-text" role="alert">
          <p className="govuk-body">{t('status.noDocument')}</p>
        </div>
      )}
      <SummaryList
        classes="govuk-summary-list--no-border app-status-wrap"
        rows={[
          { key: { text: t('status.caption') }, value: { text: t('status.count', { count: items.length }) } },
          {
            key: { text: t('status.sponsor') },
            value: { html: <bdi>{`${response.sponsorName} (${response.sponsorReference})`}</bdi> },
          },
          // A submission's applications are received together, so one time stands for all of them.
          {
            key: { text: t('status.submitted') },
            value: { html: items[0] === undefined ? '' : <SubmittedAt iso={items[0].submittedAt} /> },
          },
        ]}
      />
      <h2 className="govuk-heading-m">{t('status.totals')}</h2>
      <ul className="govuk-list app-status-totals">
        {APPLICATION_STATUSES.map((status) => (
          <li key={status}>
            <StatusTag status={status} />{' '}
            <span className="govuk-!-font-weight-bold">{items.filter((item) => item.status === status).length}</span>
          </li>
        ))}
      </ul>
      <details className="govuk-details" id="guidance">
        <summary className="govuk-details__summary">
          <span className="govuk-details__summary-text">{t('status.guidanceTitle')}</span>
        </summary>
        <div className="govuk-details__text">
          <RenderedText html={t('status.guidance')} />
        </div>
      </details>
      <StatusSearch search={search} onSearch={setSearch} />
      {shown.length === 0 ? (
        <p className="govuk-body">{t('status.noMatches')}</p>
      ) : (
        <>
          {/* Four columns cannot fit a narrow screen (320 CSS pixels, or 400% zoom): there each
              application is a summary card instead. The one not shown is display:none (app.scss),
              so screen readers meet the applications once. */}
          <div className="app-status-table">
            <StatusTable shown={shown} downloads={downloads} />
          </div>
          <div className="app-status-cards">
            <StatusCards shown={shown} downloads={downloads} />
          </div>
        </>
      )}
      {/* What the worker does with an approved document: the border officer asks for it. */}
      {approved.length > 0 && <p className="govuk-body">{t('status.carry')}</p>}
      {approved.length > 0 && (
        <DownloadButton
          downloadKey={DOWNLOAD_APPROVED}
          applicantIds={approved}
          text={t('status.downloadAll')}
          downloads={downloads}
        />
      )}
    </>
  );
}
