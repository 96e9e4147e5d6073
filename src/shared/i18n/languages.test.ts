import { describe, expect, it } from 'vitest';
import { languageOfCookies } from './languages.ts';

describe('languageOfCookies', () => {
  it('reads the language cookie among others', () => {
    expect(languageOfCookies('a=1; lang=ar; b=2')).toBe('ar');
    expect(languageOfCookies('lang=en')).toBe('en');
  });

  it('is English without the cookie or with a language the service is not written in', () => {
    expect(languageOfCookies('')).toBe('en');
    expect(languageOfCookies('lang=fr')).toBe('en');
    expect(languageOfCookies('xlang=ar')).toBe('en');
    expect(languageOfCookies('lang=ar-EG')).toBe('en');
  });
});
