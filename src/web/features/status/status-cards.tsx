// The status list on a narrow screen (320 CSS pixels, or 400% zoom): a summary card per application.
import { SummaryList } from '../../components/govuk/summary-list/summary-list.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { StatusActions } from './status-actions.tsx';
import type { Downloads } from './status-downloads.tsx';
import { fullName, StatusTag } from './status-item.tsx';
import type { FoundItem } from './status-search.tsx';

export function StatusCards({ shown, downloads }: { shown: readonly FoundItem[]; downloads: Downloads }) {
  const { t } = useTranslation();
  return (
    <>
      <h2 className="govuk-visually-hidden">{t('status.caption')}</h2>
      {shown.map(({ item, index }) => (
        <SummaryList
          key={item.applicantId}
          card={{ title: { html: <bdi>{fullName(item)}</bdi>, headingLevel: 3 } }}
          rows={[
            { key: { text: t('status.cosColumn') }, value: { html: <bdi>{item.cosReference}</bdi> } },
            { key: { text: t('status.statusColumn') }, value: { html: <StatusTag status={item.status} /> } },
            {
              key: { text: t('status.actionsColumn') },
              value: { html: <StatusActions item={item} index={index} downloads={downloads} /> },
            },
          ]}
        />
      ))}
    </>
  );
}
