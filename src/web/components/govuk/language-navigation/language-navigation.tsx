import type { MouseEventHandler, ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface LanguageNavigationItem {
  text?: string;
  html?: ReactNode;
  lang: string;
  hrefLang?: string;
  dir?: 'ltr' | 'rtl';
  href?: string;
  current?: boolean;
  languageDescriptionText?: string;
  classes?: string;
  attributes?: HtmlAttributes;
  /** React only: lets the SPA switch language without reloading the page. */
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

/** Options of govuk-frontend's `govukLanguageNavigation` macro. */
export interface LanguageNavigationProps {
  items: LanguageNavigationItem[];
  ariaLabel?: string;
  classes?: string;
  attributes?: HtmlAttributes;
}

export function LanguageNavigation({ items, ariaLabel, classes, attributes }: LanguageNavigationProps) {
  return (
    <nav
      className={classNames('govuk-language-navigation', classes)}
      {...toReactAttributes(attributes)}
      aria-label={ariaLabel ?? 'Language'}
    >
      <ul className="govuk-language-navigation__list">
        {items.map((item, index) => (
          <li key={index} className="govuk-language-navigation__list-item">
            {item.current || !item.href ? (
              <span
                className={classNames('govuk-language-navigation__text', item.classes)}
                aria-current="true"
                lang={item.lang || undefined}
                dir={item.dir || undefined}
                {...toReactAttributes(item.attributes)}
              >
                {item.html || item.text}
              </span>
            ) : (
              <a
                className={classNames('govuk-language-navigation__link', item.classes)}
                href={item.href}
                rel="alternate"
                lang={item.lang || undefined}
                hrefLang={item.hrefLang || item.lang || undefined}
                dir={item.dir || undefined}
                {...toReactAttributes(item.attributes)}
                onClick={item.onClick}
              >
                {item.html || item.text}
                {item.languageDescriptionText && (
                  <span className="govuk-visually-hidden"> {item.languageDescriptionText}</span>
                )}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
