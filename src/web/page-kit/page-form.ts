// A page's form sent by the app (decision 040): to the page's own address, as the browser would
// send it without the app, asking for the server's answer as JSON; the router then shows it.
// Loaded with the pages that have such forms, not with the first load.
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { FORM_TOKEN_FIELD } from '#shared/pages/form-token.ts';
import type { PageData } from '#shared/pages/page-data.ts';
import { fetchPageAnswer } from './page-data.ts';
import { useShowAnswer } from './show-answer.ts';

/** A form's fields as the browser would send them, with the button pressed (the page's form token among them). */
function formFields(form: HTMLFormElement, submitter: HTMLElement | null): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields.append(name, value);
  if ((submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) && submitter.name !== '')
    fields.append(submitter.name, submitter.value);
  return fields;
}

/** Sends `fields` to `action` as a browser without the app would: the page becomes the server's answer. */
function submitWhole(action: string, fields: URLSearchParams): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = action;
  form.hidden = true;
  for (const [name, value] of fields) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}

/**
 * A form's submit handler that sends the form through the app (the server answers with the page
 * to show), and whether a send is under way: a second press meanwhile sends nothing. Without the
 * app the same form is posted by the browser, and the server answers with the page itself. When
 * the app gets no answer it can draw (the network, the service failing), the browser sends the
 * form itself and shows what comes back. `onAnswered` is given the answer when the page stays to
 * show it (its errors).
 */
export function usePageForm(onAnswered?: (data: PageData) => void): {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  sending: boolean;
} {
  const showAnswer = useShowAnswer();
  const [sending, setSending] = useState(false);
  const busy = useRef(false);
  const onSubmit = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      const form = event.currentTarget;
      const action = form.getAttribute('action') ?? location.pathname;
      const fields = formFields(form, (event.nativeEvent as SubmitEvent).submitter);
      if (!fields.has(FORM_TOKEN_FIELD)) throw new Error('A form of the service without its token');
      busy.current = true;
      setSending(true);
      fetchPageAnswer(action, fields)
        .then(
          (answer) => {
            // The user has moved on meanwhile: the page the answer is for is no longer shown.
            if (!form.isConnected) return;
            const same = showAnswer(answer);
            if (same !== undefined) onAnswered?.(same);
          },
          () => submitWhole(action, fields),
        )
        .finally(() => {
          busy.current = false;
          setSending(false);
        });
    },
    [showAnswer, onAnswered],
  );
  return { onSubmit, sending };
}
