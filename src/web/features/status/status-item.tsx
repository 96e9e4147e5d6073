// The pieces the status pages show an application with: its status as a tag, its name, when it
// was received, and the links between the pages.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StatusItem } from '#shared/api/public-status.ts';
import { formatDateTime } from '#shared/dates/format.ts';
import { STATUS_PRESENTATION } from '#shared/domain/status-presentation.ts';
import { Tag } from '../../components/govuk/tag/tag.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

export const fullName = (item: StatusItem) => `${item.givenNames} ${item.familyName}`.trim();

// The first London time a browser writes loads its time-zone data, the longest step of drawing a
// status page (about 18 ms on this machine, four times that on a slow phone): done in a task of
// its own as the pages' code arrives, before the page is drawn or hydrated with it (decision 064).
setTimeout(() => formatDateTime(new Date()), 0);

/**
 * When an application was received, as DD/MM/YYYY HH:mm London time. Set left to
 * right: in an Arabic page the date and the time would otherwise swap places.
 */
export function SubmittedAt({ iso }: { iso: string }) {
  return <bdi dir="ltr">{formatDateTime(iso)}</bdi>;
}

export function StatusTag({ status }: { status: StatusItem['status'] }) {
  const { t } = useTranslation();
  const { word, tag } = STATUS_PRESENTATION[status];
  return <Tag text={t(word)} classes={tag} />;
}

/** A link between the status pages: without JavaScript too, the pages stay open by their addresses for a while (decision 026). */
export function StatusLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link className={`govuk-link${className === undefined ? '' : ` ${className}`}`} to={to}>
      {children}
    </Link>
  );
}
