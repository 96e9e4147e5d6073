// A page may say itself where its "Go back" leads, when going back through the browser's history
// would not lead where the user expects: the group overview's leads to the last member's check
// your answers, which the history would show emptied (the member is in the group by then).
import { createContext, useContext, useEffect } from 'react';

/** The frame's setter of the page's own back link's address (undefined: the frame's usual one). */
export const PageBackLinkContext = createContext<(href: string | undefined) => void>(() => undefined);

/** Makes the frame's "Go back" lead to `href` while the page shows. */
export function usePageBackLink(href: string | undefined): void {
  const set = useContext(PageBackLinkContext);
  useEffect(() => {
    if (href === undefined) return undefined;
    set(href);
    return () => set(undefined);
  }, [href, set]);
}
