// The status link's token (`?epat=`), as the server keeps it for the browser (decisions 024 and
// 040): the server takes a link's token out of the address as soon as the link is opened (a token
// left in the address bar would stay in the tab's history, be shown over a shoulder or shared in a
// screenshot, and be offered to analytics), keeps it in the browser's session, and draws every
// status page from it. An expired or broken link's page is shown at its own address, with its token.
import { usePageData } from '../../page-kit/page-data-context.ts';

/** The token of the status link this browser opened last, or '' when it has none. */
export function useStatusToken(): string {
  return usePageData().session.statusToken ?? '';
}
