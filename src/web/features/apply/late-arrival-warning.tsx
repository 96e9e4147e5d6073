// The form's rules let an arrival "after now" through the form, but the automated check refuses an
// application made less than 72 hours (3 London days) before arrival, always. This warns of exactly
// what the check refuses, with the same shared function, wherever the date is confirmed or sent:
// the travel page, check your answers, the reuse of another member's travel details (reuse-page.tsx)
// and the group overview, each late member by name (decision 017).
import { parseDateParts, type DateParts } from '#shared/dates/date-parts.ts';
import { isLateForArrival } from '#shared/dates/rules.ts';
import { memberName } from '#shared/domain/answers.ts';
import { answersOf, type ApplicantSections } from '#shared/journey/form-state.ts';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** True when an application sent now for this arrival date would be refused as late. */
export function isLateArrival(arrival: DateParts | undefined, now = new Date()): boolean {
  const day = parseDateParts(arrival);
  return day !== null && isLateForArrival(day, now);
}

/** GOV.UK warning text for an arrival less than 72 hours away; nothing otherwise. */
export function LateArrivalWarning({ arrival }: { arrival: DateParts | undefined }) {
  const { t } = useTranslation();
  if (!isLateArrival(arrival)) return null;
  return (
    <WarningText
      text={t('apply.travel.lateWarning')}
      iconFallbackText={t('common.warning')}
      attributes={{ id: 'late-arrival-warning' }}
    />
  );
}

/** On the group overview the group is sent from: a GOV.UK warning for each member whose arrival is too near. */
export function LateMembersWarning({ group }: { group: readonly ApplicantSections[] }) {
  const { t } = useTranslation();
  const now = new Date();
  return group.map((member, index) => {
    const answers = answersOf(member);
    if (!isLateArrival(answers['date-of-arrival'], now)) return null;
    return (
      <WarningText
        key={index}
        text={t('apply.group.lateMember', { name: memberName(answers) })}
        iconFallbackText={t('apply.warning')}
        attributes={{ 'data-late-member': String(index) }}
      />
    );
  });
}
