import { act, render } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadPages, registerPreload } from './lazy-page.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const module = { FirstPage: () => <h1>First</h1>, SecondPage: () => <h1>Second</h1> };

describe('lazyPage', () => {
  it('shows the fallback while the code loads, then the page', async () => {
    const chunk = deferred<typeof module>();
    const First = lazyPage(() => chunk.promise, 'FirstPage');
    const { container } = render(
      <Suspense fallback={<p>Loading</p>}>
        <First />
      </Suspense>,
    );
    expect(container.textContent).toBe('Loading');
    await act(async () => chunk.resolve(module));
    expect(container.textContent).toBe('First');
  });

  it('renders a preloaded page, and the other pages of its chunk, without suspending', async () => {
    const load = () => Promise.resolve(module);
    const First = lazyPage(load, 'FirstPage');
    const Second = lazyPage(load, 'SecondPage');
    registerPreload('/first', First);
    expect(First.loaded).toBe(false);
    preloadPages(['/first', '/not-a-page']);
    await act(() => First.preload());
    expect(First.loaded && Second.loaded).toBe(true);
    // Rendered outside any act: a page that suspended would leave the fallback in the DOM.
    const { container } = render(
      <Suspense fallback={<p>Loading</p>}>
        <Second />
      </Suspense>,
    );
    expect(container.textContent).toBe('Second');
  });

  it('tries a chunk that failed to load again', async () => {
    let attempts = 0;
    const Page = lazyPage(
      () => (++attempts === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(module)),
      'FirstPage',
    );
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(Page.loaded).toBe(true);
    expect(attempts).toBe(2);
  });
});

describe('usePreloadPages', () => {
  // The visitor's first interaction is one for the whole document, kept by the module: these
  // tests take a copy of their own (the unit tests share modules), and run in order, before it
  // and after.
  const loads: string[] = [];
  let Leading: (props: { readonly to: readonly string[] }) => null;
  beforeAll(async () => {
    vi.resetModules();
    const fresh = await import('./lazy-page.ts');
    for (const name of ['left', 'next', 'after'])
      fresh.registerPreload(
        `/${name}`,
        fresh.lazyPage(async () => (loads.push(name), module), 'FirstPage'),
      );
    Leading = ({ to }) => {
      fresh.usePreloadPages(to);
      return null;
    };
  });

  it('loads nothing until the visitor does something, and nothing for a page already left', async () => {
    render(<Leading to={['/left']} />).unmount();
    render(<Leading to={['/next']} />);
    await act(async () => undefined);
    expect(loads).toEqual([]);
    await act(async () => void window.dispatchEvent(new Event('keydown')));
    expect(loads).toEqual(['next']);
  });

  it('loads at once on a page shown after the visitor did something', async () => {
    render(<Leading to={['/after']} />);
    await act(async () => undefined);
    expect(loads).toEqual(['next', 'after']);
  });
});
