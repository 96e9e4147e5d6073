// The contract between the server and the web app's server entry (src/web/entry-server.tsx, built
// to dist/web-server/entry-server.js): the server loads the built file and calls it, so it never
// imports the web app's source.
import type { PageData } from './page-data.ts';

/** What a page is rendered from: the address asked for, the request's cookies and the server's answer. */
export interface PageRequest {
  /** Path and query, as the browser asked (`/status?epat=…`). */
  readonly url: string;
  /** The `Cookie` header, '' when there is none. */
  readonly cookies: string;
  readonly data: PageData;
}

/** A rendered page, or the address the user should be sent to instead. */
export type PageResponse =
  { readonly kind: 'page'; readonly html: string } | { readonly kind: 'redirect'; readonly location: string };

/** The server entry's exports. */
export interface PageRenderer {
  /** Loads every page's code and texts, so that no render waits for them. Call once, before the first render. */
  loadPages(): Promise<void>;
  /** The whole HTML document of a page, from the built index.html as `template`. */
  renderPage(template: string, request: PageRequest): PageResponse;
}
