// The group overview's list of the applicants awaiting submission, each with Edit and Delete: links
// that open the member, or the confirmation, by their addresses.
import type { MouseEvent } from 'react';
import { memberName } from '#shared/domain/answers.ts';
import { answersOf, type ApplicantSections } from '#shared/journey/form-state.ts';
import { deleteHref, editHref } from '#shared/journey/page-forms.ts';
import { SummaryList } from '../../components/govuk/summary-list/summary-list.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

export function GroupMembers({
  group,
  onLink,
}: {
  group: readonly ApplicantSections[];
  /** Handles a click on a link in the app. */
  onLink: (event: MouseEvent<HTMLElement>, href: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div id="group-members">
      {group.length === 0 ? (
        <p className="govuk-body">{t('apply.group.empty')}</p>
      ) : (
        <>
          <p className="govuk-body">{t('apply.group.count', { count: group.length })}</p>
          <SummaryList
            rows={group.map((member, index) => {
              const answers = answersOf(member);
              const name = memberName(answers);
              return {
                key: { text: name },
                value: { text: answers['cos-reference'] ?? '' },
                actions: {
                  items: [
                    {
                      href: editHref(index),
                      text: t('apply.group.edit'),
                      visuallyHiddenText: name,
                      onClick: (event) => onLink(event, editHref(index)),
                    },
                    {
                      href: deleteHref(index),
                      text: t('apply.group.delete'),
                      visuallyHiddenText: name,
                      onClick: (event) => onLink(event, deleteHref(index)),
                    },
                  ],
                },
              };
            })}
          />
        </>
      )}
    </div>
  );
}
