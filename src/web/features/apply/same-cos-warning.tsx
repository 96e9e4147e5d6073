// A warning, not an error, when a certificate of sponsorship number is given twice in a group
// (same-cos-reference.ts): a typing slip or a member added twice, which the sponsor may still
// send. Drawn from the answers, so the server's rendering without JavaScript shows it too.
import { membersSharingCosReference, membersWithCurrentCosReference } from '#shared/journey/same-cos-reference.ts';
import type { FormState } from '#shared/journey/form-state.ts';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Check your answers in a group: the current applicant's number is also another member's. */
export function SameCosWarning({ state, scope }: { state: FormState; scope: 'current' | 'group' }) {
  const { t, language } = useTranslation();
  const names = scope === 'current' ? membersWithCurrentCosReference(state) : membersSharingCosReference(state);
  if (names.length === 0) return null;
  const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(names);
  return (
    <WarningText
      text={
        scope === 'current'
          ? t('apply.checkAnswers.sameCosWarning', { names: list })
          : t('apply.group.sameCosWarning', { names: list })
      }
      iconFallbackText={t('apply.warning')}
      attributes={{ id: 'same-cos-warning' }}
    />
  );
}
