import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface ErrorMessageProps {
  text?: string;
  html?: ReactNode;
  id?: string;
  classes?: string;
  attributes?: HtmlAttributes;
  /** Defaults to govuk-frontend's "Error"; an empty string removes the prefix. */
  visuallyHiddenText?: string;
}

export function ErrorMessage({ text, html, id, classes, attributes, visuallyHiddenText = 'Error' }: ErrorMessageProps) {
  const message = html || text;
  return (
    <p id={id} {...toReactAttributes(attributes)} className={classNames('govuk-error-message', classes)}>
      {visuallyHiddenText ? (
        <>
          <span className="govuk-visually-hidden">{visuallyHiddenText}:</span> {message}
        </>
      ) : (
        message
      )}
    </p>
  );
}
