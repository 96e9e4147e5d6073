// The status link's token (`?epat=`). It is read from the address once and kept in session
// storage, and the address is replaced without it: a token left in the address bar would stay in
// the tab's history, be shown over a shoulder or shared in a screenshot, and be offered to
// analytics as the page's location. The server does the same for a browser without JavaScript: it
// keeps the token in the browser's session and redirects to the address without it (decision
// 024), and renders the page from the token it keeps.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { STATUS_TOKEN_PARAMETER } from '#shared/api/public-status.ts';
import { STATUS_TOKEN_STORAGE_KEY } from '#shared/pages/storage-keys.ts';
import { useServerRender } from '../../app/server-render.ts';

// Where storage is refused (some private modes), the token lives for the page's life instead.
let inMemory: string | undefined;

function storedToken(): string {
  try {
    return sessionStorage.getItem(STATUS_TOKEN_STORAGE_KEY) ?? inMemory ?? '';
  } catch {
    return inMemory ?? '';
  }
}

function storeToken(token: string): void {
  try {
    sessionStorage.setItem(STATUS_TOKEN_STORAGE_KEY, token);
    inMemory = undefined;
  } catch {
    inMemory = token;
  }
}

/**
 * The token of the status link this tab was opened with, or '' when it has none. `undefined`
 * while a token just read from the address is being taken out of it: the page waits rather than
 * render (and record a page view) at an address that is about to change. A new link's token
 * replaces the one kept.
 */
export function useStatusToken(): string | undefined {
  const serverRender = useServerRender();
  const location = useLocation();
  const navigate = useNavigate();
  const fromLink = new URLSearchParams(location.search).get(STATUS_TOKEN_PARAMETER);

  useEffect(() => {
    if (fromLink === null) return;
    storeToken(fromLink);
    const rest = new URLSearchParams(location.search);
    rest.delete(STATUS_TOKEN_PARAMETER);
    const search = rest.toString();
    // Replace, not push: the entry with the token must not stay in the tab's history.
    void navigate(
      { pathname: location.pathname, search: search === '' ? '' : `?${search}`, hash: location.hash },
      { replace: true, state: location.state },
    );
  }, [fromLink, location, navigate]);

  if (serverRender !== undefined) return serverRender.session.statusToken ?? '';
  return fromLink === null ? storedToken() : undefined;
}
