import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import en from '#shared/i18n/translations/en.json';
import { TranslationProvider } from '../i18n/use-translation.ts';
import { testI18n } from '../test-support/test-i18n.ts';
import { RouterErrorBoundary } from './router-error-boundary.tsx';
import { ServerErrorPage } from '../page-kit/server-error-page.tsx';

const instance = testI18n(en);

function renderInApp(ui: React.ReactNode) {
  return render(
    <TranslationProvider instance={instance}>
      <MemoryRouter>{ui}</MemoryRouter>
    </TranslationProvider>,
  );
}

describe('error pages', () => {
  it('the server-error page shows the service’s texts, in its title too', () => {
    renderInApp(<ServerErrorPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Sorry, there is a problem with the service');
    expect(screen.getByText('Try again later.')).toBeTruthy();
    expect(document.title).toBe(
      'Sorry, there is a problem with the service | Creative worker visa concession remote clearance',
    );
  });

  it('a page that fails shows "Unexpected Application Error!"', () => {
    const Broken = () => {
      throw new Error('chunk failed');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderInApp(
      <RouterErrorBoundary>
        <Broken />
      </RouterErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Unexpected Application Error!');
  });
});
