// The form around a journey page's buttons: with JavaScript, each button acts in the page; without
// it, the form is posted to the page, and the server does what the button's `action` names
// (#shared/journey/page-forms.ts).
import type { MouseEvent, ReactNode } from 'react';
import { ACTION_FIELD, type JourneyButton } from '#shared/journey/page-forms.ts';
import type { JourneyPath } from '#shared/journey/paths.ts';
import { FormTokenField } from '../../app/form-token.tsx';

/** A form posted to `path` without JavaScript. */
export function JourneyForm({ path, children }: { path: JourneyPath; children: ReactNode }) {
  return (
    <form method="post" action={path} noValidate>
      <FormTokenField />
      {children}
    </form>
  );
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
