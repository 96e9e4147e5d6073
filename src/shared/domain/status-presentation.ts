// How a status is shown, wherever it is shown: its word (a message key of the translations, so
// the status page, the emails and the console say the same) and the colour of its GOV.UK tag.
// The console is in English and reads the English word of the same key.
import type { ApplicationStatus } from './application-status.ts';

export interface StatusPresentation {
  /** The status's word on the status page and in the console (translations: status.statuses). */
  readonly word: `status.statuses.${ApplicationStatus}`;
  /** Its word in an email that states it (translations: email.values), when an email does. */
  readonly emailWord: `email.values.${ApplicationStatus}` | undefined;
  /** The govuk-tag modifier class of its tag. */
  readonly tag: `govuk-tag--${string}`;
}

export const STATUS_PRESENTATION = {
  'in-progress': { word: 'status.statuses.in-progress', emailWord: undefined, tag: 'govuk-tag--blue' },
  approved: { word: 'status.statuses.approved', emailWord: 'email.values.approved', tag: 'govuk-tag--green' },
  rejected: { word: 'status.statuses.rejected', emailWord: 'email.values.rejected', tag: 'govuk-tag--red' },
  withdrawn: { word: 'status.statuses.withdrawn', emailWord: 'email.values.withdrawn', tag: 'govuk-tag--grey' },
} as const satisfies Readonly<Record<ApplicationStatus, StatusPresentation>>;
