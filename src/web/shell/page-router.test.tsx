import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, use } from 'react';
import { Link, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_SESSION, type PageAnswer, type PageData } from '#shared/pages/page-data.ts';
import { FORM_STATE_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { usePageData } from '../page-kit/page-data-context.ts';
import { PageRouter } from './page-router.tsx';

const data = (formState: string | null): PageData => ({
  build: 'b1',
  formToken: 't',
  session: { ...NO_SESSION, formState },
  outcome: {},
  facts: {},
});

/** What the page shows: its address and the answers it is drawn from. */
function Page() {
  const { pathname } = useLocation();
  const { session } = usePageData();
  return (
    <>
      <p data-testid="shown">
        {pathname} {session.formState}
      </p>
      <Link to="/next">next</Link>
    </>
  );
}

let answers: Map<string, PageAnswer>;
let asked: Array<{ url: string; accept: string | null }>;

beforeEach(() => {
  window.history.replaceState(null, '', '/first');
  sessionStorage.clear();
  answers = new Map();
  asked = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    asked.push({ url, accept: new Headers(init.headers).get('accept') });
    const answer = answers.get(url);
    return answer === undefined
      ? new Response('', { status: 404 })
      : Response.json(answer, { headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-page-loading');
});

const shown = () => screen.getByTestId('shown').textContent;

describe('the app’s router', () => {
  it('moves once the server has answered for the address, and draws the page from that answer', async () => {
    let answer: (value: PageAnswer) => void = () => undefined;
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      asked.push({ url, accept: new Headers(init.headers).get('accept') });
      return new Promise<Response>((resolve) => {
        answer = (value) => resolve(Response.json(value, { headers: { 'content-type': 'application/json' } }));
      });
    });
    render(
      <PageRouter data={data('{"a":1}')}>
        <Page />
      </PageRouter>,
    );
    expect(sessionStorage.getItem(FORM_STATE_STORAGE_KEY)).toBe('{"a":1}');
    fireEvent.click(screen.getByText('next'));
    // Waiting: the page and the address stay until the answer comes.
    expect(asked).toEqual([{ url: '/next', accept: 'application/json' }]);
    expect(document.documentElement.hasAttribute('data-page-loading')).toBe(true);
    expect(window.location.pathname).toBe('/first');
    expect(shown()).toBe('/first {"a":1}');
    await act(async () => answer({ location: '/next', data: data('{"b":2}') }));
    expect(window.location.pathname).toBe('/next');
    expect(shown()).toBe('/next {"b":2}');
    expect(document.documentElement.hasAttribute('data-page-loading')).toBe(false);
    // The tab's copy follows the server's answer; it is never read back.
    expect(sessionStorage.getItem(FORM_STATE_STORAGE_KEY)).toBe('{"b":2}');
  });

  it('asks for the page Back leads to, and lets a link within the page (#main-content) move nowhere', async () => {
    answers.set('/next', { location: '/next', data: data('{"b":2}') });
    answers.set('/first', { location: '/first', data: data('{"c":3}') });
    render(
      <PageRouter data={data('{"a":1}')}>
        <Page />
      </PageRouter>,
    );
    await act(async () => fireEvent.click(screen.getByText('next')));
    expect(shown()).toBe('/next {"b":2}');

    window.history.pushState(null, '', '/next#main-content');
    await act(async () => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(asked.map(({ url }) => url)).toEqual(['/next']);
    expect(shown()).toBe('/next {"b":2}');

    window.history.pushState(null, '', '/first');
    await act(async () => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(asked.map(({ url }) => url)).toEqual(['/next', '/first']);
    expect(shown()).toBe('/first {"c":3}');
  });

  it('stays marked as loading until the new page is drawn, while its code is still coming', async () => {
    answers.set('/next', { location: '/next', data: data('{"b":2}') });
    let codeArrives: () => void = () => undefined;
    const code = new Promise<void>((resolve) => (codeArrives = resolve));
    /** A page whose code loads on first use (as the app's lazy pages do) at /next. */
    function LazyAtNext() {
      const { pathname } = useLocation();
      if (pathname === '/next') use(code);
      return <Page />;
    }
    render(
      <PageRouter data={data('{"a":1}')}>
        <Suspense fallback={null}>
          <LazyAtNext />
        </Suspense>
      </PageRouter>,
    );
    await act(async () => fireEvent.click(screen.getByText('next')));
    // The address has moved, the old page is still on screen: still loading.
    expect(window.location.pathname).toBe('/next');
    expect(shown()).toBe('/first {"a":1}');
    expect(document.documentElement.hasAttribute('data-page-loading')).toBe(true);
    await act(async () => codeArrives());
    expect(shown()).toBe('/next {"b":2}');
    expect(document.documentElement.hasAttribute('data-page-loading')).toBe(false);
  });
});
