import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface LabelProps {
  text?: string;
  html?: ReactNode;
  for?: string;
  isPageHeading?: boolean;
  classes?: string;
  attributes?: HtmlAttributes;
}

export function Label({ text, html, for: htmlFor, isPageHeading, classes, attributes }: LabelProps) {
  if (!html && !text) return null;
  const label = (
    <label htmlFor={htmlFor} {...toReactAttributes(attributes)} className={classNames('govuk-label', classes)}>
      {html || text}
    </label>
  );
  return isPageHeading ? <h1 className="govuk-label-wrapper">{label}</h1> : label;
}
