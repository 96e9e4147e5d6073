// How the browser gets the server's answer a page is drawn from (#shared/pages/page-data.ts,
// decision 040): the JSON the server wrote into the page it sent, then each answer the app asks for
// as it moves (page-router.tsx).
import { PAGE_ANSWER_TYPE, PAGE_DATA_ID, type PageAnswer, type PageData } from '#shared/pages/page-data.ts';

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
