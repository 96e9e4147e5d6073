import type { ReactNode } from 'react';
import { usePageTitle } from './page-title.ts';

/** A page that tells the user something (a failure, a link not found, what to do next): its title as the h1, then `children`. */
export function MessagePage({ title, children }: { title: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className="govuk-heading-l">{title}</h1>
        {children}
      </div>
    </div>
  );
}
