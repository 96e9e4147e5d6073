import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { Tag, type TagProps } from '../tag/tag.tsx';

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
        <Tag
          text={tag?.text}
          html={tag?.html}
          classes={classNames('govuk-phase-banner__content__tag', tag?.classes)}
        />
        <span className="govuk-phase-banner__text">{html || text}</span>
      </p>
    </div>
  );
}
