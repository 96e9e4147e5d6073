// The status pages' downloads: the buttons, and what each download is doing.
import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { STATUS_FORM_FIELDS } from '#shared/api/status-form.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { StatusForm, useAnnounce } from './status-gate.tsx';
import { downloadDocuments } from './status-store.ts';

type DownloadState = 'loading' | 'failed';

/** A page's downloads: what each is doing, by the applications it is for. */
export interface Downloads {
  /** The state of the download that `key` names: one applicant's id, or the approved ones' button's key. */
  stateOf(key: string): DownloadState | undefined;
  /** Downloads them; `form` is the button's form, sent when the page was answered open by the server. */
  download(key: string, applicantIds: readonly string[], form: HTMLFormElement | null): void;
}

/**
 * The downloads of one page. Kept above the buttons, so the table's button and the narrow
 * screens' card button for the same application show the same state; the progress and the end
 * are announced through the page's live region.
 */
export function useDownloads(): Downloads {
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
    download: (key, applicantIds, form) => {
      if (running.current.has(key)) return;
      running.current.add(key);
      setState(key, 'loading');
      announce(t('status.downloading'));
      downloadDocuments(applicantIds, { element: form, field: STATUS_FORM_FIELDS.download, value: key })
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
export function DownloadButton({
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
          downloads.download(downloadKey, applicantIds, event.currentTarget.closest('form'));
        }}
      />
      {state === 'failed' && (
        <span className="govuk-error-message govuk-!-margin-bottom-2">{t('status.downloadFailed')}</span>
      )}
    </StatusForm>
  );
}
