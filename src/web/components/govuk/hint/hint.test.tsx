import { describe, expect, it } from 'vitest';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { Hint, type HintProps } from './hint.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('Hint matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('hint')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<Hint {...(optionsToProps(fixture.options) as HintProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});
