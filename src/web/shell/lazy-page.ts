import { matchPath } from 'react-router';
import { createElement, lazy, useEffect, type ComponentType } from 'react';

/** A page loaded on demand, which can be asked to load before it is shown. */
export type LazyPage<P> = ComponentType<P> & {
  /** Starts loading the page's code (once); resolves when the page can render at once. */
  preload(): Promise<void>;
  /** Whether the page's code is here: it then renders without suspending. */
  readonly loaded: boolean;
};

// The modules that have arrived, by loader: the pages of one chunk (the question pages) share
// their loader, so loading one makes every other page of the chunk ready too.
const modules = new WeakMap<() => Promise<unknown>, Record<string, unknown>>();
const loads = new WeakMap<() => Promise<unknown>, Promise<Record<string, unknown>>>();

function loadModule<M extends Record<string, unknown>>(load: () => Promise<M>): Promise<M> {
  let loading = loads.get(load) as Promise<M> | undefined;
  if (loading === undefined) {
    loading = load().then(
      (module) => {
        modules.set(load, module);
        return module;
      },
      (error: unknown) => {
        // A chunk that failed (the network was down) may load on the next try.
        loads.delete(load);
        throw error;
      },
    );
    loads.set(load, loading);
  }
  return loading;
}

/**
 * Lazily loads a page that is a named export, so every page gets its own chunk. Unlike a bare
 * `React.lazy`, a page whose code has arrived (visited or preloaded) renders straight away: React
 * would otherwise suspend the first render of every lazy component once, even with its module in
 * memory, and may then hold the spinner for its 300 ms minimum on a page that was ready.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K] extends ComponentType<infer P> ? P : never> {
  type Props = M[K] extends ComponentType<infer P> ? P : never;
  const ready = () => modules.get(load)?.[name] as ComponentType<Props> | undefined;
  const Pending = lazy(async () => ({ default: (await loadModule(load))[name] as ComponentType<Props> }));

  function Page(props: Props) {
    const Component: ComponentType<Props> = ready() ?? Pending;
    return createElement(Component as ComponentType<object>, props as object);
  }
  Page.displayName = name;
  // defineProperties, not Object.assign: `loaded` must stay a getter, read at each use.
  return Object.defineProperties(Page, {
    preload: { value: () => loadModule(load).then(() => undefined) },
    loaded: { get: () => ready() !== undefined },
  }) as unknown as LazyPage<Props>;
}

// The pages by path, so that a page can load the code of the pages it leads to without
// importing them (the route table imports every page lazily; a page importing it would not be).
const registry = new Map<string, { preload(): Promise<void> }>();

/** Makes `page` loadable in advance by its path (the route table registers every route). */
export function registerPreload(path: string, page: { preload(): Promise<void> }): void {
  registry.set(path, page);
}

/**
 * Starts loading the code of the pages at `paths` (routes not registered are ignored), so that
 * going there shows the page at once instead of the spinner. A failure is left for the visit to
 * report: the page's own load retries and shows the error page.
 */
export function preloadPages(paths: Iterable<string>): void {
  for (const path of paths)
    void registry
      .get(path)
      ?.preload()
      .catch(() => undefined);
}

// What a visitor does on a page before leaving it: a touch, a pointer's move or press, a key, a
// scroll, a focus. The first of them starts loading the code of the pages the page leads to: it
// arrives while they read and answer, and a visit that only reads the page does not download it
// (nor does it compete with the page's own first load).
const INTERACTIONS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'scroll', 'focusin'] as const;
let interacted = false;
// The paths of the pages shown that wait for the visitor's first interaction.
const waiting = new Set<readonly string[]>();
const listen = (on: boolean) => {
  for (const type of INTERACTIONS)
    if (on) window.addEventListener(type, onFirstInteraction, { capture: true, passive: true });
    else window.removeEventListener(type, onFirstInteraction, { capture: true });
};
function onFirstInteraction() {
  interacted = true;
  listen(false);
  for (const paths of waiting) preloadPages(paths);
  waiting.clear();
}

/**
 * Starts loading the code of the pages at `paths` once the visitor has done something on the page
 * (at once on a page reached from another, where they have), so that going there shows the page
 * at once instead of the spinner.
 */
export function usePreloadPages(paths: readonly string[]): void {
  const key = [...new Set(paths)].sort().join(' ');
  useEffect(() => {
    if (key === '') return;
    const shown = key.split(' ');
    if (interacted) return preloadPages(shown);
    if (waiting.size === 0) listen(true);
    waiting.add(shown);
    return () => {
      waiting.delete(shown);
      if (waiting.size === 0 && !interacted) listen(false);
    };
  }, [key]);
}

/** Loads the code of the page at `pathname` (a concrete address), if it is a page of the service. */
export function loadPageAt(pathname: string): Promise<void> {
  for (const [path, page] of registry) if (matchPath(path, pathname) !== null) return page.preload();
  return Promise.resolve();
}

/** Loads the code of every page (the server renders any of them without waiting). */
export async function loadAllPages(): Promise<void> {
  await Promise.all([...registry.values()].map((page) => page.preload()));
}
