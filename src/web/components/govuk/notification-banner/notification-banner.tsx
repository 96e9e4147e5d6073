import { useEffect, useRef, type ReactNode } from 'react';
import { classNames, toReactAttributes, type HtmlAttributes } from '../attributes.ts';
import { setFocus } from '../error-summary/error-summary.tsx';

/** Options of govuk-frontend's `govukNotificationBanner` macro; its JavaScript behaviour is built in. */
export interface NotificationBannerProps {
  text?: string;
  html?: ReactNode;
  titleText?: string;
  titleHtml?: ReactNode;
  titleHeadingLevel?: number;
  type?: 'success' | null;
  role?: string;
  titleId?: string;
  disableAutoFocus?: boolean;
  classes?: string;
  attributes?: HtmlAttributes;
}

export function NotificationBanner({
  text,
  html,
  titleText,
  titleHtml,
  titleHeadingLevel,
  type,
  role,
  titleId,
  disableAutoFocus,
  classes,
  attributes,
}: NotificationBannerProps) {
  const success = type === 'success';
  // A success banner interrupts assistive technology (alert); others are a landmark to navigate to (region).
  const resolvedRole = role || (success ? 'alert' : 'region');
  const id = titleId || 'govuk-notification-banner-title';
  const Heading = `h${titleHeadingLevel || 2}` as 'h2';

  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (resolvedRole === 'alert' && !disableAutoFocus && root.current) setFocus(root.current);
  }, [resolvedRole, disableAutoFocus]);

  return (
    <div
      ref={root}
      className={classNames('govuk-notification-banner', success && 'govuk-notification-banner--success', classes)}
      role={resolvedRole}
      aria-labelledby={id}
      data-module="govuk-notification-banner"
      data-disable-auto-focus={disableAutoFocus === undefined ? undefined : String(disableAutoFocus)}
      {...toReactAttributes(attributes)}
    >
      <div className="govuk-notification-banner__header">
        <Heading className="govuk-notification-banner__title" id={id}>
          {titleHtml || titleText || (success ? 'Success' : 'Important')}
        </Heading>
      </div>
      <div className="govuk-notification-banner__content">
        {html || (text && <p className="govuk-notification-banner__heading">{text.trim()}</p>)}
      </div>
    </div>
  );
}
