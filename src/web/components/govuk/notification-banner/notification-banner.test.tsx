import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { NotificationBanner, type NotificationBannerProps } from './notification-banner.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('NotificationBanner matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('notification-banner')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(
        renderNormalised(<NotificationBanner {...(optionsToProps(fixture.options) as NotificationBannerProps)} />),
      ).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('NotificationBanner behaviour', () => {
  afterEach(cleanup);

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
