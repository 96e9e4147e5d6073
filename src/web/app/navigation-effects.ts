import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * On each navigation (not the first load): scroll to the top and move focus to the top of the
 * page, as a full page load would, so keyboard and screen-reader users start from the skip
 * link; and run `onNavigate` (the cookie banner's just-set flag is cleared there).
 */
export function useNavigationEffects(onNavigate: () => void): void {
  const { key } = useLocation();
  const firstKey = useRef(key);
  const callback = useRef(onNavigate);
  useEffect(() => {
    callback.current = onNavigate;
  });

  useLayoutEffect(() => {
    if (key === firstKey.current) return;
    window.scrollTo(0, 0);
    const body = document.body;
    body.setAttribute('tabindex', '-1');
    body.focus({ preventScroll: true });
    body.addEventListener('blur', () => body.removeAttribute('tabindex'), { once: true });
    callback.current();
  }, [key]);
}

// The in-app history, one entry per history key, kept outside React because the browser's
// history is itself global. Recording the same key again changes nothing, so calling this
// while rendering (and rendering twice) is safe.
const visited: { key: string; path: string }[] = [];

function recordVisit(key: string, path: string, replaced: boolean): string | undefined {
  const index = visited.findIndex((entry) => entry.key === key);
  if (index !== -1) visited.splice(index + 1);
  else if (replaced && visited.length > 0) visited.splice(-1, 1, { key, path });
  else visited.push({ key, path });
  return visited.at(-2)?.path;
}

/**
 * The path of the page the user came from inside the service, if any: the "Go back" link
 * shows only when there is one.
 */
export function usePreviousPath(): string | undefined {
  const { key, pathname, search } = useLocation();
  const replaced = useNavigationType() === 'REPLACE';
  return recordVisit(key, `${pathname}${search}`, replaced);
}
