import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { CookieBanner, type CookieBannerProps } from './cookie-banner.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('CookieBanner matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('cookie-banner')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<CookieBanner {...(optionsToProps(fixture.options) as CookieBannerProps)} />)).toBe(
        normaliseHtml(fixture.html),
      );
    });
  }
});

describe('CookieBanner behaviour', () => {
  afterEach(cleanup);

  it('calls onClick on button and link actions', () => {
    const onAccept = vi.fn();
    // Preventing the default is what a router does, and jsdom cannot navigate anyway.
    const onView = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <CookieBanner
        messages={[
          {
            headingText: 'Cookies on this service',
            text: 'We use some essential cookies.',
            actions: [
              { text: 'Accept analytics cookies', onClick: onAccept },
              { text: 'View cookies', href: '/cookies', onClick: onView },
            ],
          },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept analytics cookies' }));
    fireEvent.click(screen.getByRole('link', { name: 'View cookies' }));
    expect(onAccept).toHaveBeenCalledOnce();
    expect(onView).toHaveBeenCalledOnce();
  });
});
