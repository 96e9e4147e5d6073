import { describe, expect, it } from 'vitest';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { WarningText, type WarningTextProps } from './warning-text.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('WarningText matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('warning-text')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<WarningText {...(optionsToProps(fixture.options) as WarningTextProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});
