import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_DATA_ID } from '#shared/pages/page-data-element.ts';
import { FORM_STATE_STORAGE_KEY, STATUS_TOKEN_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { adoptServerState, keptByTab, mayHydrate, readPageData, type PageData } from './page-data.ts';

const write = (content: string) => {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = PAGE_DATA_ID;
  element.textContent = content;
  document.body.append(element);
};

afterEach(() => {
  document.getElementById(PAGE_DATA_ID)?.remove();
  sessionStorage.clear();
});

describe('the page data', () => {
  it('is read with its kept values by name', () => {
    const data = { kept: { formState: '{}', statusToken: null }, formToken: 't', back: '/x', facts: {} };
    write(JSON.stringify(data));
    expect(readPageData()).toEqual(data);
  });

  it('is none when absent, not JSON, or not what this version writes (kept in the order of a list, say)', () => {
    expect(readPageData()).toBeUndefined();
    write('{');
    expect(readPageData()).toBeUndefined();
    document.getElementById(PAGE_DATA_ID)?.remove();
    write(JSON.stringify({ kept: ['{}', null], formToken: 't' }));
    expect(readPageData()).toBeUndefined();
  });
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
