// /status and /status/:applicantIndex (spec §2 "Status page"): the submission's applications with
// their statuses, totals, guidance, search and downloads; and one application in detail.
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { APPLICATION_STATUSES, type PublicStatusResponse, type StatusItem } from '#shared/api/public-status.ts';
import { formatDateTime, formatLongDate } from '#shared/dates/format.ts';
import { parseApplicationReference } from '#shared/domain/application-reference.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { Input } from '../../components/govuk/input/input.tsx';
import { SummaryList } from '../../components/govuk/summary-list/summary-list.tsx';
import { Table } from '../../components/govuk/table/table.tsx';
import { Tag } from '../../components/govuk/tag/tag.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { StatusGate, useStatusToken } from './status-gate.tsx';
import { downloadDocuments } from './status-store.ts';

const STATUS_KEYS = {
  approved: 'status.statuses.approved',
  rejected: 'status.statuses.rejected',
  'in-progress': 'status.statuses.in-progress',
  withdrawn: 'status.statuses.withdrawn',
} as const;
const TAG_CLASSES = { approved: 'govuk-tag--green', rejected: 'govuk-tag--red', 'in-progress': 'govuk-tag--blue', withdrawn: 'govuk-tag--grey' } as const;
const REASON_KEYS = { late: 'status.reasons.late', credibility: 'status.reasons.credibility', routing: 'status.reasons.routing' } as const;

const day = (iso: string) => (iso === '' ? '' : formatLongDate(iso));
const fullName = (item: StatusItem) => `${item.givenNames} ${item.familyName}`.trim();

/**
 * When an application was received, as DD/MM/YYYY HH:mm London time (spec §1). Set left to
 * right: in an Arabic page the date and the time would otherwise swap places.
 */
function SubmittedAt({ iso }: { iso: string }) {
  return <bdi dir="ltr">{formatDateTime(iso)}</bdi>;
}

function StatusTag({ status }: { status: StatusItem['status'] }) {
  const { t } = useTranslation();
  return <Tag text={t(STATUS_KEYS[status])} classes={TAG_CLASSES[status]} />;
}

/** A download button with its own loading and failure states (spec §4 "Download PDFs"). */
function DownloadButton({ applicantIds, text, secondary = false }: { applicantIds: readonly string[]; text: string; secondary?: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const onClick = () => {
    if (state === 'loading') return;
    setState('loading');
    downloadDocuments(applicantIds).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <span className="app-download">
      <Button
        text={state === 'loading' ? t('status.downloading') : text}
        classes={`govuk-!-margin-bottom-1${secondary ? ' govuk-button--secondary' : ''}`}
        busy={state === 'loading'}
        onClick={onClick}
      />
      <span aria-live="polite" className="govuk-error-message govuk-!-margin-bottom-2">
        {state === 'failed' ? t('status.downloadFailed') : ''}
      </span>
    </span>
  );
}

function StatusList({ response, token }: { response: PublicStatusResponse; token: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const { items } = response;
  const title = t('pages.status');
  usePageTitle(title);
  const query = search.trim().toLowerCase();
  // A reference is typed back any way a person writes it (decision 013).
  const reference = parseApplicationReference(search);
  const shown = items
    .map((item, index) => ({ item, index }))
    .filter(
      ({ item }) =>
        query === '' ||
        item.applicantId === reference ||
        fullName(item).toLowerCase().includes(query) ||
        `${item.familyName} ${item.givenNames}`.toLowerCase().includes(query) ||
        item.cosReference.toLowerCase().includes(query),
    );
  const approved = items.filter((item) => item.status === 'approved').map((item) => item.applicantId);
  const detail = (index: number) => `/status/${index}?epat=${encodeURIComponent(token)}`;

  return (
    <>
      <h1 className="govuk-heading-l">{title}</h1>
      <SummaryList
        classes="govuk-summary-list--no-border"
        rows={[
          { key: { text: t('status.caption') }, value: { text: t('status.count', { count: items.length }) } },
          { key: { text: t('status.sponsor') }, value: { html: <bdi>{`${response.sponsorName} (${response.sponsorReference})`}</bdi> } },
          // A submission's applications are received together, so one time stands for all of them.
          { key: { text: t('status.submitted') }, value: { html: items[0] === undefined ? '' : <SubmittedAt iso={items[0].submittedAt} /> } },
        ]}
      />
      <h2 className="govuk-heading-m">{t('status.totals')}</h2>
      <ul className="govuk-list app-status-totals">
        {APPLICATION_STATUSES.map((status) => (
          <li key={status}>
            <StatusTag status={status} /> <span className="govuk-!-font-weight-bold">{items.filter((item) => item.status === status).length}</span>
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
      <Input
        name="search"
        id="search"
        type="search"
        label={{ text: t('status.search'), classes: 'govuk-label--s' }}
        hint={{ text: t('status.searchHint') }}
        classes="govuk-input--width-20"
        autocomplete="off"
        spellcheck={false}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {shown.length === 0 ? (
        <p className="govuk-body" role="status">
          {t('status.noMatches')}
        </p>
      ) : (
        <Table
          caption={t('status.caption')}
          captionClasses="govuk-visually-hidden"
          head={[{ text: t('status.cosColumn') }, { text: t('status.nameColumn') }, { text: t('status.statusColumn') }, { text: t('status.actionsColumn') }]}
          rows={shown.map(({ item, index }) => [
            { html: <bdi>{item.cosReference}</bdi> },
            { html: <bdi>{fullName(item)}</bdi> },
            { html: <StatusTag status={item.status} /> },
            {
              html:
                item.status === 'approved' ? (
                  <>
                    <Link className="govuk-link govuk-!-margin-inline-end-3" to={detail(index)}>
                      {t('status.viewApplication')}
                      <span className="govuk-visually-hidden"> {fullName(item)}</span>
                    </Link>
                    <DownloadButton applicantIds={[item.applicantId]} text={t('status.download')} secondary />
                  </>
                ) : item.status === 'rejected' ? (
                  <Link className="govuk-link" to={detail(index)}>
                    {t('status.viewGuidance')}
                    <span className="govuk-visually-hidden"> {fullName(item)}</span>
                  </Link>
                ) : (
                  t('status.noAction')
                ),
            },
          ])}
        />
      )}
      {approved.length > 0 && <DownloadButton applicantIds={approved} text={t('status.downloadAll')} />}
    </>
  );
}

export function StatusPage() {
  const token = useStatusToken();
  return <StatusGate>{(response) => <StatusList response={response} token={token} />}</StatusGate>;
}

function StatusDetail({ response, index, token }: { response: PublicStatusResponse; index: number; token: string }) {
  const { t } = useTranslation();
  const item = response.items[index];
  const title = item === undefined ? t('status.notFoundTitle') : fullName(item);
  usePageTitle(title);
  const back = (
    <p className="govuk-body">
      <Link className="govuk-link" to={`/status?epat=${encodeURIComponent(token)}`}>
        {t('status.detail.back')}
      </Link>
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
      <h1 className="govuk-heading-l">
        <bdi>{title}</bdi>
      </h1>
      <SummaryList
        rows={[
          { key: { text: t('status.detail.status') }, value: { html: <StatusTag status={item.status} /> } },
          item.decisionReason !== null && { key: { text: t('status.detail.reason') }, value: { text: t(REASON_KEYS[item.decisionReason]) } },
          { key: { text: t('status.cosColumn') }, value: { html: <bdi>{item.cosReference}</bdi> } },
          { key: { text: t('status.detail.reference') }, value: { html: <bdi>{item.applicantId}</bdi> } },
          { key: { text: t('status.detail.passport') }, value: { html: <bdi>{item.passportNumber}</bdi> } },
          { key: { text: t('status.detail.nationality') }, value: { html: <bdi>{item.nationality}</bdi> } },
          { key: { text: t('status.detail.arrival') }, value: { text: day(item.dateOfArrival) } },
          { key: { text: t('status.detail.work') }, value: { text: t('status.detail.workDates', { start: day(item.firstWorkDate), end: day(item.lastWorkDate) }) } },
          { key: { text: t('status.detail.leave') }, value: { text: day(item.leaveDate) } },
          { key: { text: t('status.submitted') }, value: { html: <SubmittedAt iso={item.submittedAt} /> } },
        ]}
      />
      {item.status === 'rejected' && <RenderedText html={t('status.guidance')} />}
      {item.status === 'approved' && <DownloadButton applicantIds={[item.applicantId]} text={t('status.download')} />}
      {back}
    </>
  );
}

export function StatusApplicantPage() {
  const token = useStatusToken();
  const { applicantIndex = '' } = useParams();
  const index = /^\d+$/.test(applicantIndex) ? Number(applicantIndex) : -1;
  return <StatusGate>{(response) => <StatusDetail response={response} index={index} token={token} />}</StatusGate>;
}
