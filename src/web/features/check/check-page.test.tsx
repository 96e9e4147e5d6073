import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '#shared/i18n/translations/en.json';
import { TranslationProvider } from '../../i18n/use-translation.ts';
import { testI18n } from '../../test-support/test-i18n.ts';
import { CheckAClearancePage } from './check-page.tsx';
import { checkAnother } from './check-store.ts';
import { NO_PAGE_DATA } from '../../page-kit/page-data-context.ts';

// The page's texts come from the test's own i18next instance; the app's is never started here.
vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  registerTexts: () => undefined,
}));

const instance = testI18n(en);
const CHECKED_AT = '2026-07-01T12:05:00.000Z';
const VALID = {
  outcome: 'valid',
  applicationReference: 'CWC-7K3M9-QF2XA-B',
  checkCode: 'K3M9-QF2X-F',
  familyName: 'Ó Súilleabháin',
  givenNames: 'Seán',
  dateOfBirth: '1990-05-17',
  nationality: 'IRL - Irish',
  passportNumber: '••••••567',
  arrivalDate: '2026-07-12',
  firstWorkDate: '2026-07-13',
  lastWorkDate: '2026-08-01',
  leaveDate: '2026-08-15',
  sponsorName: 'Example Theatre Ltd',
  documentIssuedAt: '2026-06-30T09:00:00.000Z',
  checkedAt: CHECKED_AT,
};

afterEach(() => {
  checkAnother(NO_PAGE_DATA);
  vi.unstubAllGlobals();
});

/** Answers the check call with `response`, keeping the bodies sent. */
function serve(response: () => Response): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return response();
  });
  return sent;
}

async function open(path: string) {
  await act(async () => {
    render(
      <TranslationProvider instance={instance}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/check-a-clearance" element={<CheckAClearancePage />} />
          </Routes>
        </MemoryRouter>
      </TranslationProvider>,
    );
  });
}

async function typeAndCheck(code: string, day: string) {
  fireEvent.change(screen.getByLabelText('Check code'), { target: { value: code } });
  fireEvent.change(screen.getByLabelText('Day'), { target: { value: day } });
  fireEvent.change(screen.getByLabelText('Month'), { target: { value: '5' } });
  fireEvent.change(screen.getByLabelText('Year'), { target: { value: '1990' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Check document' }));
  });
}

describe('the check page', () => {
  it('refuses an empty question with the page’s errors, asking nothing', async () => {
    const sent = serve(() => Response.json(VALID));
    await open('/check-a-clearance');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check document' }));
    });
    const summary = document.querySelector('.govuk-error-summary');
    expect(summary?.textContent).toContain('Enter the check code');
    expect(summary?.textContent).toContain('Enter a date of birth');
    expect(document.activeElement).toBe(summary);
    expect(document.title).toMatch(/^Error: Check a pre-clearance document/);
    expect(sent).toEqual([]);
  });

  it('sends the code as the service writes it with the date of birth, and shows the live answer', async () => {
    const sent = serve(() => Response.json(VALID));
    await open('/check-a-clearance');
    await typeAndCheck('k3m9 qf2x f', '17');
    await screen.findByRole('heading', { level: 1, name: 'This clearance is valid' });
    expect(sent).toEqual([{ checkCode: 'K3M9-QF2X-F', dateOfBirth: '1990-05-17' }]);
    const text = document.body.textContent ?? '';
    for (const shown of [
      'Seán Ó Súilleabháin',
      'CWC-7K3M9-QF2XA-B',
      'Example Theatre Ltd',
      '13 July 2026 to 01 August 2026',
      '15 August 2026',
      'Checked on 01 July 2026 at 13:05 (UK time).',
    ])
      expect(text).toContain(shown);
    expect(document.activeElement?.tagName).toBe('H1');
  });

  it('shows a valid answer in a green panel with what matches the worker: date of birth, passport ending, nationality', async () => {
    serve(() => Response.json(VALID));
    await open('/check-a-clearance');
    await typeAndCheck('K3M9-QF2X-F', '17');
    const heading = await screen.findByRole('heading', { level: 1, name: 'This clearance is valid' });
    expect(heading.closest('.govuk-panel')?.className).toContain('govuk-panel--confirmation');
    expect(heading.closest('.govuk-panel')?.textContent).toContain('Seán Ó Súilleabháin');
    const rows = Object.fromEntries(
      [...document.querySelectorAll('.govuk-summary-list__row')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    );
    expect(rows).toMatchObject({
      Name: 'Seán Ó Súilleabháin',
      'Date of birth': '17 May 1990',
      Nationality: 'IRL - Irish',
      // Masked on screen; read out as its ending.
      'Passport number': '••••••567ending 567',
    });
  });

  it('shows "not valid" and "withdrawn" in a red panel, the withdrawn one with the application reference', async () => {
    serve(() =>
      Response.json({
        outcome: 'withdrawn',
        applicationReference: 'CWC-7K3M9-QF2XA-B',
        withdrawnAt: '2026-07-04T15:30:00.000Z',
        checkedAt: CHECKED_AT,
      }),
    );
    await open('/check-a-clearance');
    await typeAndCheck('K3M9-QF2X-F', '17');
    const withdrawn = await screen.findByRole('heading', { level: 1, name: 'This clearance has been withdrawn' });
    const panel = withdrawn.closest('.govuk-panel');
    expect(panel?.className).toContain('app-panel--not-valid');
    expect(panel?.className).not.toContain('govuk-panel--confirmation');
    expect(panel?.textContent).toContain('Application reference CWC-7K3M9-QF2XA-B');

    serve(() => Response.json({ outcome: 'not-valid', checkedAt: CHECKED_AT }));
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Check another document' }));
    });
    await typeAndCheck('K3M9-QF2X-F', '18');
    const notValid = await screen.findByRole('heading', { level: 1, name: 'This document is not valid' });
    expect(notValid.closest('.govuk-panel')?.className).toContain('app-panel--not-valid');
  });

  it('keeps the code typed when "Check another document" follows a "not valid", not the date of birth', async () => {
    serve(() => Response.json({ outcome: 'not-valid', checkedAt: CHECKED_AT }));
    await open('/check-a-clearance');
    await typeAndCheck('k3m9 qf2x f', '18');
    await screen.findByRole('heading', { level: 1, name: 'This document is not valid' });
    const again = screen.getByRole('link', { name: 'Check another document' });
    // Without JavaScript the link itself carries the code.
    expect(again.getAttribute('href')).toBe('/check-a-clearance?code=K3M9-QF2X-F');
    await act(async () => {
      fireEvent.click(again);
    });
    expect((screen.getByLabelText('Check code') as HTMLInputElement).value).toBe('K3M9-QF2X-F');
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('');
  });

  it('says withdrawn with when, not valid with nothing more, and locked until when', async () => {
    serve(() =>
      Response.json({
        outcome: 'withdrawn',
        applicationReference: 'CWC-7K3M9-QF2XA-B',
        withdrawnAt: '2026-07-04T15:30:00.000Z',
        checkedAt: CHECKED_AT,
      }),
    );
    await open('/check-a-clearance');
    await typeAndCheck('K3M9-QF2X-F', '17');
    await screen.findByRole('heading', { level: 1, name: 'This clearance has been withdrawn' });
    expect(document.body.textContent).toContain('The clearance was withdrawn on 04 July 2026.');

    serve(() => Response.json({ outcome: 'not-valid', checkedAt: CHECKED_AT }));
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Check another document' }));
    });
    await typeAndCheck('K3M9-QF2X-F', '18');
    await screen.findByRole('heading', { level: 1, name: 'This document is not valid' });
    expect(document.body.textContent).not.toContain('Seán');

    serve(
      () =>
        new Response(JSON.stringify({ error: 'ChecksLockedError', retryAt: '2026-07-01T12:06:00.000Z' }), {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '600' },
        }),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Check another document' }));
    });
    await typeAndCheck('K3M9-QF2X-F', '17');
    await screen.findByRole('heading', { level: 1, name: 'Too many checks from your connection' });
    // The time the service gave, in London (BST), and never "not valid".
    expect(document.body.textContent).toContain('Try again at 13:06 (UK time).');
    expect(document.body.textContent).toContain('this is not an answer about whether it is valid');
    expect(document.body.textContent).not.toContain('not valid');
  });

  it('says when to try again after the minute’s budget of checks too, on the whole minute', async () => {
    vi.useFakeTimers({ now: new Date('2026-07-01T12:05:10.000Z'), toFake: ['Date'] });
    try {
      serve(
        () =>
          new Response(JSON.stringify({ error: 'TooManyRequests' }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '30' },
          }),
      );
      await open('/check-a-clearance');
      await typeAndCheck('K3M9-QF2X-F', '17');
      await screen.findByRole('heading', { level: 1, name: 'Too many checks from your connection' });
      expect(document.body.textContent).toContain('Try again at 13:06 (UK time).');
    } finally {
      vi.useRealTimers();
    }
  });

  it('checks a QR code’s link once, by its token', async () => {
    const sent = serve(() => Response.json(VALID));
    await open('/check-a-clearance?t=header.claims.signature');
    await screen.findByRole('heading', { level: 1, name: 'This clearance is valid' });
    expect(sent).toEqual([{ token: 'header.claims.signature' }]);
  });

  it('keeps what was typed when the check fails, with a way to try again', async () => {
    serve(() => new Response('{}', { status: 503 }));
    await open('/check-a-clearance');
    await typeAndCheck('K3M9-QF2X-F', '17');
    expect((await screen.findByRole('alert')).textContent).toContain('Sorry, the document could not be checked.');
    expect((screen.getByLabelText('Check code') as HTMLInputElement).value).toBe('K3M9-QF2X-F');
  });
});
