import type { MouseEventHandler, ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { GovukLogo } from '../header/logo.tsx';
import { GOVUK_LOGOS } from '../logos.ts';

export interface FooterLink {
  text: string;
  href: string;
  attributes?: HtmlAttributes;
  /** React only: lets the SPA route instead of reloading the page. */
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

export interface FooterNavigation {
  title: string;
  columns?: number;
  width?: string;
  items?: FooterLink[];
}

export interface FooterContent {
  text?: string;
  html?: ReactNode;
}

/** Options of govuk-frontend's `govukFooter` macro. */
export interface FooterProps {
  meta?: {
    visuallyHiddenTitle?: string;
    html?: ReactNode;
    text?: string;
    items?: FooterLink[];
  };
  navigation?: FooterNavigation[];
  /** `null` removes the licence; leaving it out shows the English Open Government Licence text. */
  contentLicence?: FooterContent | null;
  /** Defaults to the English "© Crown copyright". */
  copyright?: FooterContent;
  containerClasses?: string;
  classes?: string;
  attributes?: HtmlAttributes;
}

const OGL_URL = 'https://www.nationalarchives.gov.uk/doc/open-government-licence/version/3/';
const CROWN_COPYRIGHT_URL =
  'https://www.nationalarchives.gov.uk/information-management/re-using-public-sector-information/uk-government-licensing-framework/crown-copyright/';

export function Footer({
  meta,
  navigation,
  contentLicence,
  copyright,
  containerClasses,
  classes,
  attributes,
}: FooterProps) {
  return (
    <div className={classNames('govuk-footer', classes)} {...toReactAttributes(attributes)}>
      <div className={classNames('govuk-width-container', containerClasses)}>
        <GovukLogo classes="govuk-footer__crown" useLogotype={false} />
        {navigation?.length ? (
          <>
            <div className="govuk-footer__navigation">
              {navigation.map((nav, index) => (
                <div key={index} className={`govuk-footer__section govuk-grid-column-${nav.width || 'full'}`}>
                  <h2 className="govuk-footer__heading govuk-heading-m">{nav.title}</h2>
                  {nav.items?.length ? (
                    <ul
                      className={classNames(
                        'govuk-footer__list',
                        nav.columns ? `govuk-footer__list--columns-${nav.columns}` : undefined,
                      )}
                    >
                      {nav.items.map(
                        (item, itemIndex) =>
                          item.href &&
                          item.text && (
                            <li key={itemIndex} className="govuk-footer__list-item">
                              <FooterAnchor item={item} />
                            </li>
                          ),
                      )}
                    </ul>
                  ) : null}
                </div>
              ))}
            </div>
            <hr className="govuk-footer__section-break" />
          </>
        ) : null}
        <div className="govuk-footer__meta">
          <div className="govuk-footer__meta-item govuk-footer__meta-item--grow">
            {meta && (
              <>
                <h2 className="govuk-visually-hidden">{meta.visuallyHiddenTitle || 'Support links'}</h2>
                {meta.items?.length ? (
                  <ul className="govuk-footer__inline-list">
                    {meta.items.map((item, index) => (
                      <li key={index} className="govuk-footer__inline-list-item">
                        <FooterAnchor item={item} />
                      </li>
                    ))}
                  </ul>
                ) : null}
                {(meta.text || meta.html) && <div className="govuk-footer__meta-custom">{meta.html || meta.text}</div>}
              </>
            )}
            {contentLicence !== null && (
              <>
                {/* focusable="false" stops Internet Explorer from treating the logo as interactive. */}
                <svg
                  aria-hidden="true"
                  focusable="false"
                  className="govuk-footer__licence-logo"
                  xmlns="http://www.w3.org/2000/svg"
                  viewBox="0 0 483.2 195.7"
                  height="17"
                  width="41"
                >
                  <use fill="currentColor" href={`${GOVUK_LOGOS}#licence`} />
                </svg>
                <span className="govuk-footer__licence-description">
                  {contentLicence?.html || contentLicence?.text || (
                    <>
                      All content is available under the{' '}
                      <a className="govuk-footer__link" href={OGL_URL} rel="license">
                        Open Government Licence v3.0
                      </a>
                      , except where otherwise stated
                    </>
                  )}
                </span>
              </>
            )}
          </div>
          <div className="govuk-footer__meta-item">
            <a className="govuk-footer__link govuk-footer__copyright-logo" href={CROWN_COPYRIGHT_URL}>
              {copyright?.html || copyright?.text || '© Crown copyright'}
            </a>
          </div>
        </div>
      </div>
    </div>
  );
}

function FooterAnchor({ item }: { item: FooterLink }) {
  return (
    <a className="govuk-footer__link" href={item.href} {...toReactAttributes(item.attributes)} onClick={item.onClick}>
      {item.text}
    </a>
  );
}
