import type { MouseEvent, ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface BackLinkProps {
  /** Defaults to govuk-frontend's "Back". */
  text?: string;
  html?: ReactNode;
  href?: string;
  classes?: string;
  attributes?: HtmlAttributes;
  /** Lets the SPA navigate itself (call `event.preventDefault()` first). */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export function BackLink({ text, html, href, classes, attributes, onClick }: BackLinkProps) {
  return (
    <a
      href={href || '#'}
      onClick={onClick}
      {...toReactAttributes(attributes)}
      className={classNames('govuk-back-link', classes)}
    >
      {html || text || 'Back'}
    </a>
  );
}
