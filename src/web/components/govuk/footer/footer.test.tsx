import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { Footer } from './footer.tsx';

describeFixtures('footer', Footer);

describe('Footer behaviour', () => {
  it('calls onClick on meta and navigation links', () => {
    // Preventing the default is what a router does, and jsdom cannot navigate anyway.
    const onMeta = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onNavigation = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <Footer
        meta={{ items: [{ href: '/cookies', text: 'Cookies', onClick: onMeta }] }}
        navigation={[{ title: 'Services', items: [{ href: '/help', text: 'Help', onClick: onNavigation }] }]}
      />,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Cookies' }));
    fireEvent.click(screen.getByRole('link', { name: 'Help' }));
    expect(onMeta).toHaveBeenCalledOnce();
    expect(onNavigation).toHaveBeenCalledOnce();
  });

  it('shows translated licence and copyright texts', () => {
    render(<Footer contentLicence={{ text: 'Trwydded' }} copyright={{ text: '© Hawlfraint y Goron' }} />);
    expect(screen.getByText('Trwydded')).toBeTruthy();
    expect(screen.getByRole('link', { name: '© Hawlfraint y Goron' })).toBeTruthy();
  });
});
