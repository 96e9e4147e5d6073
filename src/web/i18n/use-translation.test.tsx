import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testI18n } from '../test-support/test-i18n.ts';
import { TranslationProvider, useTranslation } from './use-translation.ts';

function Greeting() {
  const { t } = useTranslation();
  return <p>{t('hello', { name: 'Åsa' })}</p>;
}

function Heading() {
  const { t } = useTranslation();
  return <h1>{t('heading')}</h1>;
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

  it('looks a text without values up once, and again after a language change or added texts', async () => {
    const instance = testI18n({ heading: 'Apply' }, { heading: 'قدّم' });
    const lookUp = vi.spyOn(instance, 't');
    const view = render(
      <TranslationProvider instance={instance}>
        <Heading />
      </TranslationProvider>,
    );
    view.rerender(
      <TranslationProvider instance={instance}>
        <Heading />
      </TranslationProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('Apply');
    expect(lookUp).toHaveBeenCalledTimes(1);
    await act(() => instance.changeLanguage('ar'));
    expect(screen.getByRole('heading').textContent).toBe('قدّم');
    await act(() => instance.changeLanguage('en'));
    act(() => {
      instance.addResourceBundle('en', 'translation', { heading: 'Apply now' }, true, true);
    });
    expect(screen.getByRole('heading').textContent).toBe('Apply now');
  });
});
