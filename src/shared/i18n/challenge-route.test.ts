// A sponsor who thinks a refusal is wrong is told one way to challenge it, wherever it is told: the
// decision email, the status page of a rejected application and the privacy notice's automated
// decisions all send them to UK Visas and Immigration's contact page with the application
// reference, where a person reviews the decision.
import { describe, expect, it } from 'vitest';
import ar from './translations/ar.json';
import cy from './translations/cy.json';
import en from './translations/en.json';

const CONTACT_PAGE = 'https://www.gov.uk/contact-ukvi-inside-outside-uk';

describe.each([
  // The language, its words for the Data Protection Officer and for a decision being wrong.
  ['en', en, 'Data Protection Officer', 'wrong'],
  ['cy', cy, 'Swyddog Diogelu Data', 'anghywir'],
  ['ar', ar, 'مسؤول حماية البيانات', 'خاطئ'],
] as const)('the way to challenge a refusal in %s', (_language, texts, dataProtectionOfficer, wrong) => {
  it('is the contact page, with the reference, on the status page and in the privacy notice', () => {
    expect(texts.status.afterRejection.ask).toContain(`href="${CONTACT_PAGE}"`);
    expect(texts.privacy.automatedDecisions).toContain(`href="${CONTACT_PAGE}"`);
    // Not a second route: the Data Protection Officer answers about personal data, not decisions.
    expect(texts.privacy.automatedDecisions).not.toContain(dataProtectionOfficer);
  });

  it('is offered by the decision email to whoever thinks the decision is wrong, not only to a question', () => {
    expect(texts.email.decisions.questionOne).toContain(wrong);
    expect(texts.email.decisions.questionMany).toContain(wrong);
  });
});
