import { describe, expect, it } from 'vitest';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { Label, type LabelProps } from './label.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('Label matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('label')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<Label {...(optionsToProps(fixture.options) as LabelProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});
