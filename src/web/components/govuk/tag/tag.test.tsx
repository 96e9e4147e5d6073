import { describe, expect, it } from 'vitest';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { Tag, type TagProps } from './tag.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('Tag matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('tag')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<Tag {...(optionsToProps(fixture.options) as TagProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});
