import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface WarningTextProps {
  text?: string;
  html?: ReactNode;
  /** Defaults to govuk-frontend's "Warning". */
  iconFallbackText?: string;
  classes?: string;
  attributes?: HtmlAttributes;
}

export function WarningText({ text, html, iconFallbackText, classes, attributes }: WarningTextProps) {
  return (
    <div {...toReactAttributes(attributes)} className={classNames('govuk-warning-text', classes)}>
      <span className="govuk-warning-text__icon" aria-hidden="true">
        !
      </span>
      <strong className="govuk-warning-text__text">
        <span className="govuk-visually-hidden">{iconFallbackText || 'Warning'}</span> {html || text}
      </strong>
    </div>
  );
}
