import type { MouseEventHandler, ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { Button, type ButtonProps } from '../button/button.tsx';

export interface PanelAction {
  text: string;
  type?: 'button' | 'submit';
  href?: string;
  classes?: string;
  attributes?: HtmlAttributes;
  /** React only: lets the SPA act or route without reloading the page. */
  onClick?: MouseEventHandler<HTMLAnchorElement | HTMLButtonElement>;
}

/** Options of govuk-frontend's `govukPanel` macro. */
export interface PanelProps {
  titleText?: string;
  titleHtml?: ReactNode;
  headingLevel?: number;
  text?: string;
  html?: ReactNode;
  classes?: string;
  attributes?: HtmlAttributes;
  /** Only shown on an interruption panel (`classes: 'govuk-panel--interruption'`). */
  actions?: {
    items?: PanelAction[];
    classes?: string;
    attributes?: HtmlAttributes;
  };
}

export function Panel({ titleText, titleHtml, headingLevel, text, html, classes, attributes, actions }: PanelProps) {
  const isInterruption = classes?.includes('govuk-panel--interruption') ?? false;
  const Heading = `h${headingLevel || 1}` as 'h1';
  return (
    <div
      className={classNames('govuk-panel', !isInterruption && 'govuk-panel--confirmation', classes)}
      {...toReactAttributes(attributes)}
    >
      <Heading className="govuk-panel__title">{titleHtml || titleText}</Heading>
      {(html || text) && <div className="govuk-panel__body">{html || text}</div>}
      {isInterruption && actions && (
        <div className={classNames('govuk-panel__actions', actions.classes)} {...toReactAttributes(actions.attributes)}>
          {actions.items?.length ? (
            <div className="govuk-button-group">
              {actions.items.map((action, index) => (
                <Action key={index} action={action} />
              ))}
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}

// Actions are inverse buttons unless they only have an href; `type: 'button'` with an href styles a link as a button.
function Action({ action }: { action: PanelAction }) {
  if (!action.href || action.type === 'button') {
    const { text, type, href, attributes, onClick } = action;
    const classes = classNames('govuk-button--inverse', action.classes);
    const props: ButtonProps = { text, type: type || 'button', classes, href, attributes, onClick };
    return <Button {...props} />;
  }
  return (
    <a
      className={classNames('govuk-link govuk-link--inverse', action.classes)}
      href={action.href}
      {...toReactAttributes(action.attributes)}
      onClick={action.onClick}
    >
      {action.text}
    </a>
  );
}
