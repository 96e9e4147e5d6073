import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * On each navigation (not the first load): scroll to the top, as a full page load would, and run
 * `onNavigate` (the cookie banner's just-set flag is cleared there). Focus moves later, once the
 * new page has rendered (`useFocusOnArrival`).
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
    callback.current();
  }, [key]);
}

// What a page focuses itself when it opens (GOV.UK components): its error summary, or a success
// banner saying what just happened, or what a page marks so (the question of a confirmation).
// They say more than the heading, so they keep the focus.
const SELF_FOCUSED = '.govuk-error-summary, .govuk-notification-banner, [data-focus-on-arrival]';

// How long a page that draws its heading later (after a request) may take to do so.
const LATE_HEADING_MS = 10_000;

/** Focuses `element` as a target that is not a control: no tab stop after it loses focus. */
function focusTarget(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex')) {
    element.setAttribute('tabindex', '-1');
    element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  }
  element.focus({ preventScroll: true });
}

/**
 * Moves focus to the page that has just opened: its error summary or success banner if it
 * focused one itself, otherwise its `main h1`, so screen-reader users hear where they are and
 * keyboard users continue from the page's start. A page whose heading comes later gets `main`
 * focused meanwhile and the heading when it appears, unless the user has moved on. Gives the
 * clean-up that stops waiting.
 */
export function focusNewPage(): () => void {
  const main = document.querySelector('main');
  if (main === null) return () => undefined;
  const active = document.activeElement;
  if (active instanceof HTMLElement && main.contains(active) && active.closest(SELF_FOCUSED) !== null)
    return () => undefined;
  const heading = main.querySelector('h1');
  if (heading !== null) {
    focusTarget(heading);
    return () => undefined;
  }
  focusTarget(main);
  const observer = new MutationObserver(() => {
    const late = main.querySelector('h1');
    if (late === null) return;
    stop();
    if (document.activeElement === main || document.activeElement === document.body) focusTarget(late);
  });
  const timer = setTimeout(() => stop(), LATE_HEADING_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/**
 * Focuses the new page after each navigation but the first load (`firstKey`). Called from inside
 * the pages' Suspense boundary, so that it runs when the page itself has rendered, not its
 * spinner, and after the page's own effects (an error summary focuses itself in one).
 */
export function useFocusOnArrival(firstKey: string): void {
  const { key } = useLocation();
  useEffect(() => (key === firstKey ? undefined : focusNewPage()), [key, firstKey]);
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
