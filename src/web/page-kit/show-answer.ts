// How a page's form sent by the app (page-form.ts) has its answer shown by the router
// (page-router.tsx), apart from both so that the pages' chunks need not import the router.
import { createContext, useContext } from 'react';
import type { PageAnswer, PageData } from '#shared/pages/page-data.ts';

/**
 * Shows the server's answer to a page's form: the page it leads to, or the same page drawn from
 * it (its errors), or another site. Gives the data when the same page shows it.
 */
export type ShowAnswer = (answer: PageAnswer) => PageData | undefined;

export const ShowAnswerContext = createContext<ShowAnswer>(() => undefined);

/** Shows the server's answer to a page's form the app sent. */
export function useShowAnswer(): ShowAnswer {
  return useContext(ShowAnswerContext);
}
