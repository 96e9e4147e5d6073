// The public check page of pre-clearance documents (decision 027): an officer or an employer types
// the document's check code and the worker's date of birth, or opens the QR code's link, and sees
// the live answer: valid, withdrawn, or not valid; or, past a limit of the checks from their
// connection, the time to try again at, which is no answer about the document (decision 042).
// Works without JavaScript: the form posts to
// the page, and the QR code's link is checked by the server as it renders the page.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import texts from 'virtual:translations/en/check';
import validationTexts from 'virtual:translations/en/validation';
import {
  EMPTY_CLEARANCE_CHECK,
  type ClearanceCheckResponse,
  type ClearanceCheckView,
} from '#shared/api/clearance-check.ts';
import {
  CHECK_A_CLEARANCE_PATH,
  CLEARANCE_CODE_PARAMETER,
  CLEARANCE_TOKEN_PARAMETER,
} from '#shared/api/clearance-check-link.ts';
import { formatDateTime, formatLongDate } from '#shared/dates/format.ts';
import { CLEARANCE_CHECK_FIELDS, type ClearanceCheckAnswers } from '#shared/validation/clearance-check.ts';
import { ERROR_SUMMARY_TITLE_KEY, messageKey } from '#shared/validation/messages.ts';
import { trackValidationError } from '../../analytics/analytics.ts';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { MessagePage } from '../../page-kit/message-page.tsx';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { Spinner } from '../../page-kit/spinner.tsx';
import { Button } from '../../components/govuk/button/button.tsx';
import { DateInput } from '../../components/govuk/date-input/date-input.tsx';
import { ErrorSummary, setFocus } from '../../components/govuk/error-summary/error-summary.tsx';
import { Input } from '../../components/govuk/input/input.tsx';
import { SummaryList } from '../../components/govuk/summary-list/summary-list.tsx';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { registerTexts } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { MaskedPassportNumber } from '../../components/masked-passport-number/masked-passport-number.tsx';
import { checkAnother, checkToken, checkTyped, useCheckView } from './check-store.ts';

registerTexts(texts);
registerTexts(validationTexts);

/** A London day and time of an ISO timestamp, each kept in its own direction inside Arabic text. */
function useMoment(): (iso: string) => { date: string; time: string } {
  const { language } = useTranslation();
  return (iso) => ({ date: formatLongDate(iso, language), time: formatDateTime(iso).slice(-5) });
}

export function CheckAClearancePage() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get(CLEARANCE_TOKEN_PARAMETER);
  const view = useCheckView(token);
  const data = usePageData();
  const content = useRef<HTMLDivElement>(null);
  const answered = useRef(false);

  useEffect(() => {
    if (token !== null) void checkToken(data, token);
  }, [data, token]);

  useEffect(() => {
    if (view.kind === 'checking') {
      answered.current = true;
      return;
    }
    if (!answered.current || view.kind === 'failed') return;
    answered.current = false;
    // The question the user answered is gone, or has errors: start them where a new page would.
    const target =
      content.current?.querySelector<HTMLElement>('.govuk-error-summary') ??
      content.current?.querySelector<HTMLElement>('h1');
    if (target && document.activeElement !== target) setFocus(target);
  }, [view]);

  let page;
  if (view.kind === 'result') page = <CheckResult result={view.result} checkCode={view.checkCode} />;
  else if (view.kind === 'locked') page = <ChecksLocked until={view.until} />;
  else if (token !== null && view.kind === 'checking') page = <CheckingLink />;
  else page = <CheckQuestion view={view} />;
  return <div ref={content}>{page}</div>;
}

function CheckingLink() {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('check.title')}>
      <Spinner text={t('check.checking')} />
    </MessagePage>
  );
}

const DATE_PART_KEYS = { day: 'check.day', month: 'check.month', year: 'check.year' } as const;

const anchorOf = (field: (typeof CLEARANCE_CHECK_FIELDS)[number]) =>
  field === 'date-of-birth' ? 'date-of-birth-day' : field;

function CheckQuestion({ view }: { view: ClearanceCheckView }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const data = usePageData();
  const [answers, setAnswers] = useState<ClearanceCheckAnswers>(
    view.kind === 'ask' ? view.answers : EMPTY_CLEARANCE_CHECK,
  );
  const errors = view.kind === 'ask' ? view.errors : {};
  const failing = CLEARANCE_CHECK_FIELDS.flatMap((field) => {
    const rule = errors[field];
    return rule === undefined ? [] : [{ field, message: t(messageKey(field, rule)) }];
  });
  const messageOf = (field: (typeof CLEARANCE_CHECK_FIELDS)[number]) =>
    failing.find((failure) => failure.field === field)?.message;
  usePageTitle(t('check.title'), failing.length > 0);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view.kind === 'checking') return;
    void checkTyped(data, answers).then((next) => {
      if (next.kind !== 'ask') return;
      for (const [field, rule] of Object.entries(next.errors)) trackValidationError(pathname, field, rule);
    });
  };
  const codeError = messageOf('check-code');
  const dateError = messageOf('date-of-birth');
  const datePart = (part: 'day' | 'month' | 'year', width: string) => ({
    name: part,
    label: t(DATE_PART_KEYS[part]),
    classes: `${width}${dateError === undefined ? '' : ' govuk-input--error'}`,
    value: answers['date-of-birth'][part],
  });

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {failing.length > 0 && (
          <ErrorSummary
            titleText={t(ERROR_SUMMARY_TITLE_KEY)}
            errorList={failing.map(({ field, message }) => ({ text: message, href: `#${anchorOf(field)}` }))}
          />
        )}
        <h1 className="govuk-heading-l">{t('check.title')}</h1>
        <p className="govuk-body">{t('check.intro')}</p>
        <p className="govuk-body">{t('check.qr')}</p>
        {view.kind === 'failed' && (
          <div className="govuk-inset-text" role="alert">
            <p className="govuk-body">{t('check.failed')}</p>
          </div>
        )}
        <form method="post" action={CHECK_A_CLEARANCE_PATH} noValidate onSubmit={onSubmit}>
          <FormTokenField />
          <Input
            name="check-code"
            label={{ text: t('check.codeLabel'), classes: 'govuk-label--s' }}
            hint={{ text: t('check.codeHint') }}
            errorMessage={codeError === undefined ? undefined : fieldError(t, codeError)}
            classes="govuk-input--width-10"
            spellcheck={false}
            autocomplete="off"
            attributes={{ autocapitalize: 'characters' }}
            value={answers['check-code']}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setAnswers((current) => ({ ...current, 'check-code': typed }));
            }}
          />
          <DateInput
            id="date-of-birth"
            namePrefix="date-of-birth"
            fieldset={{ legend: { text: t('check.dateOfBirthLegend'), classes: 'govuk-fieldset__legend--s' } }}
            hint={{ text: t('check.dateOfBirthHint') }}
            errorMessage={dateError === undefined ? undefined : fieldError(t, dateError)}
            items={[
              datePart('day', 'govuk-input--width-2'),
              datePart('month', 'govuk-input--width-2'),
              datePart('year', 'govuk-input--width-4'),
            ]}
            onChange={(part, value) =>
              setAnswers((current) => ({
                ...current,
                'date-of-birth': { ...current['date-of-birth'], [part]: value },
              }))
            }
          />
          <Button text={t('check.submit')} type="submit" busy={view.kind === 'checking'} />
          {view.kind === 'checking' && <Spinner text={t('check.checking')} />}
        </form>
        <div className="govuk-inset-text">{t('check.liveAnswer')}</div>
      </div>
    </div>
  );
}

/** "Check another document": after a "not valid" to a typed code, the question with that code filled in again. */
function CheckAnotherLink({ checkCode }: { checkCode?: string }) {
  const { t } = useTranslation();
  const data = usePageData();
  // The link carries the code for a page without JavaScript (the server fills it in); never the date of birth.
  const to =
    checkCode === undefined
      ? CHECK_A_CLEARANCE_PATH
      : `${CHECK_A_CLEARANCE_PATH}?${new URLSearchParams({ [CLEARANCE_CODE_PARAMETER]: checkCode }).toString()}`;
  return (
    <p className="govuk-body">
      <Link className="govuk-link" to={to} onClick={() => checkAnother(data, checkCode)}>
        {t('check.checkAnother')}
      </Link>
    </p>
  );
}

/**
 * An answer: its title in a panel that tells valid from not at a glance, not only in words: GOV.UK's
 * green confirmation panel for a valid clearance, the same panel in GOV.UK's error red (white text
 * at 5.2:1) for a document that must not be used.
 */
function AnswerPage({
  title,
  valid,
  panelBody,
  children,
}: {
  title: string;
  valid: boolean;
  panelBody?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <div className={`govuk-panel app-confirmation ${valid ? 'govuk-panel--confirmation' : 'app-panel--not-valid'}`}>
          <h1 className="govuk-panel__title">{title}</h1>
          {panelBody !== undefined && <div className="govuk-panel__body">{panelBody}</div>}
        </div>
        {children}
      </div>
    </div>
  );
}

function CheckResult({ result, checkCode }: { result: ClearanceCheckResponse; checkCode?: string }) {
  const { t, language } = useTranslation();
  const moment = useMoment();
  const checked = moment(result.checkedAt);
  const checkedAt = <p className="govuk-body">{t('check.checkedAt', { date: checked.date, time: checked.time })}</p>;
  if (result.outcome === 'withdrawn') {
    return (
      <AnswerPage
        title={t('check.withdrawnTitle')}
        valid={false}
        panelBody={
          <>
            {t('check.reference')} <bdi className="app-reference">{result.applicationReference}</bdi>
          </>
        }
      >
        <WarningText
          text={t('check.withdrawnBody', { date: moment(result.withdrawnAt).date })}
          iconFallbackText={t('common.warning')}
        />
        {checkedAt}
        <CheckAnotherLink />
      </AnswerPage>
    );
  }
  if (result.outcome === 'not-valid') {
    return (
      <AnswerPage title={t('check.notValidTitle')} valid={false}>
        <p className="govuk-body">{t('check.notValidBody')}</p>
        <p className="govuk-body">{t('check.notValidNext')}</p>
        {checkedAt}
        <CheckAnotherLink checkCode={checkCode} />
      </AnswerPage>
    );
  }
  const day = (iso: string) => formatLongDate(iso, language);
  const issued = moment(result.documentIssuedAt);
  const name = `${result.givenNames} ${result.familyName}`.trim();
  const row = (key: string, value: ReactNode) => ({
    key: { text: t(key) },
    value: { html: typeof value === 'string' ? <bdi>{value}</bdi> : value },
  });
  return (
    <AnswerPage title={t('check.validTitle')} valid panelBody={<bdi>{name}</bdi>}>
      <p className="govuk-body">{t('check.validIntro')}</p>
      <SummaryList
        rows={[
          row('check.name', name),
          row('check.dateOfBirth', day(result.dateOfBirth)),
          // As answered, as the document prints it: what the officer compares.
          row('check.nationality', result.nationality),
          row(
            'check.passportNumber',
            <MaskedPassportNumber endingKey="check.passportEnding" masked={result.passportNumber} />,
          ),
          row('check.reference', result.applicationReference),
          row('check.code', result.checkCode),
          row('check.sponsor', result.sponsorName),
          row('check.arrival', day(result.arrivalDate)),
          row('check.work', t('check.workDates', { start: day(result.firstWorkDate), end: day(result.lastWorkDate) })),
          row('check.leave', day(result.leaveDate)),
          row('check.issued', t('check.dateAndTime', { date: issued.date, time: issued.time })),
        ]}
      />
      <p className="govuk-body">{t('check.validNext')}</p>
      {checkedAt}
      <div className="govuk-inset-text">{t('check.liveAnswer')}</div>
      <CheckAnotherLink />
    </AnswerPage>
  );
}

function ChecksLocked({ until }: { until: string }) {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('check.lockedTitle')}>
      <p className="govuk-body">{t('check.lockedBody', { time: formatDateTime(until).slice(-5) })}</p>
      <p className="govuk-body">{t('check.lockedNotAnswer')}</p>
    </MessagePage>
  );
}
