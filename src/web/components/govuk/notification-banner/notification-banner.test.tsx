import { describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { NotificationBanner } from './notification-banner.tsx';

describeFixtures('notification-banner', NotificationBanner);

describe('NotificationBanner behaviour', () => {
  const banner = () => document.querySelector<HTMLElement>('.govuk-notification-banner');

  it('takes focus when it is a success banner', () => {
    render(<NotificationBanner type="success" text="Application sent" />);
    expect(document.activeElement).toBe(banner());
    expect(banner()?.getAttribute('tabindex')).toBe('-1');
  });

  it('does not take focus when disableAutoFocus is set or it is not an alert', () => {
    render(<NotificationBanner type="success" text="Application sent" disableAutoFocus />);
    expect(document.activeElement).toBe(document.body);
    cleanup();
    render(<NotificationBanner text="Service closing soon" />);
    expect(document.activeElement).toBe(document.body);
  });
});
