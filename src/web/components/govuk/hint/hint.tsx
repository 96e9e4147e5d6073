import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface HintProps {
  text?: string;
  html?: ReactNode;
  id?: string;
  classes?: string;
  attributes?: HtmlAttributes;
}

export function Hint({ text, html, id, classes, attributes }: HintProps) {
  return (
    <div id={id} {...toReactAttributes(attributes)} className={classNames('govuk-hint', classes)}>
      {html || text}
    </div>
  );
}
