import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../i18n/en.json';
import { TranslationProvider } from '../../i18n/use-translation.ts';
import { testI18n } from '../../test-support/test-i18n.ts';
import { StatusApplicantPage, StatusPage } from './status-pages.tsx';

// The page's texts come from the test's own i18next instance; the app's is never started here.
vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({ ...(await importOriginal()), registerTexts: () => undefined }));

const instance = testI18n(en);

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (submittedAt: string) => ({
  applicantId: 'CWC-7K3M9-QF2XA-B',
  cosReference: 'COS1',
  familyName: 'Family',
  givenNames: 'Given',
  status: 'in-progress',
  decisionReason: null,
  passportNumber: '•••123',
  nationality: 'USA',
  dateOfArrival: '2026-07-12',
  firstWorkDate: '2026-07-13',
  lastWorkDate: '2026-08-01',
  leaveDate: '2026-08-15',
  submittedAt,
});

async function open(path: string, submittedAt: string) {
  vi.stubGlobal('fetch', async () => Response.json({ items: [item(submittedAt)], sponsorName: 'Sponsor', sponsorReference: 'LIC1' }));
  render(
    <TranslationProvider instance={instance}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/status" element={<StatusPage />} />
          <Route path="/status/:applicantIndex" element={<StatusApplicantPage />} />
        </Routes>
      </MemoryRouter>
    </TranslationProvider>,
  );
  fireEvent.change(screen.getByLabelText('Sponsor licence number'), { target: { value: 'LIC1' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
  });
}

/** The value of the summary row whose key is "Submitted". */
function submitted(): HTMLElement | null {
  const key = [...document.querySelectorAll('.govuk-summary-list__key')].find((dt) => dt.textContent?.trim() === 'Submitted');
  return key?.parentElement?.querySelector('.govuk-summary-list__value bdi') ?? null;
}

describe('when an application was submitted', () => {
  it('shows on the status list as DD/MM/YYYY HH:mm London time, left to right', async () => {
    // 12:05 UTC in July is 13:05 in London (BST).
    await open('/status?epat=token-list-time', '2026-07-01T12:05:00.000Z');
    await screen.findByRole('table');
    expect(submitted()?.textContent).toBe('01/07/2026 13:05');
    expect(submitted()?.getAttribute('dir')).toBe('ltr');
  });

  it('shows on the application page the same way', async () => {
    // In winter London is on GMT.
    await open('/status/0?epat=token-detail-time', '2026-01-15T17:45:00.000Z');
    await screen.findByRole('heading', { level: 1, name: 'Given Family' });
    expect(submitted()?.textContent).toBe('15/01/2026 17:45');
  });
});
