// The group overview's confirmation before a member is deleted (`?delete=<index>`). Its form posts
// the member's index; Cancel is a link back to the overview.
import { DELETE_FIELD, JOURNEY_BUTTONS } from '#shared/journey/page-forms.ts';
import { GROUP_EDIT_PATH } from '#shared/journey/paths.ts';
import { useSpaLinkHandler } from '../../page-kit/spa-link.ts';
import { Button } from '../../components/govuk/button/button.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { JourneyForm, journeyButton } from './journey-form.tsx';

export function DeleteConfirmation({
  index,
  name,
}: {
  /** The member's index in the group. */
  index: number;
  /** The member's name, as the question says it. */
  name: string;
}) {
  const { t } = useTranslation();
  const onSpaLink = useSpaLinkHandler();
  return (
    <div className="govuk-!-margin-bottom-6">
      <h2 className="govuk-heading-m" tabIndex={-1} data-focus-on-arrival="" ref={(heading) => heading?.focus()}>
        {t('apply.group.confirmDelete', { name })}
      </h2>
      <JourneyForm path={GROUP_EDIT_PATH}>
        <input type="hidden" name={DELETE_FIELD} value={index} />
        <div className="govuk-button-group">
          <Button
            text={t('apply.group.yesDelete')}
            classes="govuk-button--warning"
            {...journeyButton(JOURNEY_BUTTONS.deleteApplication)}
          />
          <Button
            text={t('apply.group.cancel')}
            classes="govuk-button--secondary"
            href={GROUP_EDIT_PATH}
            onClick={(event) => onSpaLink(event, GROUP_EDIT_PATH)}
          />
        </div>
      </JourneyForm>
    </div>
  );
}
