import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface SkipLinkProps {
  text?: string;
  html?: ReactNode;
  /** Defaults to govuk-frontend's "#content". */
  href?: string;
  classes?: string;
  attributes?: HtmlAttributes;
}

// Following a fragment link scrolls but does not move keyboard focus to a non-focusable
// element, so, like govuk-frontend's SkipLink JS, make the target focusable until it loses focus.
function focusTarget(href: string): void {
  if (!href.startsWith('#')) return;
  const target = document.getElementById(href.slice(1));
  if (!target) return;
  const hadTabIndex = target.hasAttribute('tabindex');
  if (!hadTabIndex) target.setAttribute('tabindex', '-1');
  target.classList.add('govuk-skip-link-focused-element');
  target.addEventListener(
    'blur',
    () => {
      target.classList.remove('govuk-skip-link-focused-element');
      if (!hadTabIndex) target.removeAttribute('tabindex');
    },
    { once: true },
  );
  target.focus();
}

export function SkipLink({ text, html, href, classes, attributes }: SkipLinkProps) {
  const target = href || '#content';
  return (
    <a
      href={target}
      onClick={() => focusTarget(target)}
      {...toReactAttributes(attributes)}
      className={classNames('govuk-skip-link', classes)}
      data-module="govuk-skip-link"
    >
      {html || text}
    </a>
  );
}
