// What a page tells the server while the server renders it: the document's title (set by an
// effect in the browser, which never runs on the server) and where the user should be instead.
import { createContext, createElement, useContext } from 'react';
import { Navigate } from 'react-router';
import type { PageFacts, PageOutcome, PageSession } from '#shared/pages/page-renderer.ts';

/**
 * Where the user should be instead. `always`: the address itself leads there (an alias), so the
 * server redirects. `for-state`: the answers so far lead there (the journey's guard), which a
 * browser with JavaScript decides from the answers it keeps itself.
 */
export interface ServerRedirect {
  to: string;
  kind: 'always' | 'for-state';
}

/** Told by the pages what the server needs to know as it renders them; tells them what the server knows. */
export interface ServerRender {
  setTitle(title: string): void;
  setRedirect(redirect: ServerRedirect): void;
  /** What the browser's session keeps on the server: the pages render from it as from session storage. */
  readonly session: PageSession;
  /** The answer to a form posted without JavaScript, for the page to show. */
  readonly outcome: PageOutcome;
  /** What the server looked up for the page. */
  readonly facts: PageFacts;
}

/** Provided by the server entry only: in the browser there is nothing to tell. */
export const ServerRenderContext = createContext<ServerRender | undefined>(undefined);

/** The server render in progress, if this render is one. */
export function useServerRender(): ServerRender | undefined {
  return useContext(ServerRenderContext);
}

/** Sends the user to `to`, replacing the history entry, and tells a server render about it. */
export function Redirect({ to, kind }: ServerRedirect) {
  const serverRender = useServerRender();
  if (serverRender === undefined) return createElement(Navigate, { to, replace: true });
  serverRender.setRedirect({ to, kind });
  return null;
}
