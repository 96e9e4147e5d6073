import { describe, expect, it } from 'vitest';
import { loadFixtures, normaliseHtml, optionsToProps, renderNormalised } from '../govuk-fixtures.ts';
import { ErrorMessage, type ErrorMessageProps } from './error-message.tsx';

// Fixtures we do not render, and why.
const SKIPPED: Record<string, string> = {};

describe('ErrorMessage matches govuk-frontend fixtures', () => {
  for (const fixture of loadFixtures('error-message')) {
    it.skipIf(fixture.name in SKIPPED)(fixture.name, () => {
      expect(renderNormalised(<ErrorMessage {...(optionsToProps(fixture.options) as ErrorMessageProps)} />)).toBe(normaliseHtml(fixture.html));
    });
  }
});
