import { useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';

export interface ButtonProps {
  /** `'a'` renders a link even without `href` (as older govuk-frontend macros did). */
  element?: 'a' | 'button';
  text?: string;
  html?: ReactNode;
  type?: 'submit' | 'button' | 'reset';
  name?: string;
  value?: string;
  disabled?: boolean;
  /**
   * The button's action is under way: it says so with `aria-disabled` and ignores clicks, but
   * stays focusable, so keyboard and screen-reader users do not lose their place (a `disabled`
   * button drops focus to the page).
   */
  busy?: boolean;
  href?: string;
  classes?: string;
  attributes?: HtmlAttributes;
  preventDoubleClick?: boolean;
  isStartButton?: boolean;
  id?: string;
  onClick?: (event: MouseEvent<HTMLButtonElement | HTMLAnchorElement>) => void;
}

// govuk-frontend's Button JS ignores a second click within this time.
const DOUBLE_CLICK_MS = 1000;

function StartIcon() {
  return (
    <svg
      className="govuk-button__start-icon"
      xmlns="http://www.w3.org/2000/svg"
      width="17.5"
      height="19"
      viewBox="0 0 33 40"
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" d="M0 0h13l20 20-20 20H0l20-20z" />
    </svg>
  );
}

// A link styled as a button says role="button", so it must answer the space key like one.
function clickOnSpace(event: KeyboardEvent<HTMLAnchorElement>): void {
  if (event.key !== ' ') return;
  event.preventDefault();
  event.currentTarget.click();
}

export function Button({
  element,
  text,
  html,
  type,
  name,
  value,
  disabled,
  busy,
  href,
  classes,
  attributes,
  preventDoubleClick,
  isStartButton,
  id,
  onClick,
}: ButtonProps) {
  const lastClick = useRef<number | undefined>(undefined);

  const common = {
    id,
    ...toReactAttributes(attributes),
    className: classNames('govuk-button', classes, isStartButton && 'govuk-button--start'),
    'data-module': 'govuk-button',
  };
  // Start buttons use flexbox, which drops the spaces between HTML elements, so HTML content is wrapped.
  const content = (
    <>
      {html && isStartButton ? <span>{html}</span> : html || text}
      {isStartButton ? <StartIcon /> : null}
    </>
  );

  if (href || element === 'a') {
    return (
      <a href={href || '#'} role="button" draggable="false" onKeyDown={clickOnSpace} onClick={onClick} {...common}>
        {content}
      </a>
    );
  }

  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    if (preventDoubleClick) {
      const now = Date.now();
      if (lastClick.current !== undefined && now - lastClick.current < DOUBLE_CLICK_MS) {
        event.preventDefault();
        return;
      }
      lastClick.current = now;
    }
    onClick?.(event);
  };

  return (
    <button
      type={type || 'submit'}
      value={value || undefined}
      name={name || undefined}
      disabled={disabled || undefined}
      aria-disabled={disabled || busy ? 'true' : undefined}
      data-prevent-double-click={preventDoubleClick === undefined ? undefined : String(preventDoubleClick)}
      onClick={handleClick}
      {...common}
    >
      {content}
    </button>
  );
}
