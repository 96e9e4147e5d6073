import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { STATUS_TOKEN_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { useStatusToken } from './status-token.ts';

let seen: Array<string | undefined>;

function Probe() {
  const token = useStatusToken();
  seen.push(token);
  return <p>{token === undefined ? 'waiting' : `token:${token}`}</p>;
}

function open(...entries: string[]) {
  const router = createMemoryRouter([{ path: '/status/:index?', element: <Probe /> }], {
    initialEntries: entries,
    initialIndex: entries.length - 1,
  });
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  sessionStorage.clear();
  seen = [];
});

describe('the status token', () => {
  it('is taken out of the address, replacing the entry, and kept for the tab', () => {
    const router = open('/start', '/status?epat=abc.def&other=1#top');
    expect(router.state.location).toMatchObject({ pathname: '/status', search: '?other=1', hash: '#top' });
    // The entry was replaced, not pushed: one step back is the page before the link.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(sessionStorage.getItem(STATUS_TOKEN_STORAGE_KEY)).toBe('abc.def');
    // Never rendered at the address with the token as if it had no token.
    expect(seen.filter((t) => t !== undefined)).toEqual(seen.slice(seen.indexOf('abc.def')));
    expect(seen.at(-1)).toBe('abc.def');
  });

  it('is read from the tab on later pages, and a new link replaces it', async () => {
    const router = open('/status?epat=first');
    await act(() => router.navigate('/status/1'));
    expect(seen.at(-1)).toBe('first');
    await act(() => router.navigate('/status?epat=second'));
    expect(router.state.location.search).toBe('');
    expect(seen.at(-1)).toBe('second');
    expect(sessionStorage.getItem(STATUS_TOKEN_STORAGE_KEY)).toBe('second');
  });

  it('is empty without a link in this tab', () => {
    open('/status/0');
    expect(seen).toEqual(['']);
  });
});
