import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { Details, type DetailsProps } from './details.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('Details matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('details')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<Details {...(optionsToProps(fixture.options) as DetailsProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('Details in React', () => {
  afterEach(cleanup);

  it('renders children in place of the Nunjucks caller block', () => {
    render(
      <Details summaryText="More" text="ignored">
        <p>From children</p>
      </Details>,
    );
    expect(screen.getByText('From children')).toBeTruthy();
    expect(screen.queryByText('ignored')).toBeNull();
  });
});
