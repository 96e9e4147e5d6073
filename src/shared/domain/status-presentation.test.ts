import { describe, expect, it } from 'vitest';
import ar from '../i18n/translations/ar.json';
import cy from '../i18n/translations/cy.json';
import en from '../i18n/translations/en.json';
import { APPLICATION_STATUSES } from './application-status.ts';
import { STATUS_PRESENTATION } from './status-presentation.ts';

const textOf = (texts: unknown, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

describe('the presentation of the statuses', () => {
  it.each([
    ['en', en],
    ['cy', cy],
    ['ar', ar],
  ])('gives every status a word, and every word an email uses, in %s', (_, texts) => {
    for (const status of APPLICATION_STATUSES) {
      const { word, emailWord } = STATUS_PRESENTATION[status];
      expect(typeof textOf(texts, word), word).toBe('string');
      if (emailWord !== undefined) expect(typeof textOf(texts, emailWord), emailWord).toBe('string');
    }
  });

  it('shows the statuses in the words and colours the service has always used', () => {
    const shown = APPLICATION_STATUSES.map((status) => [
      status,
      textOf(en, STATUS_PRESENTATION[status].word),
      STATUS_PRESENTATION[status].tag,
    ]);
    expect(shown).toEqual([
      ['in-progress', 'In progress', 'govuk-tag--blue'],
      ['approved', 'Approved', 'govuk-tag--green'],
      ['rejected', 'Rejected', 'govuk-tag--red'],
      ['withdrawn', 'Withdrawn', 'govuk-tag--grey'],
    ]);
  });
});
