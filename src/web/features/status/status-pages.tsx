// /status and /status/:applicantIndex: the submission's applications with
// their statuses, totals, guidance, search and downloads; and one application in detail.
import { nationalityLabel } from '#shared/countries/country-names.ts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { DOWNLOAD_APPROVED, STATUS_FORM_FIELDS } from '#shared/api/status-form.ts';
import { useServerRender } from '../../app/server-render.ts';
import type { PublicStatusResponse, StatusItem } from '#shared/api/public-status.ts';
import { formatDateTime, formatLongDate, type DateLanguage } from '#shared/dates/format.ts';
import { matchesPersonSearch } from '#shared/search/person-search.ts';
import { APPLICATION_STATUSES, type RejectionReason } from '#shared/domain/application-status.ts';
import { usePageTitle } from '../../app/page-title.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { Input } from '../../components/govuk/input/input.tsx';
import { SummaryList } from '../../components/govuk/summary-list/summary-list.tsx';
import { Table } from '../../components/govuk/table/table.tsx';
import { Tag } from '../../components/govuk/tag/tag.tsx';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { StatusForm, StatusGate, useAnnounce } from './status-gate.tsx';
import { downloadDocuments } from './status-store.ts';

const STATUS_KEYS = {
  approved: 'status.statuses.approved',
  rejected: 'status.statuses.rejected',
  'in-progress': 'status.statuses.in-progress',
  withdrawn: 'status.statuses.withdrawn',
} as const;
const TAG_CLASSES = {
  approved: 'govuk-tag--green',
  rejected: 'govuk-tag--red',
  'in-progress': 'govuk-tag--blue',
  withdrawn: 'govuk-tag--grey',
} as const;
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
const fullName = (item: StatusItem) => `${item.givenNames} ${item.familyName}`.trim();

/**
 * When an application was received, as DD/MM/YYYY HH:mm London time. Set left to
 * right: in an Arabic page the date and the time would otherwise swap places.
 */
function SubmittedAt({ iso }: { iso: string }) {
  return <bdi dir="ltr">{formatDateTime(iso)}</bdi>;
}

function StatusTag({ status }: { status: StatusItem['status'] }) {
  const { t } = useTranslation();
  return <Tag text={t(STATUS_KEYS[status])} classes={TAG_CLASSES[status]} />;
}

type DownloadState = 'loading' | 'failed';

/** A page's downloads: what each is doing, by the applications it is for. */
interface Downloads {
  /** The state of the download that `key` names: one applicant's id, or the approved ones' button's key. */
  stateOf(key: string): DownloadState | undefined;
  download(key: string, applicantIds: readonly string[]): void;
}

/**
 * The downloads of one page. Kept above the buttons, so the table's button and the narrow
 * screens' card button for the same application show the same state; the progress and the end
 * are announced through the page's live region.
 */
function useDownloads(): Downloads {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const [states, setStates] = useState<ReadonlyMap<string, DownloadState>>(new Map());
  const running = useRef(new Set<string>());
  const setState = (key: string, state: DownloadState | undefined) =>
    setStates((current) => {
      const next = new Map(current);
      if (state === undefined) next.delete(key);
      else next.set(key, state);
      return next;
    });
  return {
    stateOf: (key) => states.get(key),
    download: (key, applicantIds) => {
      if (running.current.has(key)) return;
      running.current.add(key);
      setState(key, 'loading');
      announce(t('status.downloading'));
      downloadDocuments(applicantIds)
        .then(
          () => {
            setState(key, undefined);
            announce(t('status.downloadComplete'));
          },
          () => {
            setState(key, 'failed');
            announce(t('status.downloadFailed'));
          },
        )
        .finally(() => running.current.delete(key));
    },
  };
}

/**
 * A download button, and what went wrong under it. `hiddenText` names the application for
 * screen readers, whose users hear the buttons out of the table's columns. While busy it keeps
 * its place and the focus (the Button's `busy`): a disabled button would drop focus to the page.
 */
function DownloadButton({
  downloadKey,
  applicantIds,
  text,
  hiddenText,
  secondary = false,
  downloads,
}: {
  /** Names the download: the table's and the card's button for one applicant share it. */
  downloadKey: string;
  applicantIds: readonly string[];
  text: string;
  hiddenText?: string;
  secondary?: boolean;
  downloads: Downloads;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const state = downloads.stateOf(downloadKey);
  // Without JavaScript, the form is posted and the server answers the PDF.
  return (
    <StatusForm action={pathname} className="app-download">
      <Button
        html={
          <>
            {state === 'loading' ? t('status.downloading') : text}
            {hiddenText !== undefined && <span className="govuk-visually-hidden"> {hiddenText}</span>}
          </>
        }
        classes={`govuk-!-margin-bottom-1${secondary ? ' govuk-button--secondary' : ''}`}
        busy={state === 'loading'}
        name={STATUS_FORM_FIELDS.download}
        value={downloadKey}
        onClick={(event) => {
          event.preventDefault();
          downloads.download(downloadKey, applicantIds);
        }}
      />
      {state === 'failed' && (
        <span className="govuk-error-message govuk-!-margin-bottom-2">{t('status.downloadFailed')}</span>
      )}
    </StatusForm>
  );
}

/** A link between the status pages: without JavaScript too, the pages stay open by their addresses for a while (decision 026). */
function StatusLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link className={`govuk-link${className === undefined ? '' : ` ${className}`}`} to={to}>
      {children}
    </Link>
  );
}

/** The masked passport number: screen readers hear "ending 567" rather than a row of dots. */
function MaskedPassportNumber({ masked }: { masked: string }) {
  const { t } = useTranslation();
  return (
    <>
      <bdi aria-hidden="true">{masked}</bdi>
      <span className="govuk-visually-hidden">{t('status.detail.passportEnding', { digits: masked.slice(-3) })}</span>
    </>
  );
}

/** How long after the last key press the number of results is announced: not at every letter. */
const ANNOUNCE_RESULTS_AFTER_MS = 500;

/** The parameter of the search's address (a GET: without JavaScript the server renders the list it finds). */
const SEARCH_PARAMETER = 'search';

function StatusList({ response }: { response: PublicStatusResponse }) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const downloads = useDownloads();
  const location = useLocation();
  const [search, setSearch] = useState(() => new URLSearchParams(location.search).get(SEARCH_PARAMETER) ?? '');
  const searched = useRef(false);
  const { items } = response;
  const title = t('pages.status');
  usePageTitle(title);
  // The same function finds them from the search form's address without JavaScript.
  const shown = items.map((item, index) => ({ item, index })).filter(({ item }) => matchesPersonSearch(search, item));
  const approved = items.filter((item) => item.status === 'approved').map((item) => item.applicantId);
  // The token is kept for the tab (status-token.ts), so the addresses do not carry it.
  const detail = (index: number) => `/status/${index}`;
  // A download the server answered with this page: there was no document to download.
  const noDocument = useServerRender()?.outcome.status?.download === 'noDocument';

  // The list changes as the user types, away from where they are: say how many are left.
  useEffect(() => {
    if (!searched.current) return;
    const timer = setTimeout(
      () => announce(shown.length === 0 ? t('status.noMatches') : t('status.searchResults', { count: shown.length })),
      ANNOUNCE_RESULTS_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [search, shown.length, announce, t]);

  const actions = (item: StatusItem, index: number) => {
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
  };

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
      {/* The search filters the list as it is typed; without JavaScript, its button asks the
          server for the list it finds (a GET, which changes nothing). */}
      <form method="get" action="/status" role="search" noValidate onSubmit={(event) => event.preventDefault()}>
        <Input
          name={SEARCH_PARAMETER}
          id="search"
          type="search"
          label={{ text: t('status.search'), classes: 'govuk-label--s' }}
          hint={{ text: t('status.searchHint') }}
          classes="govuk-input--width-20"
          autocomplete="off"
          spellcheck={false}
          value={search}
          onChange={(event) => {
            searched.current = true;
            setSearch(event.currentTarget.value);
          }}
        />
        <Button text={t('status.searchButton')} type="submit" classes="govuk-button--secondary" />
      </form>
      {shown.length === 0 ? (
        <p className="govuk-body">{t('status.noMatches')}</p>
      ) : (
        <>
          {/* Four columns cannot fit a narrow screen (320 CSS pixels, or 400% zoom): there each
              application is a summary card instead. The one not shown is display:none (app.scss),
              so screen readers meet the applications once. */}
          <div className="app-status-table">
            <Table
              caption={t('status.caption')}
              captionClasses="govuk-visually-hidden"
              head={[
                { text: t('status.cosColumn') },
                { text: t('status.nameColumn') },
                { text: t('status.statusColumn') },
                { text: t('status.actionsColumn') },
              ]}
              rows={shown.map(({ item, index }) => [
                { html: <bdi>{item.cosReference}</bdi> },
                { html: <bdi>{fullName(item)}</bdi>, classes: 'app-status-wrap' },
                { html: <StatusTag status={item.status} /> },
                { html: actions(item, index) },
              ])}
            />
          </div>
          <div className="app-status-cards">
            <h2 className="govuk-visually-hidden">{t('status.caption')}</h2>
            {shown.map(({ item, index }) => (
              <SummaryList
                key={item.applicantId}
                card={{ title: { html: <bdi>{fullName(item)}</bdi>, headingLevel: 3 } }}
                rows={[
                  { key: { text: t('status.cosColumn') }, value: { html: <bdi>{item.cosReference}</bdi> } },
                  { key: { text: t('status.statusColumn') }, value: { html: <StatusTag status={item.status} /> } },
                  { key: { text: t('status.actionsColumn') }, value: { html: actions(item, index) } },
                ]}
              />
            ))}
          </div>
        </>
      )}
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

export function StatusPage() {
  return <StatusGate>{(response) => <StatusList response={response} />}</StatusGate>;
}

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
            value: { html: <MaskedPassportNumber masked={item.passportNumber} /> },
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
          (item.status === 'approved' || item.status === 'in-progress') && {
            key: { text: t('status.detail.leave') },
            value: { text: day(item.leaveDate, language) },
          },
          { key: { text: t('status.submitted') }, value: { html: <SubmittedAt iso={item.submittedAt} /> } },
        ]}
      />
      {item.status === 'rejected' && item.decisionReason !== null && <AfterRejection reason={item.decisionReason} />}
      {item.status === 'withdrawn' && (
        <WarningText text={t('status.withdrawnWarning')} iconFallbackText={t('apply.warning')} />
      )}
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
