// The server's answer a page is drawn from (#shared/pages/page-data.ts, decision 040): provided by
// the server entry as it renders a page, and in the browser by the router (page-router.tsx), from
// the JSON the server wrote into the page it sent, then from each answer the app asks for as it
// moves. The pages read it the same way on both sides.
import { createContext, useContext } from 'react';
import { PAGE_ANSWER_TYPE, PAGE_DATA_ID, type PageAnswer, type PageData } from '#shared/pages/page-data.ts';

/** What a page before any answer is drawn from: nothing kept, no form token. */
export const NO_PAGE_DATA: PageData = {
  build: '',
  formToken: '',
  session: { formState: null, statusToken: null, notice: null },
  outcome: {},
  facts: {},
};

export const PageDataContext = createContext<PageData>(NO_PAGE_DATA);

/** The server's answer the page is drawn from. */
export function usePageData(): PageData {
  return useContext(PageDataContext);
}

/** What the server wrote into the page it rendered; undefined when it rendered none (the Vite dev server's page). */
export function readEmbeddedPageData(): PageData | undefined {
  const json = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!json) return undefined;
  try {
    return JSON.parse(json) as PageData;
  } catch {
    return undefined;
  }
}

/**
 * Asks the server for the page at `url` (a GET), or sends it a page's form (`form`), as JSON: the
 * answer says which page to show and what it is drawn from. Rejects when there is no such answer
 * (the network, or a page the server could only answer as HTML): the caller then loads the page
 * whole, as a browser without the app would.
 */
export async function fetchPageAnswer(url: string, form?: URLSearchParams): Promise<PageAnswer> {
  const response = await fetch(url, {
    method: form === undefined ? 'GET' : 'POST',
    headers: { accept: PAGE_ANSWER_TYPE },
    ...(form !== undefined && { body: form }),
    // The page's address can hold a search for a name: nothing about it goes with the request.
    referrerPolicy: 'no-referrer',
    credentials: 'same-origin',
  });
  if (!response.headers.get('content-type')?.startsWith(PAGE_ANSWER_TYPE))
    throw new Error(`The page answered ${response.status} without its data`);
  return (await response.json()) as PageAnswer;
}
