import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { CookieBanner } from './cookie-banner.tsx';

describeFixtures('cookie-banner', CookieBanner);

describe('CookieBanner behaviour', () => {
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
