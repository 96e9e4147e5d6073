import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import type { TagProps } from '../tag/tag.tsx';

export interface PhaseBannerProps {
  text?: string;
  html?: ReactNode;
  tag?: TagProps;
  classes?: string;
  attributes?: HtmlAttributes;
}

export function PhaseBanner({ text, html, tag, classes, attributes }: PhaseBannerProps) {
  return (
    <div
      {...toReactAttributes(attributes)}
      className={classNames('govuk-phase-banner', 'govuk-width-container', classes)}
    >
      <p className="govuk-phase-banner__content">
        {/* The tag component's markup, written out: the banner is on every page's first load,
            and importing the Tag component there costs a kilobyte of the budget (its chunk). */}
        <strong className={classNames('govuk-tag', 'govuk-phase-banner__content__tag', tag?.classes)}>
          {tag?.html || tag?.text}
        </strong>
        <span className="govuk-phase-banner__text">{html || text}</span>
      </p>
    </div>
  );
}
