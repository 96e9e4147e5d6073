import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/i18n/languages.ts';
import { SERVICE_NAME } from '../service-name.ts';
import { confirmationEmail, decisionsEmail, newStatusLinkEmail } from './templates.ts';
import { textsIn } from './texts.ts';
import ar from '#shared/i18n/translations/ar.json';
import cy from '#shared/i18n/translations/cy.json';
import en from '#shared/i18n/translations/en.json';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const link = 'https://cwc.example.gov.uk/status?epat=x';
const application = (n: number) => ({ reference: `CWC-${n}`, workerName: `Worker ${n}`, cosReference: `C${n}` });

describe('the texts of the emails', () => {
  it('name the service in English as the logs and documents do', () => {
    const t = textsIn('en');
    expect(t('email.service.inSentence')).toBe(SERVICE_NAME.charAt(0).toLowerCase() + SERVICE_NAME.slice(1));
  });

  // A form left out would fall back to English unseen.
  it.each(['cy', 'ar'] as const)('have each counted text in every plural form of %s', (language) => {
    const texts = { cy, ar }[language] as unknown as Tree;
    const own = new Set([...keysOf(texts.email as Tree, 'email.'), ...keysOf(texts.document as Tree, 'document.')]);
    const counted = keysOf(en.email as unknown as Tree, 'email.')
      .filter((key) => key.endsWith('_other'))
      .map((key) => key.slice(0, -'_other'.length));
    const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    const missing = counted.flatMap((base) =>
      forms
        // A text English gives only for many (its _other) is never asked for one.
        .filter(
          (form) =>
            form !== 'one' ||
            own.has(`${base}_one`) ||
            keysOf(en.email as unknown as Tree, 'email.').includes(`${base}_one`),
        )
        .map((form) => `${base}_${form}`)
        .filter((key) => !own.has(key)),
    );
    expect(missing).toEqual([]);
  });

  it.each(LANGUAGES)('write any count in %s with no key or placeholder left', (language) => {
    for (const count of [1, 2, 3, 4, 6, 10, 11, 20, 100, 102]) {
      const emails = [
        confirmationEmail({
          sponsorName: 'S',
          applications: Array.from({ length: count }, (_, i) => application(i)),
          statusLink: link,
          decisionWithinHours: 72,
          statusLinkTtlDays: count,
          language,
        }),
        decisionsEmail({
          decisions: Array.from({ length: count }, (_, i) => ({
            ...application(i),
            outcome:
              i % 2 === 0
                ? ({ status: 'approved', leaveDate: '2027-03-14' } as const)
                : ({ status: 'rejected', reason: 'late' } as const),
          })),
          stillBeingChecked: count,
          statusLink: link,
          language,
        }),
        newStatusLinkEmail({
          sponsorName: 'S',
          references: Array.from({ length: count }, (_, i) => `CWC-${i}`),
          statusLink: link,
          statusLinkTtlDays: count,
          language,
        }),
      ];
      for (const email of emails) {
        expect(`${email.subject}\n${email.text}`).not.toMatch(/email\.[a-zA-Z]/);
        expect(email.text).not.toContain('{{');
      }
    }
  });
});
