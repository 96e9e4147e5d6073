import { describe, expect, it } from 'vitest';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { Table, type TableProps } from './table.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('Table matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('table')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<Table {...(optionsToProps(fixture.options) as TableProps)} />)).toBe(
        normaliseHtml(fixture.html),
      );
    });
  }
});
