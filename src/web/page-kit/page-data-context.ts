// The server's answer a page is drawn from (#shared/pages/page-data.ts, decision 040): provided by
// the server entry as it renders a page, and in the browser by the router (page-router.tsx). The
// pages read it the same way on both sides.
import { createContext, useContext } from 'react';
import { NO_SESSION, type PageData } from '#shared/pages/page-data.ts';

/** What a page before any answer is drawn from: nothing kept, no form token. */
export const NO_PAGE_DATA: PageData = {
  build: '',
  formToken: '',
  session: NO_SESSION,
  outcome: {},
  facts: {},
};

export const PageDataContext = createContext<PageData>(NO_PAGE_DATA);

/** The server's answer the page is drawn from. */
export function usePageData(): PageData {
  return useContext(PageDataContext);
}
