// What every status page shows before the statuses: the licence-number question (with its
// errors), the loading state, the invalid and expired link pages (the expired one with
// a way to get a new link), and a failure with a way to try again. `children` gets the answer
// once it is in.
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import texts from 'virtual:translations/en/status';
import recoveryTexts from 'virtual:translations/en/statusRecovery';
import validationTexts from 'virtual:translations/en/validation';
import '../../i18n/page-titles.ts';
import type { PublicStatusResponse } from '#shared/api/public-status.ts';
import { validateSponsorLicenceNumber } from '#shared/validation/licence-number.ts';
import { STATUS_LINK_RECOVERY_PATH } from '#shared/pages/page-paths.ts';
import { ERROR_SUMMARY_TITLE_KEY, messageKey } from '#shared/validation/messages.ts';
import { formatLongDate, formatTimeOfDay } from '#shared/dates/format.ts';
import { MessagePage } from '../../page-kit/message-page.tsx';
import { RenderedText } from '../../components/rendered-text/rendered-text.tsx';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { Spinner } from '../../page-kit/spinner.tsx';
import { Button } from '../../components/govuk/button/button.tsx';
import { ErrorSummary, setFocus } from '../../components/govuk/error-summary/error-summary.tsx';
import { Input } from '../../components/govuk/input/input.tsx';
import { registerTexts } from '../../i18n/i18n.ts';
import { fieldError } from '../../i18n/field-error.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { trackValidationError } from '../../analytics/analytics.ts';
import { STATUS_FORM_FIELDS, type NewLinkState, type StatusView } from '#shared/api/status-form.ts';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { loadStatus, requestNewLink, showAgain, useStatusAnswer, useStatusState } from './status-store.ts';
import { StatusLink } from './status-item.tsx';
import { useStatusToken } from './status-token.ts';

registerTexts(texts);
registerTexts(recoveryTexts);
registerTexts(validationTexts);

/** The sponsor licence number question, with its error message when there is one. */
function LicenceNumberInput({
  error,
  value,
  onChange,
}: {
  error: string | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Input
      name={STATUS_FORM_FIELDS.licenceNumber}
      label={{ text: t('status.licenceLabel'), classes: 'govuk-label--s' }}
      hint={{ text: t('status.licenceHint') }}
      errorMessage={error === undefined ? undefined : fieldError(t, error)}
      classes="govuk-input--width-20"
      spellcheck={false}
      autocomplete="off"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

const AnnounceContext = createContext<(text: string) => void>(() => undefined);

/** A form of the status pages, posted to `action` without JavaScript (the pages opened stay open for a while). */
export function StatusForm({
  action,
  className,
  children,
}: {
  action: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" action={action} className={className} noValidate>
      <FormTokenField />
      {children}
    </form>
  );
}

/**
 * Says `text` to screen readers through the status pages' live region (a search's result count,
 * a download's progress and end). The region is in the page from the start and only its text
 * changes: a region mounted together with its text is often not read out.
 */
export function useAnnounce(): (text: string) => void {
  return useContext(AnnounceContext);
}

export function StatusGate({ children }: { children: (response: PublicStatusResponse) => ReactNode }) {
  const { t } = useTranslation();
  const token = useStatusToken();
  const { licenceNumber, view } = useStatusState(token);
  const [announcement, setAnnouncement] = useState('');
  // The same text twice is not a change, and would not be read again: a no-break space makes it one.
  const announce = useCallback(
    (text: string) => setAnnouncement((said) => (said === text ? `${text}\u00a0` : text)),
    [],
  );
  const content = useRef<HTMLDivElement>(null);
  const checked = useRef(false);

  useEffect(() => {
    if (!checked.current || view.kind === 'ask' || view.kind === 'loading') return;
    checked.current = false;
    // After a failure the "Try again" button keeps the focus it had, and the alert says why.
    if (view.kind === 'failed') return;
    // The question the user answered is gone (or has an error): start them where a new page
    // would, at its heading, or at the error summary when there is one.
    const target =
      content.current?.querySelector<HTMLElement>('.govuk-error-summary') ??
      content.current?.querySelector<HTMLElement>('h1');
    if (target && document.activeElement !== target) setFocus(target);
  }, [view]);

  let page: ReactNode;
  if (token === '' || view.kind === 'invalidLink') {
    page = (
      <MessagePage title={t('status.notFoundTitle')}>
        <p className="govuk-body">{t('status.notFoundBody')}</p>
        <WayBackIn />
      </MessagePage>
    );
  } else if (view.kind === 'expiredLink') page = <ExpiredLink token={token} licenceNumber={licenceNumber} />;
  else if (view.kind === 'locked') page = <LockedLink until={view.lockedUntil} />;
  else if (view.kind === 'loaded') page = children(view.response);
  else {
    page = (
      <LicenceForm
        token={token}
        licenceNumber={licenceNumber}
        view={view}
        onCheck={() => {
          checked.current = true;
        }}
      />
    );
  }

  return (
    <AnnounceContext.Provider value={announce}>
      <div ref={content}>{page}</div>
      <div
        id="status-announcement"
        className="govuk-visually-hidden"
        role="status"
        aria-live="polite"
        aria-atomic="true"
      >
        {announcement}
      </div>
    </AnnounceContext.Provider>
  );
}

/** The attempts left from which a wrong number's message counts them: after the third wrong number of five. */
const WARN_FROM_REMAINING = 2;

/** The licence-number question, its errors and the loading and failure states; each page state sets its own title. */
function LicenceForm({
  token,
  licenceNumber,
  view,
  onCheck,
}: {
  token: string;
  licenceNumber: string;
  view: StatusView;
  onCheck: () => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(licenceNumber);
  const checked = useRef<string | null>(null);
  // The number checked when the field was left, until the button is pressed: pressing it takes the
  // focus from the field first, and that number must not be counted a second time.
  const checkedOnLeaving = useRef<string | null>(null);
  const { pathname } = useLocation();
  const data = usePageData();
  const title = t('pages.status');
  const rule = view.kind === 'licenceError' ? view.rule : undefined;
  usePageTitle(title, rule !== undefined);

  const check = (value: string) => {
    checked.current = value;
    onCheck();
    // Every refusal of the number is a validation failure, the server's included.
    void loadStatus(data, token, value).then((result) => {
      if (result.kind === 'licenceError') trackValidationError(pathname, 'sponsor-licence-number', result.rule);
      if (result.kind === 'locked') trackValidationError(pathname, 'sponsor-licence-number', 'tooManyRequests');
    });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const leftWith = checkedOnLeaving.current;
    checkedOnLeaving.current = null;
    if (view.kind === 'loading') return;
    // A refusal is shown for it already; after a failure to reach the server, pressing tries again.
    if (leftWith === typed && view.kind === 'licenceError') {
      onCheck();
      showAgain(data);
    } else check(typed);
  };
  // Checked when the field is left after a change, as well as with the button.
  const onBlur = (event: FocusEvent<HTMLFormElement>) => {
    const left = event.target as unknown as { name?: string };
    const given = validateSponsorLicenceNumber(typed)['sponsor-licence-number'] === undefined;
    if (left.name === 'sponsor-licence-number' && given && typed !== checked.current) {
      checkedOnLeaving.current = typed;
      check(typed);
    }
  };
  // From the third wrong number on, the message says how many are left before the link locks.
  const remaining = view.kind === 'licenceError' ? view.remainingAttempts : undefined;
  const error =
    rule === undefined
      ? undefined
      : rule === 'doesNotMatch' && remaining !== undefined && remaining <= WARN_FROM_REMAINING
        ? t('status.doesNotMatchAttempts', { count: remaining })
        : t(messageKey('sponsor-licence-number', rule));

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {error !== undefined && (
          <ErrorSummary
            titleText={t(ERROR_SUMMARY_TITLE_KEY)}
            errorList={[{ text: error, href: '#sponsor-licence-number' }]}
          />
        )}
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t('status.intro')}</p>
        {view.kind === 'failed' && (
          <div className="govuk-inset-text" role="alert">
            <p className="govuk-body">{t('status.failed')}</p>
          </div>
        )}
        <form method="post" action={pathname} noValidate onSubmit={onSubmit} onBlur={onBlur}>
          <FormTokenField />
          <LicenceNumberInput error={error} value={typed} onChange={setTyped} />
          {/* The button stays while the statuses load, busy, so that focus is not lost with it. */}
          <Button
            text={view.kind === 'failed' ? t('status.tryAgain') : t('status.check')}
            type="submit"
            busy={view.kind === 'loading'}
          />
          {view.kind === 'loading' && <Spinner text={t('status.loading')} />}
        </form>
      </div>
    </div>
  );
}

/**
 * "Link expired", with a way out: the licence number asks for a new link, which the server
 * emails to the sponsor address it holds. Whether the number matched is not told (the server
 * answers the same), so the confirmation says what happens if it did.
 */
function ExpiredLink({ token, licenceNumber }: { token: string; licenceNumber: string }) {
  const { t } = useTranslation();
  // Without JavaScript the page is shown from the link's address, and its form posts back to it.
  const { pathname, search } = useLocation();
  const data = usePageData();
  // The number typed on the question before is offered again rather than asked for twice.
  const [typed, setTyped] = useState(licenceNumber);
  // Without JavaScript, the server's answer to the form.
  const answered = useStatusAnswer().newLink;
  const [state, setState] = useState<NewLinkState>(answered ?? 'ask');
  const sentHeading = useRef<HTMLHeadingElement>(null);
  const title = state === 'sent' ? t('status.newLink.sentTitle') : t('status.expiredTitle');
  usePageTitle(title, state === 'required');
  useEffect(() => {
    // The form the user was in is gone: start them at the confirmation, as a new page would.
    if (state === 'sent') sentHeading.current?.focus();
  }, [state]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state === 'sending') return;
    const rule = validateSponsorLicenceNumber(typed)['sponsor-licence-number'];
    if (rule !== undefined) {
      trackValidationError(pathname, 'sponsor-licence-number', rule);
      setState(rule);
      return;
    }
    setState('sending');
    void requestNewLink(data, token, typed).then((outcome) => {
      // 'invalidLink' has turned the whole page into "Application not found".
      if (outcome !== 'invalidLink') setState(outcome);
    });
  };

  if (state === 'sent') {
    return (
      <div className="govuk-grid-row">
        <div className="govuk-grid-column-two-thirds">
          <h1 className="govuk-heading-l" tabIndex={-1} ref={sentHeading}>
            {title}
          </h1>
          <p className="govuk-body">{t('status.newLink.sentBody')}</p>
          <p className="govuk-body">{t('status.newLink.sentNext')}</p>
        </div>
      </div>
    );
  }

  const error = state === 'required' ? t(messageKey('sponsor-licence-number', 'required')) : undefined;
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {error !== undefined && (
          <ErrorSummary
            titleText={t(ERROR_SUMMARY_TITLE_KEY)}
            errorList={[{ text: error, href: '#sponsor-licence-number' }]}
          />
        )}
        <h1 className="govuk-heading-l">{title}</h1>
        <p className="govuk-body">{t('status.expiredBody')}</p>
        <h2 className="govuk-heading-m">{t('status.newLink.heading')}</h2>
        <p className="govuk-body">{t('status.newLink.intro')}</p>
        {state === 'failed' && (
          <div className="govuk-inset-text" role="alert">
            <p className="govuk-body">{t('status.newLink.failed')}</p>
          </div>
        )}
        <form method="post" action={`${pathname}${search}`} noValidate onSubmit={onSubmit}>
          <FormTokenField />
          <input type="hidden" name={STATUS_FORM_FIELDS.action} value="new-link" />
          <LicenceNumberInput error={error} value={typed} onChange={setTyped} />
          <Button text={t('status.newLink.submit')} type="submit" busy={state === 'sending'} />
          {state === 'sending' && <Spinner text={t('status.newLink.sending')} />}
        </form>
        <WayBackIn />
      </div>
    </div>
  );
}

/**
 * A way back to the statuses without the email (decision 041): "Get a new status link" with an
 * application reference and the licence number, and how to contact the service.
 */
function WayBackIn() {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="govuk-heading-m">{t('statusRecovery.offerLink')}</h2>
      <p className="govuk-body">{t('statusRecovery.offer')}</p>
      <p className="govuk-body">
        <StatusLink to={STATUS_LINK_RECOVERY_PATH}>{t('statusRecovery.offerLink')}</StatusLink>
      </p>
      <RenderedText html={t('statusRecovery.contact')} />
    </>
  );
}

/**
 * The page of a link locked after too many wrong licence numbers: until when, in London time
 * (rounded up to the minute, so trying at the time shown works), and what to do meanwhile. The
 * server counts the attempts and says when the lockout ends, with or without JavaScript.
 */
function LockedLink({ until }: { until: string }) {
  const { t, language } = useTranslation();
  const title = t('status.locked.title');
  const end = new Date(Math.ceil(Date.parse(until) / 60_000) * 60_000);
  return (
    <MessagePage title={title}>
      {/* The specification's words for a lockout come first. */}
      <p className="govuk-body">{t('validation.sponsor-licence-number.tooManyRequests')}.</p>
      <p className="govuk-body">{t('status.locked.body')}</p>
      <p className="govuk-body">
        {t('status.locked.until', { time: formatTimeOfDay(end, language), date: formatLongDate(end, language) })}
      </p>
      <h2 className="govuk-heading-m">{t('status.locked.nextHeading')}</h2>
      <RenderedText html={t('status.locked.next')} />
    </MessagePage>
  );
}
