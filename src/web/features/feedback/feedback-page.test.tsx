import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '#shared/i18n/translations/en.json';
import { TranslationProvider } from '../../i18n/use-translation.ts';
import { testI18n } from '../../test-support/test-i18n.ts';
import { FeedbackPage } from './feedback-page.tsx';

// The page's texts come from the test's own i18next instance; the app's is never started here.
vi.mock(import('../../i18n/i18n.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  registerTexts: () => undefined,
}));

const instance = testI18n(en);

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers the feedback call with `status`, keeping the bodies sent. */
function serve(status: number): unknown[] {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_path: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    return new Response(status === 201 ? '{}' : '{"error":"x"}', { status });
  });
  return sent;
}

async function open() {
  await act(async () => {
    render(
      <TranslationProvider instance={instance}>
        <MemoryRouter initialEntries={['/feedback']}>
          <Routes>
            <Route path="/feedback" element={<FeedbackPage />} />
          </Routes>
        </MemoryRouter>
      </TranslationProvider>,
    );
  });
}

const send = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
  });
};

describe('FeedbackPage', () => {
  it('asks for a rating and an optional comment, with a hint not to give personal information', async () => {
    await open();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Give feedback on Apply for creative worker visa concession remote clearance',
    );
    expect(
      screen
        .getByRole('group', { name: 'Overall, how did you feel about the service you received today?' })
        .querySelectorAll('input[type=radio]'),
    ).toHaveLength(5);
    const comment = screen.getByLabelText('How could we improve this service?');
    expect(comment.tagName).toBe('TEXTAREA');
    expect(document.getElementById(comment.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Do not include any personal or financial information, for example your passport number.',
    );
  });

  it('shows the error summary and sends nothing without a rating', async () => {
    const sent = serve(201);
    await open();
    await send();
    const summary = screen.getByRole('alert');
    expect(summary.textContent).toContain('Select how you felt about the service');
    expect(summary.querySelector('a')?.getAttribute('href')).toBe('#feedback-rating');
    expect(document.activeElement?.classList.contains('govuk-error-summary')).toBe(true);
    expect(sent).toEqual([]);
  });

  it('sends the rating and the comment, then thanks the user', async () => {
    const sent = serve(201);
    await open();
    fireEvent.click(screen.getByLabelText('Neither satisfied or dissatisfied'));
    fireEvent.change(screen.getByLabelText('How could we improve this service?'), {
      target: { value: 'Fewer questions\nplease' },
    });
    await send();
    expect(sent).toEqual([{ rating: 'neither', comment: 'Fewer questions\nplease' }]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Thank you for your feedback');
  });

  it('keeps the answers and says so when the feedback could not be sent', async () => {
    serve(429);
    await open();
    fireEvent.click(screen.getByLabelText('Satisfied'));
    await send();
    expect(screen.getByRole('alert').textContent).toContain('your feedback could not be sent');
    expect(screen.getByLabelText<HTMLInputElement>('Satisfied').checked).toBe(true);
  });
});
