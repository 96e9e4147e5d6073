// The page for a new status link without the email (/get-status-link): one rule for the page,
// before it sends, and for the server, before it looks anything up. Kept apart from sections.ts so
// the page loads it without every answer's checks.
import { parseApplicationReference } from '../domain/application-reference.ts';
import type { FieldErrors } from './fields.ts';
import { validateSponsorLicenceNumber } from './licence-number.ts';

/** What the form for a new status link holds, as typed. */
export interface StatusLinkRecoveryAnswers {
  readonly 'application-reference': string;
  readonly 'sponsor-licence-number': string;
}

/** What the page shows: the question (with the errors of the answers it refused), or that the link is on its way if they matched. */
export type StatusLinkRecoveryView =
  | {
      readonly kind: 'ask';
      readonly answers: StatusLinkRecoveryAnswers;
      readonly errors: FieldErrors<(typeof STATUS_LINK_RECOVERY_FIELDS)[number]>;
    }
  | { readonly kind: 'sent' };

/** The fields of the form, in the order the page shows them. */
export const STATUS_LINK_RECOVERY_FIELDS = ['application-reference', 'sponsor-licence-number'] as const;

/** The first rule each field fails; empty when the service can look the reference up. */
export function validateStatusLinkRecovery(
  answers: StatusLinkRecoveryAnswers,
): FieldErrors<(typeof STATUS_LINK_RECOVERY_FIELDS)[number]> {
  const errors: FieldErrors<(typeof STATUS_LINK_RECOVERY_FIELDS)[number]> = {};
  const reference = answers['application-reference'];
  if (reference.trim() === '') errors['application-reference'] = 'required';
  // Any reference of the submission will do, typed however the references are read (decision 013):
  // only one whose check character fails is refused, before any lookup.
  else if (parseApplicationReference(reference) === undefined) errors['application-reference'] = 'format';
  return { ...errors, ...validateSponsorLicenceNumber(answers['sponsor-licence-number']) };
}
