import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TranslationProvider } from '../i18n/use-translation.ts';
import { testI18n } from '../test-support/test-i18n.ts';
import { useLoadingTitle, usePageTitle } from './page-title.ts';

function Page({ hasErrors }: { hasErrors: boolean }) {
  usePageTitle('What is your name?', hasErrors);
  return null;
}

const instance = testI18n({ service: { name: 'The service' }, page: { errorPrefix: 'Error: ' } });

function renderPage(hasErrors: boolean) {
  return render(
    <TranslationProvider instance={instance}>
      <MemoryRouter>
        <Page hasErrors={hasErrors} />
      </MemoryRouter>
    </TranslationProvider>,
  );
}

describe('usePageTitle', () => {
  it('reads "<page title> | <service title>", with "Error: " in front while errors show', () => {
    const { rerender } = renderPage(false);
    expect(document.title).toBe('What is your name? | The service');
    rerender(
      <TranslationProvider instance={instance}>
        <MemoryRouter>
          <Page hasErrors />
        </MemoryRouter>
      </TranslationProvider>,
    );
    expect(document.title).toBe('Error: What is your name? | The service');
  });
});

describe('useLoadingTitle', () => {
  it('reads "Loading page | <service title>" while a page loads', () => {
    const loading = testI18n({ service: { name: 'The service' }, common: { loading: 'Loading page' } });
    function Spinner() {
      useLoadingTitle();
      return null;
    }
    render(
      <TranslationProvider instance={loading}>
        <Spinner />
      </TranslationProvider>,
    );
    expect(document.title).toBe('Loading page | The service');
  });
});
