// The status list as a table, for screens wide enough for its four columns.
import { Table } from '../../components/govuk/table/table.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { StatusActions } from './status-actions.tsx';
import type { Downloads } from './status-downloads.tsx';
import { fullName, StatusTag } from './status-item.tsx';
import type { FoundItem } from './status-search.tsx';

export function StatusTable({ shown, downloads }: { shown: readonly FoundItem[]; downloads: Downloads }) {
  const { t } = useTranslation();
  return (
    <Table
      caption={t('status.caption')}
      captionClasses="govuk-visually-hidden"
      head={[
        { text: t('status.cosColumn') },
        { text: t('status.nameColumn') },
        { text: t('status.statusColumn') },
        { text: t('status.actionsColumn') },
      ]}
      rows={shown.map(({ item, index }) => [
        { html: <bdi>{item.cosReference}</bdi> },
        { html: <bdi>{fullName(item)}</bdi>, classes: 'app-status-wrap' },
        { html: <StatusTag status={item.status} /> },
        { html: <StatusActions item={item} index={index} downloads={downloads} /> },
      ])}
    />
  );
}
