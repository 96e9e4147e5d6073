import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { Fieldset, type FieldsetProps } from './fieldset.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('Fieldset matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('fieldset')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<Fieldset {...(optionsToProps(fixture.options) as FieldsetProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});

describe('Fieldset in React', () => {
  afterEach(cleanup);

  it('renders children in place of the Nunjucks caller block', () => {
    render(
      <Fieldset html="ignored">
        <p>From children</p>
      </Fieldset>,
    );
    expect(screen.getByText('From children')).toBeTruthy();
    expect(screen.queryByText('ignored')).toBeNull();
  });
});
