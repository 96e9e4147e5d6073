import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#shared/i18n/languages.ts';
import { SERVICE_NAME } from '../service-name.ts';
import { confirmationEmail, decisionsEmail, newStatusLinkEmail, workerConfirmationEmail } from '../email/templates.ts';
import { savedDraftEmail, withdrawalEmail, workerWithdrawalEmail } from '../email/templates.ts';
import { textsIn } from './server-texts.ts';
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
      for (const wasApproved of [true, false]) {
        const withdrawn = { ...application(count), wasApproved };
        emails.push(
          withdrawalEmail({ application: withdrawn, statusLink: link, language }),
          workerWithdrawalEmail({ application: withdrawn, language }),
        );
      }
      emails.push(workerConfirmationEmail({ reference: 'CWC-1', workerName: 'W', language }));
      emails.push(savedDraftEmail({ link, savedAt: new Date(), until: new Date(), language }));
      for (const email of emails) {
        expect(`${email.subject}\n${email.text}`).not.toMatch(/email\.[a-zA-Z]/);
        expect(email.text).not.toContain('{{');
      }
    }
  });
});

describe('a Welsh withdrawal', () => {
  it('is in Welsh, then in English, subject and body', () => {
    const email = withdrawalEmail({
      application: { reference: 'CWC-7K3M9-QF2XA-B', workerName: 'Siân Llŷr', cosReference: 'C1', wasApproved: true },
      statusLink: link,
      language: 'cy',
    });
    expect(email.subject).toBe(
      'Consesiwn gweithiwr creadigol: mae cais CWC-7K3M9-QF2XA-B wedi’i dynnu’n ôl / Creative worker concession: application CWC-7K3M9-QF2XA-B withdrawn',
    );
    const welsh = email.text.indexOf('Peidiwch â defnyddio’r ddogfen cyn-gliriad');
    const english = email.text.indexOf('Do not use the pre-clearance document');
    expect(welsh).toBeGreaterThanOrEqual(0);
    expect(english).toBeGreaterThan(welsh);
    expect(email.text).toContain('Statws y cais: Wedi’i dynnu’n ôl\n');
    expect(email.html).toMatch(/<html lang="cy">[\s\S]*<hr [^>]*>\n<div lang="en">[\s\S]*Application withdrawn/);
  });
});
