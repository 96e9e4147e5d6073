import type { ReactNode } from 'react';
import { usePageTitle } from '../../app/page-title.ts';

/** The frame every static information page shares: its title, and a two-thirds column under one main heading. */
export function InfoPageLayout({
  title,
  headingClass = 'govuk-heading-l',
  children,
}: {
  title: string;
  headingClass?: 'govuk-heading-l' | 'govuk-heading-xl';
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className="govuk-grid-row">
      <div className="govuk-grid-column-two-thirds">
        <h1 className={headingClass}>{title}</h1>
        {children}
      </div>
    </div>
  );
}
