import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** Lazily loads a page that is a named export, so every page gets its own chunk. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] extends ComponentType<infer P> ? ComponentType<P> : never> {
  return lazy(async () => ({ default: (await load())[name] as never }));
}
