// Warnings, not errors, when a certificate of sponsorship number is given twice: within a group
// (from the answers) or in another application in progress or approved (from what the server
// found). Either may be a typing slip or a worker entered twice, which the sponsor may still
// send (same-cos-reference.ts). The server's rendering without JavaScript shows them too.
import {
  currentCosReferenceInUse,
  membersSharingCosReference,
  membersWithCosReferenceInUse,
  membersWithCurrentCosReference,
} from '#shared/journey/same-cos-reference.ts';
import type { FormState } from '#shared/journey/form-state.ts';
import { WarningText } from '../../components/govuk/warning-text/warning-text.tsx';
import { slottedList, withIsolated } from '../../i18n/isolated-values.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useCosReferencesInUse } from './use-cos-references-in-use.ts';

/** Check your answers (`current`) or the group overview (`group`). */
type Scope = 'current' | 'group';

/** In a group: the current applicant's number is also another member's, or members share one. */
export function SameCosWarning({ state, scope }: { state: FormState; scope: Scope }) {
  const { t, language } = useTranslation();
  const names = scope === 'current' ? membersWithCurrentCosReference(state) : membersSharingCosReference(state);
  if (names.length === 0) return null;
  const list = slottedList(language, names);
  return (
    <WarningText
      html={withIsolated(
        scope === 'current'
          ? t('apply.checkAnswers.sameCosWarning', { names: list })
          : t('apply.group.sameCosWarning', { names: list }),
        names,
      )}
      iconFallbackText={t('common.warning')}
      attributes={{ id: 'same-cos-warning' }}
    />
  );
}

/** The current applicant's number, or some members' numbers, already given in another application. */
export function CosInUseWarning({ state, scope }: { state: FormState; scope: Scope }) {
  const { t, language } = useTranslation();
  const inUse = useCosReferencesInUse(state);
  const names = scope === 'group' ? membersWithCosReferenceInUse(state, inUse) : [];
  if (scope === 'current' ? !currentCosReferenceInUse(state, inUse) : names.length === 0) return null;
  return (
    <WarningText
      html={
        scope === 'current'
          ? t('apply.checkAnswers.cosInUseWarning')
          : withIsolated(
              t('apply.group.cosInUseWarning', { count: names.length, names: slottedList(language, names) }),
              names,
            )
      }
      iconFallbackText={t('common.warning')}
      attributes={{ id: 'cos-in-use-warning' }}
    />
  );
}
