import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { Header, type HeaderProps } from './header.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('Header matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('header')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<Header {...(optionsToProps(fixture.options) as HeaderProps)} />)).toBe(
        normaliseHtml(fixture.html),
      );
    });
  }
});

describe('Header behaviour', () => {
  it('calls onHomepageUrlClick', () => {
    const onHomepageUrlClick = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(<Header homepageUrl="/" onHomepageUrlClick={onHomepageUrlClick} />);
    fireEvent.click(screen.getByRole('link'));
    expect(onHomepageUrlClick).toHaveBeenCalledOnce();
  });
});
