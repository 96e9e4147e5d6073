import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testI18n } from '../test-support/test-i18n.ts';
import { TranslationProvider, useTranslation } from './use-translation.ts';

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('hello', { name: 'Åsa' })}</p>;
}

describe('useTranslation', () => {
  it('translates with interpolation, and re-renders on a language change and on added texts', async () => {
    const instance = testI18n({ hello: 'Hello {{name}}' }, { hello: 'مرحبا {{name}}' });
    render(
      <TranslationProvider instance={instance}>
        <Greeting />
      </TranslationProvider>,
    );
    expect(screen.getByText('Hello Åsa')).toBeTruthy();
    await act(() => instance.changeLanguage('ar'));
    expect(screen.getByText('مرحبا Åsa')).toBeTruthy();
    await act(() => instance.changeLanguage('en'));
    act(() => {
      instance.addResourceBundle('en', 'translation', { hello: 'Hi {{name}}' }, true, true);
    });
    expect(screen.getByText('Hi Åsa')).toBeTruthy();
  });
});
