import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { describeFixtures } from '../../../test-support/govuk-fixtures.ts';
import { LanguageNavigation } from './language-navigation.tsx';

describeFixtures('language-navigation', LanguageNavigation);

describe('LanguageNavigation behaviour', () => {
  it('calls onClick on the other language', () => {
    // Preventing the default is what a router does, and jsdom cannot navigate anyway.
    const onClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <LanguageNavigation
        items={[
          { text: 'English', lang: 'en', current: true },
          { text: 'Cymraeg', lang: 'cy', href: '?lang=cy', onClick },
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Cymraeg' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
