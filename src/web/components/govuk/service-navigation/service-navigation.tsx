import { isValidElement, useState, useSyncExternalStore, type MouseEventHandler, type ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface ServiceNavigationItem {
  current?: boolean;
  active?: boolean;
  html?: ReactNode;
  text?: string;
  href?: string;
  attributes?: HtmlAttributes;
  /** React only: lets the SPA route instead of reloading the page. */
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

export interface ServiceNavigationEndSlot {
  html?: ReactNode;
  align?: 'inline';
}

/** Options of govuk-frontend's `govukServiceNavigation` macro; slots take React nodes instead of HTML strings. */
export interface ServiceNavigationProps {
  classes?: string;
  attributes?: HtmlAttributes;
  ariaLabel?: string;
  menuButtonText?: string;
  menuButtonLabel?: string;
  navigationLabel?: string;
  navigationId?: string;
  navigationClasses?: string;
  collapseNavigationOnMobile?: boolean;
  serviceName?: string;
  serviceUrl?: string;
  navigation?: Array<ServiceNavigationItem | null | false | undefined>;
  slots?: {
    start?: ReactNode;
    end?: ReactNode | ServiceNavigationEndSlot;
    navigationStart?: ReactNode;
    navigationEnd?: ReactNode;
  };
  /** React only: lets the SPA route to its start page instead of reloading. */
  onServiceUrlClick?: MouseEventHandler<HTMLAnchorElement>;
}

// govuk-frontend's tablet breakpoint: below it the navigation collapses behind the menu button.
const TABLET_QUERY = '(min-width: 40.0625em)';

function subscribeToMobile(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(TABLET_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isMobile = () => typeof window.matchMedia === 'function' && !window.matchMedia(TABLET_QUERY).matches;

// The end slot is either content or `{ html, align }`, as in the macro.
function isEndSlotOptions(end: unknown): end is ServiceNavigationEndSlot {
  if (typeof end !== 'object' || end === null || Array.isArray(end) || isValidElement(end)) return false;
  return 'html' in end || 'align' in end;
}

export function ServiceNavigation(props: ServiceNavigationProps) {
  const { serviceName, serviceUrl, slots } = props;
  const navigationId = props.navigationId || 'navigation';
  const menuButtonText = props.menuButtonText || 'Menu';
  const endSlot = slots?.end;
  const endHtml = isEndSlotOptions(endSlot) ? endSlot.html : endSlot;
  const endInline = isEndSlotOptions(endSlot) && endSlot.align === 'inline';
  const items = (props.navigation ?? []).filter((item): item is ServiceNavigationItem => Boolean(item));
  const collapse = props.collapseNavigationOnMobile ?? items.length > 1;

  // Without JavaScript govuk-frontend leaves the menu open and its button hidden: that is the
  // server snapshot, so static markup matches the macro's.
  const mobile = useSyncExternalStore(subscribeToMobile, isMobile, () => false) && collapse;
  const [menuIsOpen, setMenuIsOpen] = useState(false);

  const Container = serviceName || slots?.start || endHtml ? 'section' : 'div';
  return (
    <Container
      aria-label={Container === 'section' ? (props.ariaLabel ?? 'Service information') : undefined}
      className={classNames('govuk-service-navigation', props.classes)}
      data-module="govuk-service-navigation"
      {...toReactAttributes(props.attributes)}
    >
      <div className={classNames('govuk-width-container', endInline && 'govuk-service-navigation__inlining-container')}>
        {slots?.start}
        <div className="govuk-service-navigation__container">
          {serviceName && (
            <span className="govuk-service-navigation__service-name">
              {serviceUrl ? (
                <a href={serviceUrl} className="govuk-service-navigation__link" onClick={props.onServiceUrlClick}>
                  {serviceName}
                </a>
              ) : (
                <span className="govuk-service-navigation__text">{serviceName}</span>
              )}
            </span>
          )}
          {(items.length > 0 || slots?.navigationStart || slots?.navigationEnd) && (
            <nav
              aria-label={props.navigationLabel || menuButtonText}
              className={classNames('govuk-service-navigation__wrapper', props.navigationClasses)}
            >
              {collapse && (
                <button
                  type="button"
                  className="govuk-service-navigation__toggle govuk-js-service-navigation-toggle"
                  aria-controls={navigationId}
                  aria-label={
                    props.menuButtonLabel && props.menuButtonLabel !== menuButtonText
                      ? props.menuButtonLabel
                      : undefined
                  }
                  hidden={!mobile}
                  aria-hidden={mobile ? undefined : 'true'}
                  aria-expanded={mobile ? menuIsOpen : undefined}
                  onClick={() => setMenuIsOpen(!menuIsOpen)}
                >
                  {menuButtonText}
                </button>
              )}
              <ul className="govuk-service-navigation__list" id={navigationId} hidden={mobile && !menuIsOpen}>
                {slots?.navigationStart}
                {items.map((item, index) => (
                  <NavigationItem key={index} item={item} />
                ))}
                {slots?.navigationEnd}
              </ul>
            </nav>
          )}
        </div>
        {endHtml}
      </div>
    </Container>
  );
}

function NavigationItem({ item }: { item: ServiceNavigationItem }) {
  const highlighted = item.active || item.current;
  const content = item.html || item.text;
  // The strong keeps the current item distinguishable when users override colours.
  const inner = highlighted ? (
    <strong className="govuk-service-navigation__active-fallback">{content}</strong>
  ) : (
    content
  );
  const ariaCurrent = highlighted ? (item.current ? 'page' : 'true') : undefined;
  return (
    <li
      className={classNames('govuk-service-navigation__item', highlighted && 'govuk-service-navigation__item--active')}
    >
      {item.href ? (
        <a
          className="govuk-service-navigation__link"
          href={item.href}
          aria-current={ariaCurrent}
          {...toReactAttributes(item.attributes)}
          onClick={item.onClick}
        >
          {inner}
        </a>
      ) : (
        content && (
          <span className="govuk-service-navigation__text" aria-current={ariaCurrent}>
            {inner}
          </span>
        )
      )}
    </li>
  );
}
