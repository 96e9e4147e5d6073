import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NEW_STATUS_LINK_PATH, PUBLIC_STATUS_PATH } from '#shared/api/public-status.ts';
import en from '#shared/i18n/translations/en.json';
import { TranslationProvider } from '../../i18n/use-translation.ts';
import { testI18n } from '../../test-support/test-i18n.ts';
import { WithPageData } from '../../test-support/page-data.tsx';
import { setAnalyticsConsent } from '../../analytics/analytics.ts';
import { StatusGate } from './status-gate.tsx';

// The page's texts come from the test's own i18next instance; the app's is never started here.
vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  registerTexts: () => undefined,
}));

const instance = testI18n(en);

/** What the server answers, by path, in the order the calls arrive. */
type Answer = { status: number; body: unknown };
let answers: Record<string, Answer[]>;
let calls: Array<{ path: string; body: unknown }>;

beforeEach(() => {
  answers = {};
  calls = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit) => {
    calls.push({ path, body: JSON.parse(String(init.body)) });
    const answer = answers[path]?.shift();
    if (answer === undefined) throw new Error(`No answer for ${path}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  delete window.dataLayer;
  setAnalyticsConsent(true);
});
afterEach(() => {
  setAnalyticsConsent(false);
  vi.unstubAllGlobals();
});

// The status state lives for the visit, keyed by token: each test uses a token of its own, kept by
// the browser's session on the server.
function renderGate(token: string, path = '/status') {
  return render(
    <TranslationProvider instance={instance}>
      <WithPageData session={{ statusToken: token }}>
        <MemoryRouter initialEntries={[path]}>
          <StatusGate>
            {() => (
              <>
                <h1>Statuses</h1>
                <p>statuses</p>
              </>
            )}
          </StatusGate>
        </MemoryRouter>
      </WithPageData>
    </TranslationProvider>,
  );
}

const validationEvents = () =>
  (window.dataLayer ?? []).filter(
    (e): e is Record<string, unknown> =>
      !!e && typeof e === 'object' && (e as { event?: unknown }).event === 'validation_error',
  );

async function check(licence: string, button = 'Check status') {
  fireEvent.change(screen.getByLabelText('Sponsor licence number'), { target: { value: licence } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: button }));
  });
}

describe('the licence number question', () => {
  it('sends each refusal of the number to analytics with the path, field and rule', async () => {
    renderGate('token-refusals', '/status/1');
    await check('  ');
    answers[PUBLIC_STATUS_PATH] = [
      { status: 403, body: { error: 'AuthorisationError' } },
      { status: 429, body: { error: 'RateLimitError' } },
    ];
    await check('WRONG');
    await screen.findByText('Your sponsor licence number does not match this application', {
      selector: '.govuk-error-message',
    });
    await check('WRONG2');
    await screen.findByText('Due to too many failed attempts you are locked out for an hour', {
      selector: '.govuk-error-message',
    });
    expect(validationEvents()).toEqual([
      { event: 'validation_error', path: '/status/1', field: 'sponsor-licence-number', rule: 'required' },
      { event: 'validation_error', path: '/status/1', field: 'sponsor-licence-number', rule: 'doesNotMatch' },
      { event: 'validation_error', path: '/status/1', field: 'sponsor-licence-number', rule: 'tooManyRequests' },
    ]);
    // The empty number never reached the server.
    expect(calls.map((call) => call.body)).toEqual([
      { publicAccessTokenJWT: 'token-refusals', sponsorLicenceNumber: 'WRONG' },
      { publicAccessTokenJWT: 'token-refusals', sponsorLicenceNumber: 'WRONG2' },
    ]);
  });

  it('sends nothing to analytics when the statuses load', async () => {
    renderGate('token-loaded');
    answers[PUBLIC_STATUS_PATH] = [{ status: 200, body: { items: [item()], sponsorName: 'S', sponsorReference: 'R' } }];
    await check('LIC123');
    await screen.findByText('statuses');
    expect(validationEvents()).toEqual([]);
  });
});

describe('focus after "Check status"', () => {
  it('stays on the busy button while the statuses load, then moves to the heading of what they show', async () => {
    renderGate('token-focus-loaded');
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    // The live region is in the page before anything is asked.
    const region = document.getElementById('status-announcement');
    expect(region?.getAttribute('role')).toBe('status');
    expect(region?.textContent).toBe('');
    const button = screen.getByRole('button', { name: 'Check status' });
    button.focus();
    await check('LIC123');
    expect(screen.getByText('Getting the status of your applications…')).toBeTruthy();
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    await act(async () => {
      answer(Response.json({ items: [item()], sponsorName: 'S', sponsorReference: 'R' }));
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Statuses' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.getElementById('status-announcement')).toBe(region);
  });

  it('moves to the error summary when the number is refused, each time', async () => {
    renderGate('token-focus-refused');
    answers[PUBLIC_STATUS_PATH] = [
      { status: 403, body: { error: 'AuthorisationError' } },
      { status: 403, body: { error: 'AuthorisationError' } },
    ];
    await check('WRONG');
    await waitFor(() => expect(document.activeElement?.classList.contains('govuk-error-summary')).toBe(true));
    screen.getByLabelText('Sponsor licence number').focus();
    await check('WRONG');
    await waitFor(() => expect(document.activeElement?.classList.contains('govuk-error-summary')).toBe(true));
    await check('');
    await waitFor(() => expect(document.activeElement?.classList.contains('govuk-error-summary')).toBe(true));
    expect(document.querySelector('.govuk-error-summary')?.textContent).toContain('Enter your sponsor licence number');
  });

  it('moves to the heading of "Link expired"', async () => {
    renderGate('token-focus-expired');
    answers[PUBLIC_STATUS_PATH] = [{ status: 401, body: { error: 'ExpiredTokenError' } }];
    await check('LIC123');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Link expired' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('stays on the button, now "Try again", when the statuses could not be fetched', async () => {
    renderGate('token-focus-failed');
    answers[PUBLIC_STATUS_PATH] = [{ status: 500, body: { error: 'InternalServerError' } }];
    const button = screen.getByRole('button', { name: 'Check status' });
    button.focus();
    await check('LIC123');
    await screen.findByRole('alert');
    expect(button.textContent).toBe('Try again');
    expect(document.activeElement).toBe(button);
  });

  it('offers "Try again" when the database is away (503), and shows the statuses once it is back', async () => {
    renderGate('token-database-away');
    answers[PUBLIC_STATUS_PATH] = [
      {
        status: 503,
        body: { error: 'ServiceUnavailable', message: 'Sorry, the service is unavailable: try again shortly' },
      },
      { status: 200, body: { items: [item()], sponsorName: 'S', sponsorReference: 'R' } },
    ];
    await check('LIC123');
    await screen.findByRole('alert');
    expect((screen.getByLabelText('Sponsor licence number') as HTMLInputElement).value).toBe('LIC123');
    await check('LIC123', 'Try again');
    await screen.findByText('statuses');
    expect(calls.filter((c) => c.path === PUBLIC_STATUS_PATH)).toHaveLength(2);
  });
});

describe('the "Link expired" page', () => {
  async function expire(token: string) {
    renderGate(token);
    answers[PUBLIC_STATUS_PATH] = [{ status: 401, body: { error: 'ExpiredTokenError' } }];
    await check('LIC123');
    await screen.findByRole('heading', { level: 1, name: 'Link expired' });
  }

  it('asks for the licence number again, with the GOV.UK error pattern when it is empty', async () => {
    await expire('token-expired-empty');
    expect(screen.getByText('The link to view your application status has expired.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Get a new link' })).toBeTruthy();
    // The number typed before is offered again.
    expect((screen.getByLabelText('Sponsor licence number') as HTMLInputElement).value).toBe('LIC123');
    await check('', 'Get a new link');

    const summary = document.querySelector('.govuk-error-summary');
    expect(summary?.textContent).toContain('There was an issue with one or more of your answers');
    expect(summary?.querySelector('a')?.getAttribute('href')).toBe('#sponsor-licence-number');
    expect(screen.getByText('Enter your sponsor licence number', { selector: '.govuk-error-message' })).toBeTruthy();
    expect(screen.getByLabelText('Sponsor licence number').getAttribute('aria-describedby')).toContain(
      'sponsor-licence-number-error',
    );
    expect(document.title).toBe('Error: Link expired | Creative worker visa concession remote clearance');
    expect(validationEvents().at(-1)).toEqual({
      event: 'validation_error',
      path: '/status',
      field: 'sponsor-licence-number',
      rule: 'required',
    });
    expect(calls.filter((call) => call.path === NEW_STATUS_LINK_PATH)).toEqual([]);
  });

  it('asks for a new link with the token and the number, then says what happens if it matched', async () => {
    await expire('token-expired-sent');
    answers[NEW_STATUS_LINK_PATH] = [{ status: 202, body: { sent: true } }];
    await check(' LIC999 ', 'Get a new link');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(calls.at(-1)).toEqual({
      path: NEW_STATUS_LINK_PATH,
      body: { publicAccessTokenJWT: 'token-expired-sent', sponsorLicenceNumber: ' LIC999 ' },
    });
    expect(
      screen.getByText(
        'If the sponsor licence number matches the application, we have sent a new link to the sponsor’s email address.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(heading);
    expect(document.title).toBe('Check your email | Creative worker visa concession remote clearance');
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says when the request failed and lets the user try again', async () => {
    await expire('token-expired-failed');
    answers[NEW_STATUS_LINK_PATH] = [
      { status: 500, body: { error: 'InternalServerError' } },
      { status: 202, body: { sent: true } },
    ];
    await check('LIC123', 'Get a new link');
    expect((await screen.findByRole('alert')).textContent).toContain('Sorry, we could not ask for a new link.');
    await check('LIC123', 'Get a new link');
    await screen.findByRole('heading', { level: 1, name: 'Check your email' });
  });

  it('turns into "Application not found" when the server does not accept the old link', async () => {
    await expire('token-expired-too-old');
    answers[NEW_STATUS_LINK_PATH] = [{ status: 401, body: { error: 'InvalidTokenError' } }];
    await check('LIC123', 'Get a new link');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Application not found'));
  });
});

function item() {
  return {
    applicantId: 'CWC-7K3M9-QF2XA-B',
    cosReference: 'COS1',
    familyName: 'F',
    givenNames: 'G',
    status: 'in-progress',
    decisionReason: null,
    passportNumber: '•••123',
    nationality: 'USA',
    dateOfArrival: '2026-03-12',
    firstWorkDate: '2026-03-13',
    lastWorkDate: '2026-04-01',
    leaveDate: '2026-04-15',
    submittedAt: '2026-03-02T10:00:00.000Z',
  };
}

describe('wrong licence numbers', () => {
  it('count a number checked when the field was left once, when the button is then pressed', async () => {
    renderGate('token-left-then-pressed');
    answers[PUBLIC_STATUS_PATH] = [1, 2].map(() => ({ status: 403, body: { error: 'AuthorisationError' } }));
    const input = screen.getByLabelText('Sponsor licence number');
    input.focus();
    fireEvent.change(input, { target: { value: 'WRONG' } });
    // Pressing the button takes the focus from the field first: its check answers before the click lands.
    await act(async () => {
      fireEvent.blur(input);
    });
    await waitFor(() => expect(document.querySelector('.govuk-error-message')).not.toBeNull());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check status' }));
    });
    await waitFor(() => expect(document.activeElement?.classList.contains('govuk-error-summary')).toBe(true));
    expect(calls).toHaveLength(1);
    // A number pressed for again is sent again: the sponsor asked.
    await check('WRONG');
    expect(calls).toHaveLength(2);
  });

  it('count the attempts left from the third, then show until when the link is locked, in London time', async () => {
    renderGate('token-attempts');
    answers[PUBLIC_STATUS_PATH] = [4, 3, 2, 1].map((remainingAttempts) => ({
      status: 403,
      body: { error: 'AuthorisationError', remainingAttempts },
    }));
    // 15:34:20 UTC on 25 November is 3:34pm in London (GMT): the end is rounded up to the minute.
    answers[PUBLIC_STATUS_PATH].push({
      status: 429,
      body: { error: 'RateLimitError', lockedUntil: '2026-11-25T15:34:20.000Z' },
    });
    const message = () => document.querySelector('.govuk-error-message')?.textContent?.replace(/^Error:\s*/, '');
    const plain = 'Your sponsor licence number does not match this application';
    for (const expected of [
      plain,
      plain,
      `${plain}. You have 2 more attempts before the link is locked for an hour.`,
      `${plain}. You have 1 more attempt before the link is locked for an hour.`,
    ]) {
      await check('WRONG');
      await waitFor(() => expect(message()).toBe(expected));
      expect(document.querySelector('.govuk-error-summary')?.textContent).toContain(expected);
    }
    await check('WRONG');
    const heading = await screen.findByRole('heading', { level: 1, name: 'This link is locked for an hour' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Due to too many failed attempts you are locked out for an hour.')).toBeTruthy();
    expect(screen.getByText('You can try again after 3:35pm (UK time) on 25 November 2026.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /contact UK Visas and Immigration/ })).toBeTruthy();
    expect(screen.queryByLabelText('Sponsor licence number')).toBeNull();
    expect(validationEvents().at(-1)).toMatchObject({ rule: 'tooManyRequests' });
  });
});
