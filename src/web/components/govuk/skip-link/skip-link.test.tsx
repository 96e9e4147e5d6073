import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { SkipLink, type SkipLinkProps } from './skip-link.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('SkipLink matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('skip-link')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<SkipLink {...(optionsToProps(fixture.options) as SkipLinkProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('SkipLink in React', () => {
  afterEach(cleanup);

  it('moves focus to the target, which is focusable only until it loses focus', () => {
    render(
      <>
        <SkipLink text="Skip to main content" href="#main-content" />
        <main id="main-content">Content</main>
      </>,
    );
    const main = screen.getByRole('main');
    fireEvent.click(screen.getByText('Skip to main content'));
    expect(document.activeElement).toBe(main);
    expect(main.getAttribute('tabindex')).toBe('-1');
    main.blur();
    expect(main.hasAttribute('tabindex')).toBe(false);
  });
});
