// POST /api/public/newFromConcession (the payload per applicant): the
// request and response shapes, how the browser builds a payload from the answers, and how the
// server checks it again with the very rules the browser ran (architecture convention 2).
//
// Two layers of checks, on purpose:
// - the schema checks shape and size only (strict objects, bounded strings), so that nothing
//   unexpected or huge gets further;
// - validateApplicantPayload then runs the field rules of shared/validation on the values and
//   answers `{ field, rule }` with the answer keys (the form fields' names), which the browser can show.
import * as v from 'valibot';
import { toIsoDate } from '../dates/calendar.ts';
import { parseDateParts, partsFromIso, type DateParts } from '../dates/date-parts.ts';
import { parseIsoDate } from '../dates/format.ts';
import { findCountry } from '../countries/countries.ts';
import { findPlaceOfDeparture } from '../countries/places.ts';
import {
  answerField,
  answerKeysWhere,
  type PayloadKeyOf,
  type PayloadPart,
  type SentKey,
  type SentKeyOf,
} from '../domain/answer-fields.ts';
import { DATE_FIELDS, hasOneName, ONE_NAME, type ApplicantAnswers, type SponsorAnswers } from '../domain/answers.ts';
import {
  COUNTRY_OF_DEPARTURE,
  DECLARATION,
  GROUP_ID_PREFIX,
  MAX_GROUP_SIZE,
  PURPOSE_OF_STAY,
} from '../domain/fixed-values.ts';
import { compactPassportNumber } from '../domain/passport-number.ts';
import type { Receipt } from '../domain/receipt.ts';
import { asciiDigits } from '../text/ascii-digits.ts';
import { hasForbiddenCharacters } from '../validation/characters.ts';
import {
  checkField,
  checkNationalityEligibility,
  derivedLeaveDate,
  derivedStayLength,
  type AnswerField,
} from '../validation/checks.ts';
import type { FieldError } from '../validation/fields.ts';
import { listedWorkerName } from '../domain/worker-name.ts';

/** The path of the submission call. */
export const NEW_FROM_CONCESSION_PATH = '/api/public/newFromConcession';

/** The longest string the schema lets through; the field rules set the real, smaller limits. */
const MAX_PAYLOAD_TEXT = 500;

const text = v.pipe(v.string(), v.maxLength(MAX_PAYLOAD_TEXT));
// `YYYY-MM-DD`, or empty when the browser had no real day: the rules then answer `required` or
// `validDate` for the field rather than the schema refusing the whole request. Arabic-Indic,
// Extended Arabic-Indic and full-width digits are read as ASCII first, and stored so (decision 031).
const isoDate = v.pipe(v.string(), v.maxLength(40), v.transform(asciiDigits), v.regex(/^(\d{4}-\d{2}-\d{2})?$/));
// The passport number is letters and digits: its digits are stored in ASCII whatever keyboard typed
// them, and without the spaces of a number copied in groups as some passports print it.
const passportNumber = v.pipe(text, v.transform(compactPassportNumber));
const createdDate = v.pipe(v.string(), v.maxLength(40), v.isoTimestamp());
/** A submission's group id: the prefix and an upper-case UUID. */
export const GROUP_ID_PATTERN = /^CWC-[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/;

// The payload is the API's contract and the stored applications' shape, so it is written out
// here, its keys in the order the request's hash has always read them (services/submissions.ts).
// The compiler checks that it carries every answer the table of answers sends (answer-fields.ts);
// a key added for a new answer is `v.optional` when applications stored before it must still be read.
type Carries<P extends PayloadPart> = Readonly<Record<PayloadKeyOf<SentKeyOf<P>>, v.GenericSchema>> &
  Readonly<Record<string, v.GenericSchema>>;

/** The schema of one applicant of the request: strict objects (unknown keys refused), bounded strings. */
export const applicantPayloadSchema = v.strictObject({
  concessionForm: v.strictObject({
    passportNumber,
    passportIssueDate: isoDate,
    passportExpiryDate: isoDate,
    dateOfArrivalInUK: isoDate,
    methodOfArrivalIntoUK: text,
    carrier: text,
    flightNumber: text,
    nameOfUKPortOfArrival: text,
    certificateOfSponsorshipReferenceNumber: text,
    howLongDoYouPlanToStay: text,
    purposeOfStay: text,
    declaration: text,
    formGroupId: v.pipe(v.string(), v.regex(GROUP_ID_PATTERN)),
    sponsorName: text,
    sponsorshipReferenceNumber: text,
    sponsorEmailAddress: text,
    createdDate,
  } satisfies Carries<'concessionForm'>),
  secondaryDetails: v.strictObject({
    familyName: text,
    givenNames: text,
    dateOfBirth: isoDate,
    nationality: text,
    countryOfDeparture: text,
    airPortOfDeparture: text,
    firstWorkDate: isoDate,
    lastWorkDate: isoDate,
    lteToDate: isoDate,
    createdDate,
    /** The optional worker email (decision 006): absent when not given. */
    workerEmailAddress: v.optional(text),
    /** True when the passport shows only one name, sent as familyName with givenNames empty (decision 029); absent otherwise. */
    onlyOneName: v.optional(v.literal(true)),
  } satisfies Carries<'secondaryDetails'>),
});

/** One applicant as sent to the server. */
export type ApplicantPayload = v.InferOutput<typeof applicantPayloadSchema>;

/** The schema of the request body: 1 to 10 applicants, the group limit. */
export const newFromConcessionRequestSchema = v.pipe(
  v.array(applicantPayloadSchema),
  v.minLength(1),
  v.maxLength(MAX_GROUP_SIZE),
);

/** The request body of the submission call. */
export type NewFromConcessionRequest = v.InferOutput<typeof newFromConcessionRequestSchema>;

// Loose objects: the browser reads only what a receipt needs and must not break when the server says more.
/** The schema of one response item: the submitted applicant with its `applicantId`. */
export const responseItemSchema = v.looseObject({
  applicantId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  concessionForm: v.looseObject({
    formGroupId: v.string(),
    sponsorEmailAddress: v.string(),
    certificateOfSponsorshipReferenceNumber: v.string(),
  }),
  secondaryDetails: v.looseObject({
    familyName: v.string(),
    givenNames: v.string(),
  }),
});

/** One item of the response: what the browser reads of it. */
export type ResponseItem = v.InferOutput<typeof responseItemSchema>;

/** The schema of the response body: one item per applicant sent, in the same order. */
export const newFromConcessionResponseSchema = v.array(responseItemSchema);

/** The receipt the complete page shows for one response item. */
export function toReceipt(item: ResponseItem): Receipt {
  return {
    applicationReference: item.applicantId,
    groupRef: item.concessionForm.formGroupId,
    workerName: listedWorkerName(item.secondaryDetails.familyName, item.secondaryDetails.givenNames),
    sponsorEmail: item.concessionForm.sponsorEmailAddress,
    cosReference: item.concessionForm.certificateOfSponsorshipReferenceNumber,
  };
}

/** A new group id, "CWC-" and an uppercase UUID, for all the applicants sent together; pass `() => crypto.randomUUID()`. */
export function newFormGroupId(randomUuid: () => string): string {
  return `${GROUP_ID_PREFIX}${randomUuid().toUpperCase()}`;
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

function isoFromParts(parts: DateParts | undefined): string {
  const day = parseDateParts(parts);
  return day === null ? '' : toIsoDate(day);
}

/** The answers a payload carries, in the table's order (answer-fields.ts). */
const SENT_KEYS = answerKeysWhere<SentKey>((field) => field.payload !== undefined);

const payloadOf = (key: SentKey) => answerField(key).payload!;

/** The sent answers of one part of the payload as the table declares them: dates as YYYY-MM-DD, text trimmed. */
function sentPart(part: PayloadPart, answers: ApplicantAnswers): Record<string, string> {
  return Object.fromEntries(
    SENT_KEYS.filter((key) => payloadOf(key).part === part).map((key) => [
      payloadOf(key).key,
      DATE_FIELDS.has(key)
        ? isoFromParts(answers[key] as DateParts | undefined)
        : trimmed(answers[key] as string | undefined),
    ]),
  );
}

// Meant for answers that passed the validators: a date that is not a real day is sent empty,
// and the server then refuses it.
/** The payload of one applicant from the form's answers, with the fixed values and the derived stay length and leave date. */
export function buildApplicantPayload(
  answers: ApplicantAnswers,
  sponsor: SponsorAnswers,
  formGroupId: string,
  now: Date,
): ApplicantPayload {
  const createdDate = now.toISOString();
  const plane = trimmed(answers['method-of-arrival']) === 'plane';
  const leave = derivedLeaveDate(answers);
  const workerEmail = trimmed(answers['worker-email']);
  // The sponsor's answers are the group's, given once.
  const sent: ApplicantAnswers = {
    ...answers,
    'sponsor-email': sponsor['sponsor-email'],
    'sponsor-name': sponsor['sponsor-name'],
    'sponsor-reference': sponsor['sponsor-reference'],
  };
  // Every answer as the table declares it, then the answers sent another way and the values no page asks.
  const { onlyOneName: _one, workerEmailAddress: _email, ...details } = sentPart('secondaryDetails', sent);
  return {
    concessionForm: {
      ...(sentPart('concessionForm', sent) as Omit<ApplicantPayload['concessionForm'], 'formGroupId' | 'createdDate'>),
      passportNumber: compactPassportNumber(answers['passport-number'] ?? ''),
      // By road the flight inputs may still hold what was typed before the choice changed.
      carrier: plane ? trimmed(answers.carrier) : '',
      flightNumber: plane ? trimmed(answers['flight-number']) : '',
      howLongDoYouPlanToStay: derivedStayLength(answers) ?? '',
      purposeOfStay: PURPOSE_OF_STAY,
      declaration: DECLARATION,
      formGroupId,
      createdDate,
    },
    secondaryDetails: {
      ...(details as Omit<
        ApplicantPayload['secondaryDetails'],
        'countryOfDeparture' | 'lteToDate' | 'createdDate' | 'workerEmailAddress' | 'onlyOneName'
      >),
      // The list's own spelling ("FRA - French") whatever the case or spacing typed.
      nationality: findCountry(answers.nationality)?.nationality_prefixed ?? trimmed(answers.nationality),
      countryOfDeparture: COUNTRY_OF_DEPARTURE,
      // The list's own name ("Dublin Airport" for "dublin airport t2"), as for the nationality.
      airPortOfDeparture:
        findPlaceOfDeparture(answers['port-of-departure'] ?? '')?.name ?? trimmed(answers['port-of-departure']),
      lteToDate: leave === undefined ? '' : toIsoDate(leave),
      createdDate,
      ...(workerEmail === '' ? {} : { workerEmailAddress: workerEmail }),
      ...(hasOneName(answers) ? { onlyOneName: true as const } : {}),
    },
  };
}

/** The answers a payload stands for, keyed by the answer keys (sponsor answers included). */
export function answersFromPayload(applicant: ApplicantPayload): ApplicantAnswers {
  const answers: Record<string, string | DateParts> = {};
  for (const key of SENT_KEYS) {
    const { part, key: name } = payloadOf(key);
    const value = (applicant[part] as Readonly<Record<string, unknown>>)[name];
    answers[key] = DATE_FIELDS.has(key) ? partsFromIso(value as string) : typeof value === 'string' ? value : '';
  }
  answers['one-name'] = applicant.secondaryDetails.onlyOneName === true ? ONE_NAME : '';
  return answers as ApplicantAnswers;
}

// Every answer a payload carries, in the table's order; nationality gets the eligibility rule
// below instead of the page's (`what-would-you-like-to-do` is not sent).
const PAYLOAD_FIELDS: readonly AnswerField[] = SENT_KEYS.filter((key) => key !== 'nationality');

/** Checks a schema-valid applicant at `now` with the browser's rules, eligibility, fixed and derived values; empty when it may be stored. */
export function validateApplicantPayload(applicant: ApplicantPayload, now: Date): FieldError[] {
  const answers = answersFromPayload(applicant);
  const errors: FieldError[] = [];
  const nationality = checkNationalityEligibility(answers);
  if (nationality !== undefined) errors.push({ field: 'nationality', rule: nationality });
  for (const field of PAYLOAD_FIELDS) {
    const rule = checkField(field, answers, now);
    if (rule !== undefined) errors.push({ field, rule } as FieldError);
  }
  // By road no rule reads the flight answers (the page does not ask them), yet the payload
  // keeps them as sent and is stored: they must not carry what PostgreSQL or a reader refuses.
  for (const field of ['carrier', 'flight-number'] as const) {
    if (!errors.some((error) => error.field === field) && hasForbiddenCharacters(answers[field])) {
      errors.push({ field, rule: 'noControlCharacters' });
    }
  }
  if (applicant.secondaryDetails.countryOfDeparture !== COUNTRY_OF_DEPARTURE) {
    errors.push({ field: 'country-of-departure', rule: 'fixedValue' });
  }
  const lte = applicant.secondaryDetails.lteToDate;
  const leave = derivedLeaveDate(answers);
  if (lte === '') errors.push({ field: 'lte-leave-date', rule: 'required' });
  else if (parseIsoDate(lte) === null) errors.push({ field: 'lte-leave-date', rule: 'validDate' });
  else if (leave !== undefined && toIsoDate(leave) !== lte)
    errors.push({ field: 'lte-leave-date', rule: 'matchesDates' });
  return errors;
}

/** A failed rule of a submission: `index` is the applicant's position, absent for the group as a whole. */
export type SubmissionError = FieldError & { readonly index?: number };

/** Checks a schema-valid request at `now`: the group (size, one group id) and every applicant. Empty when it may be stored. */
export function validateSubmission(applicants: readonly ApplicantPayload[], now: Date): SubmissionError[] {
  const errors: SubmissionError[] = [];
  if (applicants.length > MAX_GROUP_SIZE) errors.push({ field: 'group', rule: 'maxApplications' });
  const differ = (value: (form: ApplicantPayload['concessionForm']) => string) =>
    new Set(applicants.map((applicant) => value(applicant.concessionForm))).size > 1;
  if (differ((form) => form.formGroupId)) errors.push({ field: 'group', rule: 'sameGroup' });
  // The sponsor answers come once per group; the group is stored under one sponsor.
  if (
    differ((form) =>
      [form.sponsorName, form.sponsorshipReferenceNumber, form.sponsorEmailAddress].map(trimmed).join('\n'),
    )
  ) {
    errors.push({ field: 'group', rule: 'sameSponsor' });
  }
  applicants.forEach((applicant, index) => {
    for (const error of validateApplicantPayload(applicant, now)) errors.push({ ...error, index });
  });
  return errors;
}

/** The error type of a 400 whose details name the answers the rules refused. */
export const SUBMISSION_VALIDATION_ERROR = 'ValidationError';

/** The body of a 400 refusal of the submission: each refused answer, and for which applicant (absent for the group). */
export const submissionRefusalSchema = v.object({
  error: v.literal(SUBMISSION_VALIDATION_ERROR),
  details: v.pipe(
    v.array(
      v.object({
        index: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
        field: v.pipe(v.string(), v.maxLength(100)),
        rule: v.pipe(v.string(), v.maxLength(100)),
      }),
    ),
    v.minLength(1),
    v.maxLength(500),
  ),
});

/** One answer the service refused, as the pages show it. */
export type RefusedAnswer = v.InferOutput<typeof submissionRefusalSchema>['details'][number];
