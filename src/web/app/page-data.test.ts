import { afterEach, describe, expect, it } from 'vitest';
import { FORM_STATE_STORAGE_KEY, STATUS_TOKEN_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { adoptServerState, keptByTab, mayHydrate, type PageData } from './page-data.ts';

afterEach(() => {
  sessionStorage.clear();
});

describe('the server’s state adopted', () => {
  it('takes over the server’s answers only when the tab keeps none, and its status token always', () => {
    adoptServerState({ formState: 'server', statusToken: 'token' });
    expect(keptByTab()).toEqual({ formState: 'server', statusToken: 'token' });
    adoptServerState({ formState: 'other', statusToken: 'newer' });
    expect(keptByTab()).toEqual({ formState: 'server', statusToken: 'newer' });
    adoptServerState({ formState: null, statusToken: null });
    expect(sessionStorage.getItem(FORM_STATE_STORAGE_KEY)).toBe('server');
    expect(sessionStorage.getItem(STATUS_TOKEN_STORAGE_KEY)).toBe('newer');
  });
});

describe('hydrating', () => {
  const data: PageData = { kept: { formState: 'a', statusToken: null }, formToken: 't' };

  it('is for a tab that keeps what the server rendered from', () => {
    expect(mayHydrate(data, { formState: 'a', statusToken: null })).toBe(true);
  });

  it('is not for a tab that keeps other values, has no storage, or a page shown once', () => {
    expect(mayHydrate(data, { formState: 'b', statusToken: null })).toBe(false);
    expect(mayHydrate(data, { formState: 'a', statusToken: 'token' })).toBe(false);
    expect(mayHydrate(data, undefined)).toBe(false);
    expect(mayHydrate({ ...data, once: true }, { formState: 'a', statusToken: null })).toBe(false);
  });
});
