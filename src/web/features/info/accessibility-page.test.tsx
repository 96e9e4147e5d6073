import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import ar from '#shared/i18n/translations/ar.json';
import cy from '#shared/i18n/translations/cy.json';
import en from '#shared/i18n/translations/en.json';
import { TranslationProvider } from '../../i18n/use-translation.ts';
import { testI18n } from '../../test-support/test-i18n.ts';
import { AccessibilityPage } from './accessibility-page.tsx';

vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  registerTexts: () => undefined,
}));

// GOV.UK's model statement: a service with known problems says it is partially compliant and
// lists them under "Non-accessible content", each with the criterion it fails, until it is fixed.
const LANGUAGES = [
  { language: 'en', texts: en, nonAccessible: 'Non-accessible content', partially: 'partially compliant' },
  { language: 'cy', texts: cy, nonAccessible: 'Cynnwys nad yw’n hygyrch', partially: 'cydymffurfio’n rhannol' },
  { language: 'ar', texts: ar, nonAccessible: 'محتوى غير قابل للوصول', partially: 'امتثالًا جزئيًا' },
] as const;

describe.each(LANGUAGES)('the accessibility statement in $language', ({ texts, nonAccessible, partially }) => {
  it('says what is known not to be accessible, with the criteria, and claims no full compliance', () => {
    render(
      <TranslationProvider instance={testI18n(texts)}>
        <MemoryRouter>
          <AccessibilityPage />
        </MemoryRouter>
      </TranslationProvider>,
    );
    const main = document.body.textContent ?? '';
    expect(screen.getByRole('heading', { level: 2, name: nonAccessible })).toBeDefined();
    expect(main).toContain(partially);
    expect(main).not.toMatch(/fully compliant|cydymffurfio’n llawn|امتثالًا كاملًا/);
    // The pre-clearance document (PDF) and the status page's time limit, each with its WCAG criterion.
    expect(main).toContain('PDF');
    for (const criterion of ['3.1.2', '2.2.1']) expect(main).toContain(criterion);
  });
});
