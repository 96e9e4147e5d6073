// A feature's state in the browser beside the server's answer for the page (decision 040): what
// the server answered (a form sent before the app ran, a QR code's link it checked) shows until the
// page acts itself, by the API's calls; what those actions set shows after, until the next answer.
import { useSyncExternalStore } from 'react';
import type { PageData } from '#shared/pages/page-data.ts';
import { usePageData } from './page-data-context.ts';

export interface PageState<T> {
  /**
   * The state kept, or `served(data)` (the server's answer, when it has one) while the page has not
   * acted since the answer it shows arrived.
   */
  use(served: (data: PageData) => T | undefined): T;
  /** The state kept now. */
  get(): T;
  /** Keeps `value`, set by the page's own action while it showed the answer `data`. */
  set(data: PageData, value: T): void;
}

export function createPageState<T>(initial: T): PageState<T> {
  let state: { readonly since: PageData | undefined; readonly value: T } = { since: undefined, value: initial };
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => state;
  return {
    use(served) {
      const data = usePageData();
      const kept = useSyncExternalStore(subscribe, current, current);
      const answer = kept.since === data ? undefined : served(data);
      return answer ?? kept.value;
    },
    get: () => state.value,
    set(data, value) {
      state = { since: data, value };
      for (const listener of listeners) listener();
    },
  };
}
