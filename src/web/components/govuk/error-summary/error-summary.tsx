import { useEffect, useRef, type MouseEvent, type MouseEventHandler, type ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface ErrorSummaryItem {
  href?: string;
  text?: string;
  html?: ReactNode;
  attributes?: HtmlAttributes;
  /** React only: runs before the summary focuses the field; call `preventDefault()` to take over instead. */
  onClick?: MouseEventHandler<HTMLAnchorElement>;
}

/** Options of govuk-frontend's `govukErrorSummary` macro; its JavaScript behaviour is built in. */
export interface ErrorSummaryProps {
  titleText?: string;
  titleHtml?: ReactNode;
  descriptionText?: string;
  descriptionHtml?: ReactNode;
  errorList?: ErrorSummaryItem[];
  disableAutoFocus?: boolean;
  classes?: string;
  attributes?: HtmlAttributes;
}

/**
 * Focuses an element that is not normally focusable, as govuk-frontend's `setFocus` does: the
 * temporary tabindex goes on blur so that a later click inside the element does not outline it.
 */
export function setFocus(element: HTMLElement): void {
  const hadTabindex = element.hasAttribute('tabindex');
  if (!hadTabindex) element.setAttribute('tabindex', '-1');
  element.addEventListener(
    'focus',
    () => element.addEventListener('blur', () => !hadTabindex && element.removeAttribute('tabindex'), { once: true }),
    { once: true },
  );
  element.focus();
}

export function ErrorSummary({
  titleText,
  titleHtml,
  descriptionText,
  descriptionHtml,
  errorList = [],
  disableAutoFocus,
  classes,
  attributes,
}: ErrorSummaryProps) {
  const root = useRef<HTMLDivElement>(null);
  // Pages rebuild errorList on every render; only a different set of errors should take focus
  // away from the field the user is typing in.
  const errorsKey = errorList.map((item) => `${item.href ?? ''} ${item.text ?? ''}`).join('\n');
  useEffect(() => {
    if (!disableAutoFocus && root.current) setFocus(root.current);
  }, [disableAutoFocus, errorsKey]);

  return (
    <div
      ref={root}
      className={classNames('govuk-error-summary', classes)}
      data-disable-auto-focus={disableAutoFocus === undefined ? undefined : String(disableAutoFocus)}
      {...toReactAttributes(attributes)}
      data-module="govuk-error-summary"
      onClick={handleClick}
    >
      {/* role="alert" sits on a child so that focusing the summary does not cut its announcement short. */}
      <div role="alert">
        <h2 className="govuk-error-summary__title">{titleHtml || titleText}</h2>
        <div className="govuk-error-summary__body">
          {(descriptionHtml || descriptionText) && <p>{descriptionHtml || descriptionText}</p>}
          {errorList.length > 0 && (
            <ul className="govuk-list govuk-error-summary__list">
              {errorList.map((item, index) => (
                <li key={index}>
                  {item.href ? (
                    <a href={item.href} {...toReactAttributes(item.attributes)} onClick={item.onClick}>
                      {item.html || item.text}
                    </a>
                  ) : (
                    item.html || item.text
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

// Any link in the summary, including ones inside `html`, moves focus to its field rather than
// jumping to it, so the field's label or legend stays in view.
function handleClick(event: MouseEvent<HTMLDivElement>): void {
  if (event.defaultPrevented || !(event.target instanceof Element)) return;
  const link = event.target.closest('a');
  if (link && focusTarget(link)) event.preventDefault();
}

function focusTarget(link: HTMLAnchorElement): boolean {
  const id = link.hash.replace('#', '');
  const field = id ? findField(id) : null;
  const legendOrLabel = field ? getAssociatedLegendOrLabel(field) : null;
  if (!field || !legendOrLabel) return false;
  legendOrLabel.scrollIntoView();
  field.focus({ preventScroll: true });
  return true;
}

function findField(id: string): HTMLElement | null {
  const element = document.getElementById(id);
  if (element?.matches('input, select, textarea, button')) return element;
  // A date input's id is on its wrapper; its day field is the one to type in first.
  return (
    document.getElementById(`${id}-day`) ?? element?.querySelector<HTMLElement>('input, select, textarea') ?? element
  );
}

// Mirrors govuk-frontend: prefer the fieldset's legend when it is near the field (always for
// radios and checkboxes), otherwise the field's own label.
function getAssociatedLegendOrLabel(field: HTMLElement): HTMLElement | null {
  const legend = field.closest('fieldset')?.getElementsByTagName('legend')[0];
  if (legend) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return legend;
    const legendTop = legend.getBoundingClientRect().top;
    const fieldRect = field.getBoundingClientRect();
    if (
      fieldRect.height &&
      window.innerHeight &&
      fieldRect.top + fieldRect.height - legendTop < window.innerHeight / 2
    ) {
      return legend;
    }
  }
  return document.querySelector<HTMLElement>(`label[for='${field.getAttribute('id')}']`) ?? field.closest('label');
}
