import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '#shared/i18n/translations/en.json';
import { TranslationProvider } from '../../i18n/use-translation.ts';
import { testI18n } from '../../test-support/test-i18n.ts';
import { WithPageData } from '../../test-support/page-data.tsx';
import { StatusApplicantPage } from './status-applicant-page.tsx';
import { StatusPage } from './status-pages.tsx';

// The page's texts come from the test's own i18next instance; the app's is never started here.
vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  registerTexts: () => undefined,
}));

const instance = testI18n(en);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const item = (submittedAt: string, overrides: Record<string, unknown> = {}) => ({
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
  ...overrides,
});

/** Answers the status call with `items`, and the document download with `pdf` (a PDF unless told otherwise). */
function serve(
  items: unknown[],
  pdf: () => Promise<Response> = async () => new Response('%PDF-', { headers: { 'content-type': 'application/pdf' } }),
) {
  vi.stubGlobal('fetch', async (path: string) =>
    path.endsWith('/pdf-maker') ? pdf() : Response.json({ items, sponsorName: 'Sponsor', sponsorReference: 'LIC1' }),
  );
}

/** Opens the page at `path` as the status link `epat=` in it left it: its token kept by the browser's session on the server. */
async function open(path: string, submittedAt: string | unknown[]) {
  if (typeof submittedAt === 'string') serve([item(submittedAt)]);
  else serve(submittedAt);
  const url = new URL(path, 'http://localhost');
  const token = url.searchParams.get('epat');
  url.searchParams.delete('epat');
  render(
    <TranslationProvider instance={instance}>
      <WithPageData session={{ statusToken: token }}>
        <MemoryRouter initialEntries={[`${url.pathname}${url.search}`]}>
          <Routes>
            <Route path="/status" element={<StatusPage />} />
            <Route path="/status/:applicantIndex" element={<StatusApplicantPage />} />
          </Routes>
        </MemoryRouter>
      </WithPageData>
    </TranslationProvider>,
  );
  fireEvent.change(screen.getByLabelText('Sponsor licence number'), { target: { value: 'LIC1' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
  });
}

/** The value of the summary row whose key is "Submitted". */
function submitted(): HTMLElement | null {
  const key = [...document.querySelectorAll('.govuk-summary-list__key')].find(
    (dt) => dt.textContent?.trim() === 'Submitted',
  );
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

describe('the nationality (decision 031)', () => {
  /** The value of the summary row whose key is "Nationality". */
  const nationality = () =>
    [...document.querySelectorAll('.govuk-summary-list__key')]
      .find((dt) => dt.textContent?.trim() === en.status.detail.nationality)
      ?.parentElement?.querySelector('.govuk-summary-list__value')?.textContent;

  it('shows as stored on an English page', async () => {
    await open('/status/0?epat=token-nationality-en', [item(SUBMITTED, { nationality: 'USA - American' })]);
    await screen.findByRole('heading', { level: 1, name: 'Given Family' });
    expect(nationality()).toBe('USA - American');
  });

  it('shows by the country’s Arabic name on an Arabic page', async () => {
    await instance.changeLanguage('ar');
    try {
      await open('/status/0?epat=token-nationality-ar', [item(SUBMITTED, { nationality: 'USA - American' })]);
      await screen.findByRole('heading', { level: 1, name: 'Given Family' });
      expect(nationality()).toBe('USA - الولايات المتحدة');
    } finally {
      await instance.changeLanguage('en');
    }
  });
});

const SUBMITTED = '2026-07-01T12:05:00.000Z';
const group = () => [
  item(SUBMITTED, {
    applicantId: 'CWC-AAAAA-AAAAA-A',
    givenNames: 'Łukasz',
    familyName: 'Żółć',
    status: 'approved',
    passportNumber: '••••••567',
  }),
  item(SUBMITTED, {
    applicantId: 'CWC-BBBBB-BBBBB-B',
    givenNames: 'Thị Minh Khai',
    familyName: 'Nguyễn',
    status: 'rejected',
    decisionReason: 'routing',
  }),
  item(SUBMITTED, { applicantId: 'CWC-CCCCC-CCCCC-C', givenNames: 'Ana', familyName: 'Silva' }),
];
const announcement = () => document.getElementById('status-announcement');

describe('an approved application', () => {
  const carry =
    'Each worker must carry their pre-clearance document, printed or on a phone, with their passport, and show it at the border when they arrive in the UK.';

  it('says on the list and on its own page what the worker does with the document', async () => {
    await open('/status?epat=token-carry', group());
    await screen.findByRole('table');
    expect(document.querySelector('main, body')?.textContent).toContain(carry);
  });

  it('says nothing of it when no application is approved', async () => {
    await open('/status?epat=token-none', [group()[1], group()[2]]);
    await screen.findByRole('table');
    expect(document.body.textContent).not.toContain(carry);
  });

  it('says it on the approved application’s own page', async () => {
    await open('/status/0?epat=token-carry-one', group());
    await screen.findByRole('button', { name: /Download/ });
    expect(document.body.textContent).toContain(carry);
  });
});

describe('each application on the status list', () => {
  it('is a table row and, for narrow screens, a summary card with the same columns', async () => {
    await open('/status?epat=token-cards', group());
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['COS number', 'Name', 'Application status', 'Actions']);
    const cards = [...document.querySelectorAll('.app-status-cards .govuk-summary-card')];
    expect(cards.map((card) => card.querySelector('h3.govuk-summary-card__title')?.textContent)).toEqual([
      'Łukasz Żółć',
      'Thị Minh Khai Nguyễn',
      'Ana Silva',
    ]);
    expect([...cards[2]!.querySelectorAll('.govuk-summary-list__key')].map((dt) => dt.textContent)).toEqual([
      'COS number',
      'Application status',
      'Actions',
    ]);
    expect(cards[2]!.querySelector('.govuk-summary-list__row:last-child .govuk-summary-list__value')?.textContent).toBe(
      'No action required',
    );
    // The stylesheet shows one or the other, by the width of the screen.
    expect(table.closest('.app-status-table')).not.toBeNull();
  });

  it('names its applicant in every link and download button, the visible texts unchanged', async () => {
    await open('/status?epat=token-names', group());
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link').textContent).toBe('View application for Łukasz Żółć (CWC-AAAAA-AAAAA-A)');
    expect(within(row).getByRole('button').textContent).toBe(
      'Download pre-clearance document for Łukasz Żółć (CWC-AAAAA-AAAAA-A)',
    );
    expect(within(row).getByRole('button').querySelector('.govuk-visually-hidden')?.textContent).toBe(
      ' pre-clearance document for Łukasz Żółć (CWC-AAAAA-AAAAA-A)',
    );
    expect(within(within(table).getAllByRole('row')[2]!).getByRole('link').textContent).toBe(
      'View guidance for Thị Minh Khai Nguyễn (CWC-BBBBB-BBBBB-B)',
    );
    expect(
      screen.getAllByRole('button', { name: 'Download pre-clearance document for Łukasz Żółć (CWC-AAAAA-AAAAA-A)' }),
    ).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Download approved applications' })).toBeTruthy();
  });
});

describe('the live region of the status pages', () => {
  it('is in the page, empty, before anything happens, and says how many applicants a search finds', async () => {
    await open('/status?epat=token-live-search', group());
    await screen.findByRole('table');
    expect(announcement()?.getAttribute('role')).toBe('status');
    expect(announcement()?.textContent).toBe('');
    const region = announcement();
    fireEvent.change(screen.getByLabelText('Search for an applicant'), { target: { value: 'nguy' } });
    await waitFor(() => expect(announcement()?.textContent).toBe('1 applicant found'));
    fireEvent.change(screen.getByLabelText('Search for an applicant'), { target: { value: 'zzz' } });
    await waitFor(() => expect(announcement()?.textContent).toBe('No applicants match your search.'));
    fireEvent.change(screen.getByLabelText('Search for an applicant'), { target: { value: '' } });
    await waitFor(() => expect(announcement()?.textContent).toBe('3 applicants found'));
    // The same element throughout: a region mounted with its text is often not read.
    expect(announcement()).toBe(region);
  });

  it('says a download has started and ended, while the focus stays on its button', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = () => 'blob:document';
    URL.revokeObjectURL = () => undefined;
    let finish: (response: Response) => void = () => undefined;
    const items = group();
    await open('/status?epat=token-live-download', items);
    serve(items, () => new Promise((resolve) => (finish = resolve)));
    const button = within(await screen.findByRole('table')).getByRole('button');
    button.focus();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.textContent).toContain('Downloading…');
    expect(announcement()?.textContent).toBe('Downloading…');
    expect(document.activeElement).toBe(button);
    await act(async () => {
      finish(new Response('%PDF-', { headers: { 'content-type': 'application/pdf' } }));
    });
    await waitFor(() => expect(announcement()?.textContent).toBe('Download complete'));
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(button);

    serve(items, async () => new Response('{}', { status: 500 }));
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(announcement()?.textContent).toBe('The download failed. Try again.'));
    expect(button.closest('.app-download')?.textContent).toContain('The download failed. Try again.');
    expect(document.activeElement).toBe(button);
  });
});

describe('the application page', () => {
  it('gives the masked passport number a text alternative, and names the applicant in its download button', async () => {
    await open('/status/0?epat=token-passport', group());
    await screen.findByRole('heading', { level: 1, name: 'Łukasz Żółć' });
    const key = [...document.querySelectorAll('.govuk-summary-list__key')].find(
      (dt) => dt.textContent?.trim() === 'Passport number',
    );
    const value = key?.parentElement?.querySelector('.govuk-summary-list__value');
    expect(value?.querySelector('[aria-hidden="true"]')?.textContent).toBe('••••••567');
    expect(value?.querySelector('.govuk-visually-hidden')?.textContent).toBe('ending 567');
    expect(
      screen.getByRole('button', { name: 'Download pre-clearance document for Łukasz Żółć (CWC-AAAAA-AAAAA-A)' }),
    ).toBeTruthy();
  });
});

describe('a withdrawn or rejected application', () => {
  it('says on the list not to use the withdrawn one’s document, offering no download for it', async () => {
    await open('/status?epat=token-withdrawn', [
      item(SUBMITTED, { applicantId: 'CWC-WWWWW-WWWWW-W', status: 'withdrawn' }),
    ]);
    const table = await screen.findByRole('table');
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Do not use any pre-clearance document for this worker');
    expect(within(row).queryByRole('button', { name: /Download/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download approved applications' })).toBeNull();
  });

  it('shows no leave date, and after a rejection explains it and the ways on', async () => {
    await open('/status/0?epat=token-rejected', [
      item(SUBMITTED, { status: 'rejected', decisionReason: 'late', leaveDate: '2026-08-15' }),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Given Family' });
    const main = document.body.textContent ?? '';
    expect(main).not.toContain('Latest date to leave the UK');
    expect(main).not.toContain('15 August 2026');
    expect(screen.getByRole('heading', { level: 2, name: 'Why the application was rejected' })).toBeTruthy();
    expect(main).toContain('less than 3 days (72 hours) before the worker’s arrival');
    expect(screen.getByRole('link', { name: 'start a new application' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: /^apply for a Creative Worker visa/ }).getAttribute('href')).toBe(
      'https://www.gov.uk/creative-worker-visa',
    );
    expect(screen.getByRole('link', { name: /^Contact UK Visas and Immigration/ })).toBeTruthy();
  });

  it('tells the withdrawn one’s page not to use its document, and shows no leave date', async () => {
    await open('/status/0?epat=token-withdrawn-page', [item(SUBMITTED, { status: 'withdrawn' })]);
    await screen.findByRole('heading', { level: 1, name: 'Given Family' });
    expect(document.querySelector('.govuk-warning-text')?.textContent).toContain(
      'This application has been withdrawn. Do not use any pre-clearance document for this worker',
    );
    expect(document.body.textContent).not.toContain('Latest date to leave the UK');
  });
});

describe('the search of the status list', () => {
  const people = () => [
    item(SUBMITTED, {
      applicantId: 'CWC-7K3M9-QF2XA-B',
      givenNames: 'Seán',
      familyName: 'O’Brien',
      cosReference: 'C1',
    }),
    item(SUBMITTED, {
      applicantId: 'CWC-AAAAA-AAAAA-A',
      givenNames: 'Zoë',
      familyName: 'Müller-Lüdenscheidt',
      cosReference: 'C2',
    }),
    item(SUBMITTED, {
      applicantId: 'CWC-BBBBB-BBBBB-B',
      givenNames: 'Siobhán',
      familyName: 'Ní Bhriain',
      cosReference: 'C3',
    }),
    item(SUBMITTED, {
      applicantId: 'CWC-CCCCC-CCCCC-C',
      givenNames: 'Jørgen',
      familyName: 'Straße',
      cosReference: 'C4',
    }),
  ];
  const names = () =>
    [...document.querySelectorAll('.app-status-cards .govuk-summary-card__title')].map((title) => title.textContent);

  it.each([
    ['sean', ['Seán O’Brien']],
    ['SEAN', ['Seán O’Brien']],
    ['obrien', ['Seán O’Brien']],
    ["o'brien", ['Seán O’Brien']],
    ['o’brien', ['Seán O’Brien']],
    ['brien sean', ['Seán O’Brien']],
    ['zoe', ['Zoë Müller-Lüdenscheidt']],
    ['muller', ['Zoë Müller-Lüdenscheidt']],
    ['Müller-Lüdenscheidt, Zoë', ['Zoë Müller-Lüdenscheidt']],
    ['muller ludenscheidt zoe', ['Zoë Müller-Lüdenscheidt']],
    ['siobhan', ['Siobhán Ní Bhriain']],
    ['nibhriain', ['Siobhán Ní Bhriain']],
    ['jorgen strasse', ['Jørgen Straße']],
    ['CWC7K3M9QF2XAB', ['Seán O’Brien']],
    ['7k3m9', ['Seán O’Brien']],
    ['cwc-7k3m9-qf2xa-b', ['Seán O’Brien']],
    ['smith', []],
  ])('finds "%s" as it is typed', async (query, expected) => {
    await open(`/status?epat=token-search-${encodeURIComponent(query)}`, people());
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('Search for an applicant'), { target: { value: query } });
    expect(names()).toEqual(expected);
  });

  it('finds the same from the address the search form leads to without JavaScript', async () => {
    await open(`/status?epat=token-search-get&search=${encodeURIComponent('Müller-Lüdenscheidt, Zoë')}`, people());
    await screen.findByRole('table');
    expect(names()).toEqual(['Zoë Müller-Lüdenscheidt']);
  });
});
