import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';

/** True for a plain left click, which the SPA may handle; modified clicks open new tabs as usual. */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * Returns a click handler for links to pages of this service, so they route inside the SPA
 * instead of reloading the page; the `href` stays on the link for new tabs and no-JS use.
 */
export function useSpaLinkHandler(): (event: MouseEvent<HTMLElement>, path: string, historyState?: unknown) => void {
  const navigate = useNavigate();
  return useCallback(
    (event, path, historyState) => {
      if (!isPlainClick(event)) return;
      event.preventDefault();
      void navigate(path, historyState === undefined ? undefined : { state: historyState });
    },
    [navigate],
  );
}
