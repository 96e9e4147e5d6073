// The form of a journey page: posted to the page's address (with the link that showed it, `?change`
// or `?edit=1`), by the app or by the browser without it; the server does what it asks (the
// button pressed names its `action`, #shared/journey/page-forms.ts) and answers with the page to
// show next.
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ACTION_FIELD, JOURNEY_BUTTONS, linkQueryOf, type JourneyButton } from '#shared/journey/page-forms.ts';
import type { JourneyPath } from '#shared/journey/paths.ts';
import type { PageData } from '#shared/pages/page-data.ts';
import { FormTokenField } from '../../page-kit/form-token.tsx';
import { usePageForm } from '../../page-kit/page-form.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/**
 * A form posted to `path`, with the link that showed the page: the server follows the link and
 * then does what the form asks. `children` may be drawn from whether a send is under way;
 * `onAnswered` is given the server's answer when the page stays (its errors).
 */
export function JourneyForm({
  path,
  children,
  onAnswered,
  onInput,
}: {
  path: JourneyPath;
  children: ReactNode | ((sending: boolean) => ReactNode);
  onAnswered?: (data: PageData) => void;
  onInput?: (form: HTMLFormElement) => void;
}) {
  const { onSubmit, sending } = usePageForm(onAnswered);
  return (
    <form
      method="post"
      action={useJourneyFormAction(path)}
      noValidate
      onSubmit={onSubmit}
      onInput={onInput && ((event) => onInput(event.currentTarget))}
    >
      <FormTokenField />
      {typeof children === 'function' ? children(sending) : children}
    </form>
  );
}

/** Where a journey page's form posts: its page, with the link that showed it. */
function useJourneyFormAction(path: JourneyPath): string {
  return `${path}${linkQueryOf(useLocation().search)}`;
}

/** A submit button that asks for `button`'s action. */
export const journeyButton = (button: JourneyButton) => ({
  type: 'submit' as const,
  name: ACTION_FIELD,
  value: button,
});

/**
 * "Save and come back later" (the GOV.UK pattern): saves the answers, the page's own included, and
 * emails a link to them (the server asks where to first, when they hold no contact email).
 */
export function SaveButton() {
  const { t } = useTranslation();
  return (
    <Button text={t('saveReturn.button')} classes="govuk-button--secondary" {...journeyButton(JOURNEY_BUTTONS.save)} />
  );
}

/** The button that sends the applications: "Sending…" and busy while a send is under way. */
export function SendButton({ text, sending }: { text: string; sending: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      text={sending ? t('apply.checkAnswers.sending') : text}
      busy={sending}
      {...journeyButton(JOURNEY_BUTTONS.send)}
      preventDoubleClick
    />
  );
}
