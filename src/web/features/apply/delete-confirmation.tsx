// The group overview's confirmation before a member is deleted. Its form posts the member's index
// (the page's own form without JavaScript); Cancel is a link back to the overview.
import { DELETE_FIELD, JOURNEY_BUTTONS } from '#shared/journey/page-forms.ts';
import { GROUP_EDIT_PATH } from '#shared/journey/paths.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { JourneyForm, journeyButton } from './journey-form.tsx';

export function DeleteConfirmation({
  index,
  name,
  onDelete,
  onCancel,
}: {
  /** The member's index in the group. */
  index: number;
  /** The member's name, as the question says it. */
  name: string;
  /** Deletes the member (`name`, for the notice that says whom it deleted). */
  onDelete: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="govuk-!-margin-bottom-6">
      <h2 className="govuk-heading-m" tabIndex={-1} ref={(heading) => heading?.focus()}>
        {t('apply.group.confirmDelete', { name })}
      </h2>
      <JourneyForm path={GROUP_EDIT_PATH}>
        <input type="hidden" name={DELETE_FIELD} value={index} />
        <div className="govuk-button-group">
          <Button
            text={t('apply.group.yesDelete')}
            classes="govuk-button--warning"
            {...journeyButton(JOURNEY_BUTTONS.deleteApplication, () => onDelete(name))}
          />
          <Button
            text={t('apply.group.cancel')}
            classes="govuk-button--secondary"
            href={GROUP_EDIT_PATH}
            onClick={(event) => {
              event.preventDefault();
              onCancel();
            }}
          />
        </div>
      </JourneyForm>
    </div>
  );
}
