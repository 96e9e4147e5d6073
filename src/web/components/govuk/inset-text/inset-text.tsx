import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface InsetTextProps {
  text?: string;
  html?: ReactNode;
  id?: string;
  classes?: string;
  attributes?: HtmlAttributes;
  /** Takes the place of the Nunjucks `caller` block. */
  children?: ReactNode;
}

export function InsetText({ text, html, id, classes, attributes, children }: InsetTextProps) {
  return (
    <div id={id} {...toReactAttributes(attributes)} className={classNames('govuk-inset-text', classes)}>
      {children ?? (html || text)}
    </div>
  );
}
