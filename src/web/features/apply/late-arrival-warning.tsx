// The form's rules let an arrival "after now" through the form, but the automated check refuses an
// application made less than 72 hours (3 London days) before arrival. This warns of exactly what
// the check refuses, with the same shared function, before anything is sent (decision 017).
import { parseDateParts, type DateParts } from '#shared/dates/date-parts.ts';
import { isLateForArrival } from '#shared/dates/rules.ts';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** True when an application sent now for this arrival date would be refused as late. */
function isLateArrival(arrival: DateParts | undefined, now = new Date()): boolean {
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
