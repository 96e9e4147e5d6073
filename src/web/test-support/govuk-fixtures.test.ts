import { describe, expect, it } from 'vitest';
import { loadFixtures, normaliseHtml } from './govuk-fixtures.ts';

describe('normaliseHtml', () => {
  it('ignores formatting but not content', () => {
    expect(normaliseHtml('<strong class="b a">\n  Alpha\n</strong>')).toBe(
      normaliseHtml('<strong class="a b">Alpha</strong>'),
    );
    expect(normaliseHtml('<p>One</p>')).not.toBe(normaliseHtml('<p>Two</p>'));
    expect(normaliseHtml('<input disabled="">')).toBe(normaliseHtml('<input disabled>'));
    expect(normaliseHtml('<p style="white-space: nowrap;">A</p>')).toBe(
      normaliseHtml('<p style="white-space:nowrap">A</p>'),
    );
    expect(normaliseHtml('<p style="color:red">A</p>')).not.toBe(normaliseHtml('<p style="color:blue">A</p>'));
  });

  it('loads govuk-frontend fixtures', () => {
    expect(loadFixtures('tag').length).toBeGreaterThan(3);
  });
});
