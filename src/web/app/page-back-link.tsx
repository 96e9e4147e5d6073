// A page may say itself where its "Go back" leads, when going back through the browser's history
// would not lead where the user expects: the group overview's leads to the last member's check
// your answers, which the history would show emptied (the member is in the group by then).
import { createContext, useContext, useEffect, useRef } from 'react';

/** Where a page's "Go back" leads: the link's address, and what a plain click on it does. */
export interface PageBackLink {
  readonly href: string;
  readonly onClick: () => void;
}

/** The frame's setter of the page's own back link (undefined: the frame's usual one). */
export const PageBackLinkContext = createContext<(link: PageBackLink | undefined) => void>(() => undefined);

/** Makes the frame's "Go back" lead to `href` (doing `onClick` on a plain click) while the page shows. */
export function usePageBackLink(href: string | undefined, onClick: () => void): void {
  const set = useContext(PageBackLinkContext);
  const latest = useRef(onClick);
  useEffect(() => {
    latest.current = onClick;
  });
  useEffect(() => {
    if (href === undefined) return undefined;
    set({ href, onClick: () => latest.current() });
    return () => set(undefined);
  }, [href, set]);
}
