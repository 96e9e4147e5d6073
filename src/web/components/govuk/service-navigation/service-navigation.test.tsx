import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures, htmlToReact } from '../../../test-support/govuk-fixtures.ts';
import { ServiceNavigation, type ServiceNavigationProps } from './service-navigation.tsx';

// Slots are HTML strings in the macro but React nodes here, and their keys are not named `html`.
function ServiceNavigationFromFixture(props: ServiceNavigationProps) {
  const slots = Object.fromEntries(
    Object.entries(props.slots ?? {}).map(([name, slot]) => [
      name,
      typeof slot === 'string' ? htmlToReact(slot) : slot,
    ]),
  );
  return <ServiceNavigation {...props} slots={slots} />;
}

describeFixtures('service-navigation', ServiceNavigationFromFixture);

describe('ServiceNavigation behaviour', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('calls onClick on navigation items and onServiceUrlClick on the service name', () => {
    // Preventing the default is what a router does, and jsdom cannot navigate anyway.
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onServiceUrlClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <ServiceNavigation
        serviceName="Apply"
        serviceUrl="/"
        onServiceUrlClick={onServiceUrlClick}
        navigation={[{ href: '/status', text: 'Check status', onClick }]}
      />,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Check status' }));
    fireEvent.click(screen.getByRole('link', { name: 'Apply' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onServiceUrlClick).toHaveBeenCalledOnce();
  });

  it('collapses the navigation behind the menu button on mobile', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(
      <ServiceNavigation
        navigation={[
          { href: '/a', text: 'A' },
          { href: '/b', text: 'B' },
        ]}
      />,
    );
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'A' })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'A' })).toBeTruthy();
  });
});
