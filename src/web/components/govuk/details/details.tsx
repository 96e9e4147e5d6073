import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface DetailsProps {
  summaryText?: string;
  summaryHtml?: ReactNode;
  text?: string;
  html?: ReactNode;
  id?: string;
  open?: boolean;
  classes?: string;
  attributes?: HtmlAttributes;
  /** Takes the place of the Nunjucks `caller` block. */
  children?: ReactNode;
}

export function Details({
  summaryText,
  summaryHtml,
  text,
  html,
  id,
  open,
  classes,
  attributes,
  children,
}: DetailsProps) {
  return (
    <details
      id={id}
      open={open || undefined}
      {...toReactAttributes(attributes)}
      className={classNames('govuk-details', classes)}
    >
      <summary className="govuk-details__summary">
        <span className="govuk-details__summary-text">{summaryHtml || summaryText}</span>
      </summary>
      <div className="govuk-details__text">{children ?? (html || text)}</div>
    </details>
  );
}
