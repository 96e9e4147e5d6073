// The pieces the status pages show an application with: its status as a tag, its name, when it
// was received, and the links between the pages.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { StatusItem } from '#shared/api/public-status.ts';
import { formatDateTime } from '#shared/dates/format.ts';
import { Tag } from '../../components/govuk/tag/tag.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

const STATUS_KEYS = {
  approved: 'status.statuses.approved',
  rejected: 'status.statuses.rejected',
  'in-progress': 'status.statuses.in-progress',
  withdrawn: 'status.statuses.withdrawn',
} as const;
const TAG_CLASSES = {
  approved: 'govuk-tag--green',
  rejected: 'govuk-tag--red',
  'in-progress': 'govuk-tag--blue',
  withdrawn: 'govuk-tag--grey',
} as const;

export const fullName = (item: StatusItem) => `${item.givenNames} ${item.familyName}`.trim();

/**
 * When an application was received, as DD/MM/YYYY HH:mm London time. Set left to
 * right: in an Arabic page the date and the time would otherwise swap places.
 */
export function SubmittedAt({ iso }: { iso: string }) {
  return <bdi dir="ltr">{formatDateTime(iso)}</bdi>;
}

export function StatusTag({ status }: { status: StatusItem['status'] }) {
  const { t } = useTranslation();
  return <Tag text={t(STATUS_KEYS[status])} classes={TAG_CLASSES[status]} />;
}

/** A link between the status pages: without JavaScript too, the pages stay open by their addresses for a while (decision 026). */
export function StatusLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <Link className={`govuk-link${className === undefined ? '' : ` ${className}`}`} to={to}>
      {children}
    </Link>
  );
}
