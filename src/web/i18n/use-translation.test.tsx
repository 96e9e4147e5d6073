import { act, render, renderHook, screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import ar from '#shared/i18n/translations/ar.json';
import cy from '#shared/i18n/translations/cy.json';
import en from '#shared/i18n/translations/en.json';
import { LANGUAGES } from '#shared/i18n/languages.ts';
import { testI18n } from '../test-support/test-i18n.ts';
import { I18N_OPTIONS } from './i18n.ts';
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
    const lookUp = vi.spyOn(instance, 'getResource');
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

  it('gives every text of every language as i18next gives it, a plain one read from the store', () => {
    const instance = createInstance();
    void instance.init({
      ...I18N_OPTIONS,
      lng: 'en',
      initAsync: false,
      resources: { en: { translation: en }, cy: { translation: cy }, ar: { translation: ar } },
    });
    const keysOf = (texts: object, prefix = ''): string[] =>
      Object.entries(texts).flatMap(([key, value]) =>
        typeof value === 'object' && value !== null ? keysOf(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
      );
    // English's keys, and keys only another language has (which English readers fall back from).
    const keys = [...new Set([...keysOf(en), ...keysOf(cy), ...keysOf(ar)]), 'no.such.key'];
    const lookUp = vi.spyOn(instance, 't');
    for (const language of LANGUAGES) {
      act(() => void instance.changeLanguage(language));
      const { result } = renderHook(() => useTranslation(), {
        wrapper: ({ children }) => <TranslationProvider instance={instance}>{children}</TranslationProvider>,
      });
      lookUp.mockClear();
      const shown = keys.map((key) => result.current.t(key));
      const plain = lookUp.mock.calls.length;
      expect(shown).toEqual(keys.map((key) => instance.t(key)));
      // Most texts are plain: i18next's own lookup is left for the rest.
      expect(plain).toBeLessThan(keys.length / 4);
    }
  });
});
