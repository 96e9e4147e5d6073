import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { InsetText, type InsetTextProps } from './inset-text.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('InsetText matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('inset-text')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<InsetText {...(optionsToProps(fixture.options) as InsetTextProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('InsetText in React', () => {
  afterEach(cleanup);

  it('renders children in place of the Nunjucks caller block', () => {
    render(
      <InsetText text="ignored">
        <p>From children</p>
      </InsetText>,
    );
    expect(screen.getByText('From children')).toBeTruthy();
    expect(screen.queryByText('ignored')).toBeNull();
  });
});
