import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { LanguageNavigation, type LanguageNavigationProps } from './language-navigation.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('LanguageNavigation matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('language-navigation')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(
        renderNormalised(<LanguageNavigation {...(optionsToProps(fixture.options) as LanguageNavigationProps)} />),
      ).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('LanguageNavigation behaviour', () => {
  afterEach(cleanup);

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
