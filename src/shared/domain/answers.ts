// The answers of one applicant, keyed by the service's answer keys. These keys are also the
// `id` and `name` of the form fields, so one name follows a value from the page to the payload.
import type { DateParts } from '../dates/date-parts.ts';
import { answerKeysWhere, type AnswerKey, type AnswerValue } from './answer-fields.ts';

/** The choice on /what-would-you-like-to-do. */
export const WHAT_DO_OPTIONS = ['single-application', 'group-application'] as const;

/** How the temporary worker arrives in the UK. */
export const METHODS_OF_ARRIVAL = ['plane', 'road'] as const;
/** A value of `method-of-arrival`. */
export type MethodOfArrival = (typeof METHODS_OF_ARRIVAL)[number];

/** The value of `one-name` when the passport shows only one name (a checkbox: otherwise absent or empty). */
export const ONE_NAME = 'yes';

/** The stay-length options, shortest first. */
export const STAY_LENGTHS = ['under1Month', 'under3Months', 'over3Months'] as const;
/** A value of `stay-length` (`howLongDoYouPlanToStay` in the payload). */
export type StayLength = (typeof STAY_LENGTHS)[number];

/** The declaration values: PersonListed = sponsor acting for an organisation; OnBehalfOfOrganisation = sponsor independent. */
export const DECLARATIONS = ['PersonListed', 'OnBehalfOfOrganisation'] as const;
/** A value of `declaration`. */
export type Declaration = (typeof DECLARATIONS)[number];

/**
 * The answers of one applicant as the form holds them: text as typed, dates as their three inputs.
 * One key per answer of the table in answer-fields.ts (decision 048), where each is described.
 */
export type ApplicantAnswers = { readonly [K in AnswerKey]?: AnswerValue<K, DateParts> };

/** The answers about the sponsor, given once and shared by every member of a group. */
export type SponsorAnswers = Pick<ApplicantAnswers, 'sponsor-email' | 'sponsor-name' | 'sponsor-reference'>;

/** The answers given with three date inputs (`<field>-day`, `-month`, `-year`). */
export const DATE_FIELDS: ReadonlySet<string> = new Set(answerKeysWhere((field) => field.kind === 'date'));

/** "Given Family", as the group pages (and the server, telling whom it deleted) name a member. */
export function memberName(answers: ApplicantAnswers): string {
  return `${answers['given-name'] ?? ''} ${answers['family-name'] ?? ''}`.trim();
}

/** True when the answers say the passport shows only one name (decision 029). */
export function hasOneName(answers: ApplicantAnswers): boolean {
  return (answers['one-name'] ?? '').trim() === ONE_NAME;
}
