import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface TagProps {
  text?: string;
  html?: ReactNode;
  classes?: string;
  attributes?: HtmlAttributes;
}

export function Tag({ text, html, classes, attributes }: TagProps) {
  return (
    <strong {...toReactAttributes(attributes)} className={classNames('govuk-tag', classes)}>
      {html || text}
    </strong>
  );
}
