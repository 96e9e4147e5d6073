// One validator per form section of spec §3. A page submits its section; the validator returns
// `{ field: rule }` for the failing fields only (empty when the section passes). Validators get
// every answer of the applicant, because some rules compare fields of different sections.
import type { ApplicantAnswers } from '../domain/answers.ts';
import { MAX_GROUP_SIZE } from '../domain/fixed-values.ts';
import { checkField, type AnswerField } from './checks.ts';
import type { FieldErrors, RuleName } from './fields.ts';

/** The fields of each section of the current applicant (spec §3 "Form state"); `worker-email` is asked with the name (decision 006). */
export const SECTION_FIELDS = {
  sponsorContact: ['sponsor-email'],
  sponsorDetails: ['sponsor-name', 'sponsor-reference'],
  whatDo: ['what-would-you-like-to-do'],
  nationality: ['nationality'],
  passengerName: ['family-name', 'given-name', 'worker-email'],
  passengerDob: ['date-of-birth'],
  passport: ['passport-number', 'passport-issue-date', 'passport-expiry-date'],
  travel: ['port-of-departure', 'date-of-arrival', 'method-of-arrival', 'port-of-arrival', 'carrier', 'flight-number'],
  workDates: ['first-work-date', 'last-work-date'],
  cosReference: ['cos-reference'],
} as const satisfies Record<string, readonly AnswerField[]>;

/** A section of the current applicant. */
export type SectionName = keyof typeof SECTION_FIELDS;

/** The fields of one section. */
export type SectionField<S extends SectionName> = (typeof SECTION_FIELDS)[S][number];

/** What a section validator returns: the failed rule of each failing field of the section. */
export type SectionErrors<S extends SectionName> = FieldErrors<SectionField<S>>;

/** The section names, in the order of the journey's questions. */
export const SECTION_NAMES = Object.keys(SECTION_FIELDS) as SectionName[];

/** Validates one section of the applicant's answers at `now`. */
export function validateSection<S extends SectionName>(section: S, answers: ApplicantAnswers, now: Date): SectionErrors<S> {
  const errors: Partial<Record<AnswerField, string>> = {};
  for (const field of SECTION_FIELDS[section] as readonly AnswerField[]) {
    const rule = checkField(field, answers, now);
    if (rule !== undefined) errors[field] = rule;
  }
  return errors as SectionErrors<S>;
}

/** Validates the sponsor contact email (/your-contact-details). */
export const validateSponsorContact = (answers: ApplicantAnswers, now: Date) => validateSection('sponsorContact', answers, now);
/** Validates the sponsor name and licence number (/sponsor-details). */
export const validateSponsorDetails = (answers: ApplicantAnswers, now: Date) => validateSection('sponsorDetails', answers, now);
/** Validates the single or group choice (/what-would-you-like-to-do). */
export const validateWhatDo = (answers: ApplicantAnswers, now: Date) => validateSection('whatDo', answers, now);
/** Validates the nationality (/nationality); eligibility is the journey's routing, not an error. */
export const validateNationality = (answers: ApplicantAnswers, now: Date) => validateSection('nationality', answers, now);
/** Validates the worker's names and optional email (/passenger-name). */
export const validatePassengerName = (answers: ApplicantAnswers, now: Date) => validateSection('passengerName', answers, now);
/** Validates the date of birth (/passenger-date-of-birth). */
export const validatePassengerDob = (answers: ApplicantAnswers, now: Date) => validateSection('passengerDob', answers, now);
/** Validates the passport number, issue and expiry dates (/passport-details). */
export const validatePassport = (answers: ApplicantAnswers, now: Date) => validateSection('passport', answers, now);
/** Validates the travel details (/travel-details), the arrival date against the passport and the work dates. */
export const validateTravel = (answers: ApplicantAnswers, now: Date) => validateSection('travel', answers, now);
/** Validates the work dates (/work-dates) against now and the arrival date. */
export const validateWorkDates = (answers: ApplicantAnswers, now: Date) => validateSection('workDates', answers, now);
/** Validates the certificate of sponsorship number (/cos-reference). */
export const validateCosReference = (answers: ApplicantAnswers, now: Date) => validateSection('cosReference', answers, now);

/** Validates every section of an applicant: empty when the applicant can be sent (check your answers, group members). */
export function validateApplicant(answers: ApplicantAnswers, now: Date): FieldErrors<SectionField<SectionName>> {
  return Object.assign({}, ...SECTION_NAMES.map((section) => validateSection(section, answers, now))) as FieldErrors<SectionField<SectionName>>;
}

/** Validates the licence number typed on the status page before it is sent (the server answers the other two rules). */
export function validateSponsorLicenceNumber(value: string | undefined): FieldErrors<'sponsor-licence-number'> {
  return (value ?? '').trim() === '' ? { 'sponsor-licence-number': 'required' } : {};
}

/** Validates the number of applications about to be sent together (spec §5 "Group limit"). */
export function validateGroupSize(count: number): FieldErrors<'group'> {
  const rule: RuleName<'group'> | undefined = count > MAX_GROUP_SIZE ? 'maxApplications' : undefined;
  return rule === undefined ? {} : { group: rule };
}
