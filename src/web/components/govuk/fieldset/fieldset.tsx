import type { ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface FieldsetLegend {
  text?: string;
  html?: ReactNode;
  classes?: string;
  isPageHeading?: boolean;
}

export interface FieldsetProps {
  describedBy?: string;
  legend?: FieldsetLegend;
  classes?: string;
  role?: string;
  attributes?: HtmlAttributes;
  html?: ReactNode;
  /** Takes the place of the Nunjucks `caller` block. */
  children?: ReactNode;
}

export function Fieldset({ describedBy, legend, classes, role, attributes, html, children }: FieldsetProps) {
  const legendContent = legend?.html || legend?.text;
  return (
    <fieldset
      role={role || undefined}
      aria-describedby={describedBy || undefined}
      {...toReactAttributes(attributes)}
      className={classNames('govuk-fieldset', classes)}
    >
      {legendContent ? (
        <legend className={classNames('govuk-fieldset__legend', legend?.classes)}>
          {legend?.isPageHeading ? <h1 className="govuk-fieldset__heading">{legendContent}</h1> : legendContent}
        </legend>
      ) : null}
      {children ?? html}
    </fieldset>
  );
}
