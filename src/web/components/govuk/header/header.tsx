import type { MouseEventHandler } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { GovukLogo } from './logo.tsx';

/** Options of govuk-frontend's `govukHeader` macro; the service name lives in ServiceNavigation since v6. */
export interface HeaderProps {
  homepageUrl?: string;
  productName?: string;
  containerClasses?: string;
  classes?: string;
  attributes?: HtmlAttributes;
  /** React only: lets the SPA route instead of reloading when the homepage URL is its own. */
  onHomepageUrlClick?: MouseEventHandler<HTMLAnchorElement>;
}

export function Header({
  homepageUrl,
  productName,
  containerClasses,
  classes,
  attributes,
  onHomepageUrlClick,
}: HeaderProps) {
  return (
    <div className={classNames('govuk-header', classes)} {...toReactAttributes(attributes)}>
      <div className={classNames('govuk-header__container', containerClasses || 'govuk-width-container')}>
        <div className="govuk-header__logo">
          <a href={homepageUrl || '//gov.uk'} className="govuk-header__homepage-link" onClick={onHomepageUrlClick}>
            <GovukLogo classes="govuk-header__logotype" ariaLabelText="GOV.UK" />
            {productName && <span className="govuk-header__product-name">{productName}</span>}
          </a>
        </div>
      </div>
    </div>
  );
}
