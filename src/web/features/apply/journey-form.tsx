// The form around a journey page's buttons: with JavaScript, each button acts in the page; without
// it, the form is posted to the page, and the server does what the button's `action` names
// (#shared/journey/page-forms.ts).
import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ACTION_FIELD, linkQueryOf, type JourneyButton } from '#shared/journey/page-forms.ts';
import type { JourneyPath } from '#shared/journey/paths.ts';
import { FormTokenField } from '../../app/form-token.tsx';

/**
 * A form posted to `path` without JavaScript, with the link that showed the page (`?change`,
 * `?edit=1`): the server follows the link and then does what the form asks.
 */
export function JourneyForm({ path, children }: { path: JourneyPath; children: ReactNode }) {
  return (
    <form method="post" action={useJourneyFormAction(path)} noValidate>
      <FormTokenField />
      {children}
    </form>
  );
}

/** Where a journey page's form posts: its page, with the link that showed it. */
export function useJourneyFormAction(path: JourneyPath): string {
  return `${path}${linkQueryOf(useLocation().search)}`;
}

/** A button's name and value, and its action in the page (the form is then not sent). */
export function journeyButton(button: JourneyButton, act: () => void) {
  return {
    name: ACTION_FIELD,
    value: button,
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      act();
    },
  };
}
