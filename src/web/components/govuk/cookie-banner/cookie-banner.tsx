import type { MouseEventHandler, ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { Button, type ButtonProps } from '../button/button.tsx';

export interface CookieBannerAction {
  text: string;
  type?: 'button' | 'submit';
  href?: string;
  name?: string;
  value?: string;
  classes?: string;
  attributes?: HtmlAttributes;
  /** React only: for example to record the choice, or route to the cookies page without reloading. */
  onClick?: MouseEventHandler<HTMLAnchorElement | HTMLButtonElement>;
}

export interface CookieBannerMessage {
  headingText?: string;
  headingHtml?: ReactNode;
  text?: string;
  html?: ReactNode;
  actions?: CookieBannerAction[];
  hidden?: boolean;
  role?: string;
  classes?: string;
  attributes?: HtmlAttributes;
}

/** Options of govuk-frontend's `govukCookieBanner` macro. */
export interface CookieBannerProps {
  ariaLabel?: string;
  hidden?: boolean;
  classes?: string;
  attributes?: HtmlAttributes;
  messages: CookieBannerMessage[];
}

export function CookieBanner({ ariaLabel, hidden, classes, attributes, messages }: CookieBannerProps) {
  return (
    <div
      className={classNames('govuk-cookie-banner', classes)}
      data-nosnippet=""
      role="region"
      aria-label={ariaLabel || 'Cookie banner'}
      hidden={hidden || undefined}
      {...toReactAttributes(attributes)}
    >
      {messages.map((message, index) => (
        <div
          key={index}
          className={classNames('govuk-cookie-banner__message', message.classes, 'govuk-width-container')}
          role={message.role || undefined}
          {...toReactAttributes(message.attributes)}
          hidden={message.hidden || undefined}
        >
          <div className="govuk-grid-row">
            <div className="govuk-grid-column-two-thirds">
              {(message.headingHtml || message.headingText) && (
                <h2 className="govuk-cookie-banner__heading govuk-heading-m">
                  {message.headingHtml || message.headingText}
                </h2>
              )}
              <div className="govuk-cookie-banner__content">
                {message.html || (message.text && <p className="govuk-body">{message.text}</p>)}
              </div>
            </div>
          </div>
          {message.actions && (
            <div className="govuk-button-group">
              {message.actions.map((action, actionIndex) => (
                <Action key={actionIndex} action={action} />
              ))}
            </div>
          )}
        </div>
      ))}
    </div>
  );
}

// Actions are buttons unless they only have an href; `type: 'button'` with an href styles a link as a button.
function Action({ action }: { action: CookieBannerAction }) {
  if (!action.href || action.type === 'button') {
    const { text, type, name, value, classes, href, attributes, onClick } = action;
    const props: ButtonProps = { text, type: type || 'button', name, value, classes, href, attributes, onClick };
    return <Button {...props} />;
  }
  return (
    <a
      className={classNames('govuk-link', action.classes)}
      href={action.href}
      {...toReactAttributes(action.attributes)}
      onClick={action.onClick}
    >
      {action.text}
    </a>
  );
}
