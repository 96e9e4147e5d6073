// What a page tells the server while the server renders it: the document's title (set by an
// effect in the browser, which never runs on the server) and where the user should be instead.
import { createContext, createElement, useContext } from 'react';
import { Navigate } from 'react-router';

/** Told by the pages what the server needs to know as it renders them. */
export interface ServerRender {
  setTitle(title: string): void;
  /** The page leads elsewhere (an alias, or a page the answers do not reach yet): the server redirects. */
  setRedirect(to: string): void;
}

/** Provided by the server entry only: in the browser there is nothing to tell. */
export const ServerRenderContext = createContext<ServerRender | undefined>(undefined);

/** The server render in progress, if this render is one. */
export function useServerRender(): ServerRender | undefined {
  return useContext(ServerRenderContext);
}

/** Sends the user to `to`, replacing the history entry, and tells a server render about it. */
export function Redirect({ to }: { to: string }) {
  const serverRender = useServerRender();
  if (serverRender === undefined) return createElement(Navigate, { to, replace: true });
  serverRender.setRedirect(to);
  return null;
}
