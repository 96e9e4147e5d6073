import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { BackLink, type BackLinkProps } from './back-link.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('BackLink matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('back-link')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<BackLink {...(optionsToProps(fixture.options) as BackLinkProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('BackLink in React', () => {
  afterEach(cleanup);

  it('lets the page handle the click', () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(<BackLink href="/previous" onClick={onClick} />);
    fireEvent.click(screen.getByText('Back'));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
