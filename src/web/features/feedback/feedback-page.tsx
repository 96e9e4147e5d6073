// The feedback page (decision 028), linked from the phase banner on every page and from the
// confirmation page: how the user felt about the service, and how it could be better, with nothing
// asked that says who they are. Works without JavaScript: the form posts to the page, which the
// server answers with the errors or the thanks; with JavaScript it calls /api/public/feedback.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import texts from 'virtual:translations/en/feedback';
import validationTexts from 'virtual:translations/en/validation';
import { FEEDBACK_API_PATH, FEEDBACK_PATH, type FeedbackRequest, type FeedbackView } from '#shared/api/feedback.ts';
import {
  EMPTY_FEEDBACK,
  FEEDBACK_FIELDS,
  FEEDBACK_RATINGS,
  validateFeedback,
  type FeedbackAnswers,
  type FeedbackRating,
} from '#shared/validation/feedback.ts';
import { ERROR_SUMMARY_TITLE_KEY, messageKey } from '#shared/validation/messages.ts';
import { trackValidationError } from '../../analytics/analytics.ts';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { MessagePage } from '../../page-kit/message-page.tsx';
import { usePageTitle } from '../../page-kit/page-title.ts';
import { usePageData } from '../../page-kit/page-data-context.ts';
import { Spinner } from '../../page-kit/spinner.tsx';
import { Button } from '../../components/govuk/button/button.tsx';
import { ErrorSummary, setFocus } from '../../components/govuk/error-summary/error-summary.tsx';
import { Radios } from '../../components/govuk/radios/radios.tsx';
import { Textarea } from '../../components/govuk/textarea/textarea.tsx';
import { fieldError } from '../../i18n/field-error.ts';
import { registerTexts } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

registerTexts(texts);
registerTexts(validationTexts);

const RATING_KEYS: Record<FeedbackRating, string> = {
  'very-satisfied': 'feedback.very-satisfied',
  satisfied: 'feedback.satisfied',
  neither: 'feedback.neither',
  dissatisfied: 'feedback.dissatisfied',
  'very-dissatisfied': 'feedback.very-dissatisfied',
};

type Field = (typeof FEEDBACK_FIELDS)[number];
const ASK: FeedbackView = { kind: 'ask', answers: EMPTY_FEEDBACK, errors: {} };

/** Sends the feedback; resolves to the view it ends in. */
async function send(answers: FeedbackAnswers): Promise<FeedbackView> {
  const body: FeedbackRequest = { rating: answers['feedback-rating'], comment: answers['feedback-comment'] };
  try {
    const response = await fetch(FEEDBACK_API_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      referrerPolicy: 'no-referrer',
    });
    return response.status === 201 ? { kind: 'sent' } : { kind: 'failed', answers };
  } catch {
    return { kind: 'failed', answers };
  }
}

export function FeedbackPage() {
  // Seeded with the server's answer to a form sent before the app ran, if that is what the page shows.
  const served = usePageData().outcome.feedback;
  const [view, setView] = useState<FeedbackView>(() => served ?? ASK);
  const content = useRef<HTMLDivElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    // The errors, or the thanks, replace what the user was reading: start them where a new page would.
    const target =
      content.current?.querySelector<HTMLElement>('.govuk-error-summary') ??
      content.current?.querySelector<HTMLElement>('h1');
    if (target && document.activeElement !== target) setFocus(target);
  }, [view]);

  const change = (next: FeedbackView) => {
    moved.current = next.kind === 'sent' || (next.kind === 'ask' && Object.keys(next.errors).length > 0);
    setView(next);
  };

  return (
    <div ref={content}>{view.kind === 'sent' ? <FeedbackSent /> : <FeedbackForm view={view} onView={change} />}</div>
  );
}

function FeedbackSent() {
  const { t } = useTranslation();
  return (
    <MessagePage title={t('feedback.thanksTitle')}>
      <p className="govuk-body">{t('feedback.thanksBody')}</p>
      <p className="govuk-body">
        <Link className="govuk-link" to="/">
          {t('feedback.toStart')}
        </Link>
      </p>
    </MessagePage>
  );
}

function FeedbackForm({
  view,
  onView,
}: {
  view: Exclude<FeedbackView, { kind: 'sent' }>;
  onView: (view: FeedbackView) => void;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [answers, setAnswers] = useState<FeedbackAnswers>(view.answers);
  const errors = view.kind === 'ask' ? view.errors : {};
  const failing = FEEDBACK_FIELDS.flatMap((field) => {
    const rule = errors[field];
    return rule === undefined ? [] : [{ field, message: t(messageKey(field, rule)) }];
  });
  const messageOf = (field: Field) => failing.find((failure) => failure.field === field)?.message;
  usePageTitle(t('feedback.title'), failing.length > 0);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view.kind === 'sending') return;
    const found = validateFeedback(answers);
    if (Object.keys(found).length > 0) {
      for (const [field, rule] of Object.entries(found)) trackValidationError(pathname, field, rule);
      onView({ kind: 'ask', answers, errors: found });
      return;
    }
    onView({ kind: 'sending', answers });
    void send(answers).then(onView);
  };
  const ratingError = messageOf('feedback-rating');
  const commentError = messageOf('feedback-comment');

  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        {failing.length > 0 && (
          <ErrorSummary
            titleText={t(ERROR_SUMMARY_TITLE_KEY)}
            errorList={failing.map(({ field, message }) => ({ text: message, href: `#${field}` }))}
          />
        )}
        <h1 className="govuk-heading-l">{t('feedback.title')}</h1>
        {view.kind === 'failed' && (
          <div className="govuk-inset-text" role="alert">
            <p className="govuk-body">{t('feedback.failed')}</p>
          </div>
        )}
        <form method="post" action={FEEDBACK_PATH} noValidate onSubmit={onSubmit}>
          <FormTokenField />
          <Radios
            name="feedback-rating"
            idPrefix="feedback-rating"
            fieldset={{ legend: { text: t('feedback.ratingLegend'), classes: 'govuk-fieldset__legend--m' } }}
            errorMessage={ratingError === undefined ? undefined : fieldError(t, ratingError)}
            items={FEEDBACK_RATINGS.map((rating) => ({ value: rating, text: t(RATING_KEYS[rating]) }))}
            value={answers['feedback-rating']}
            onChange={(rating) => setAnswers((current) => ({ ...current, 'feedback-rating': rating }))}
          />
          <Textarea
            name="feedback-comment"
            label={{ text: t('feedback.commentLabel'), classes: 'govuk-label--m' }}
            hint={{ text: t('feedback.commentHint') }}
            errorMessage={commentError === undefined ? undefined : fieldError(t, commentError)}
            rows={6}
            value={answers['feedback-comment']}
            onChange={(event) => {
              const typed = event.currentTarget.value;
              setAnswers((current) => ({ ...current, 'feedback-comment': typed }));
            }}
          />
          <Button text={t('feedback.submit')} type="submit" busy={view.kind === 'sending'} />
          {view.kind === 'sending' && <Spinner text={t('feedback.sending')} />}
        </form>
      </div>
    </div>
  );
}
