// Component tests draw a page from the server's answer as the app does (decision 040): this gives
// them one, with what the browser's session keeps on the server.
import type { ReactNode } from 'react';
import type { PageData, PageSession } from '#shared/pages/page-data.ts';
import { NO_PAGE_DATA, PageDataContext } from '../page-kit/page-data-context.ts';

/** The children drawn from a page data whose session keeps `session` (and `more` of the answer). */
export function WithPageData({
  session = {},
  more = {},
  children,
}: {
  session?: Partial<PageSession>;
  more?: Partial<PageData>;
  children: ReactNode;
}) {
  const data: PageData = { ...NO_PAGE_DATA, ...more, session: { ...NO_PAGE_DATA.session, ...session } };
  return <PageDataContext.Provider value={data}>{children}</PageDataContext.Provider>;
}
