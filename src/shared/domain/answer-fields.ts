// Every answer of an applicant, declared once (decision 048): the section (the page) that asks
// for it, its kind, its rules with their messages, its longest value, its label and hint, its row
// on check your answers, its key in the submission's payload and its label on the pre-clearance
// document. The answer type, the sections, the rules, the payload mapping, the check-your-answers
// rows, the console's rows and the document's labels are derived from this table, so an answer
// left out of one of them is not possible, and one declared here is used by all of them.
//
// Everything named here is a contract: the keys are the form fields' `id` and `name` and the
// stored form state's; the rule names are stored, sent to analytics and returned by the server;
// the payload keys are the API's and the stored applications'. Renaming one breaks them.
//
// The order of the table is the order the rules are checked in: a section's fields report in it,
// a submission's refusals too, and the sections of the journey follow their first field's place.
// Check your answers has an order of its own (`checkAnswers.row`): it follows the pages.
//
// Rules: each field's rule names in the order they are checked (a field reports the first it
// fails), each with its message's i18n key `validation.<field>.<rule>`, written out in full so a
// search finds it and the translation test sees it used. Names say what the rule requires
// (`beforeToday`: the date must be before today). `noControlCharacters` (characters.ts) guards
// every free-text answer; `noWebAddress` (web-address.ts) guards the names, which the emails
// carry (decision 044). A field whose rules are only the standard ones of its kind (text:
// required, noControlCharacters, maxLength; date: required, validDate) needs no code of its own:
// validation/checks.ts runs them; any other rule is a check written there, and the compiler asks
// for it.

/** How an answer is given and kept: typed text, a date of three inputs (`<field>-day`, `-month`, `-year`), or a choice of options. */
export type AnswerKind = 'text' | 'date' | 'choice';

/** The parts of check your answers (and of the console's answers), in the order they are shown; `application` is the single-or-group choice, shown with the sponsor's answers of a single application only. */
export const ANSWER_PARTS = ['sponsor', 'application', 'worker', 'passport', 'travel', 'work'] as const;
/** A part of check your answers. */
export type AnswerPart = (typeof ANSWER_PARTS)[number];

/** The two objects of an applicant's payload (POST /api/public/newFromConcession). */
export type PayloadPart = 'concessionForm' | 'secondaryDetails';

interface AnswerFieldBase {
  readonly kind: AnswerKind;
  /** Each rule, in the order checked, and its message's i18n key. */
  readonly rules: Readonly<Record<string, string>>;
  /** The longest value in characters, after trimming: with a `maxLength` rule (whose message states the same number). */
  readonly maxLength?: number;
  /** Where the payload carries the answer; absent for an answer that is not sent. */
  readonly payload?: { readonly part: PayloadPart; readonly key: string };
  /** The i18n key of the answer's label on the pre-clearance document, when the document shows it as a row of its own. */
  readonly document?: string;
}

/** An answer a page asks for: it has a section, a label, and a row on check your answers. */
interface AskedAnswer extends AnswerFieldBase {
  /** The section of the form state, answered by one page. */
  readonly section: string;
  /** The i18n key of the field's label or legend, which check your answers and the console show too. */
  readonly label: string;
  /** The i18n key of the hint under the field, where it has one. */
  readonly hint?: string;
  /** Where check your answers shows the answer: its part, and its row in the part (from 1). */
  readonly checkAnswers: { readonly part: AnswerPart; readonly row: number };
}

/** A value no page asks for (derived or fixed), checked on submitted payloads. */
interface UnaskedAnswer extends AnswerFieldBase {
  readonly section?: never;
  readonly label?: never;
  readonly hint?: never;
  readonly checkAnswers?: never;
}

/** The declaration of one answer. */
export type AnswerFieldSpec = AskedAnswer | UnaskedAnswer;

/** Every answer of an applicant, keyed by its answer key, in the order the rules are checked. */
export const ANSWER_FIELDS = {
  'sponsor-email': {
    section: 'sponsorContact',
    kind: 'text',
    rules: {
      required: 'validation.sponsor-email.required',
      noControlCharacters: 'validation.sponsor-email.noControlCharacters',
      validEmail: 'validation.sponsor-email.validEmail',
    },
    label: 'apply.fields.sponsor-email',
    hint: 'apply.hints.sponsor-email',
    checkAnswers: { part: 'sponsor', row: 1 },
    payload: { part: 'concessionForm', key: 'sponsorEmailAddress' },
  },
  'sponsor-name': {
    section: 'sponsorDetails',
    kind: 'text',
    rules: {
      required: 'validation.sponsor-name.required',
      noControlCharacters: 'validation.sponsor-name.noControlCharacters',
      maxLength: 'validation.sponsor-name.maxLength',
      noWebAddress: 'validation.sponsor-name.noWebAddress',
    },
    maxLength: 160,
    label: 'apply.fields.sponsor-name',
    checkAnswers: { part: 'sponsor', row: 2 },
    payload: { part: 'concessionForm', key: 'sponsorName' },
    document: 'document.labels.sponsor',
  },
  'sponsor-reference': {
    section: 'sponsorDetails',
    kind: 'text',
    rules: {
      required: 'validation.sponsor-reference.required',
      noControlCharacters: 'validation.sponsor-reference.noControlCharacters',
      maxLength: 'validation.sponsor-reference.maxLength',
    },
    maxLength: 50,
    label: 'apply.fields.sponsor-reference',
    hint: 'apply.hints.sponsor-reference',
    checkAnswers: { part: 'sponsor', row: 3 },
    payload: { part: 'concessionForm', key: 'sponsorshipReferenceNumber' },
    document: 'document.labels.sponsorLicence',
  },
  // Not sent: it decides only whether the journey asks for more applicants.
  'what-would-you-like-to-do': {
    section: 'whatDo',
    kind: 'choice',
    rules: {
      required: 'validation.what-would-you-like-to-do.required',
      validOption: 'validation.what-would-you-like-to-do.validOption',
    },
    label: 'apply.fields.what-would-you-like-to-do',
    checkAnswers: { part: 'application', row: 1 },
  },
  // `eligible` is checked on submitted payloads only: on the page an ineligible nationality
  // leads to the /ineligible page rather than to an error message.
  nationality: {
    section: 'nationality',
    kind: 'text',
    rules: {
      required: 'validation.nationality.required',
      noControlCharacters: 'validation.nationality.noControlCharacters',
      eligible: 'validation.nationality.eligible',
    },
    label: 'apply.fields.nationality',
    hint: 'apply.hints.nationality',
    checkAnswers: { part: 'worker', row: 6 },
    payload: { part: 'secondaryDetails', key: 'nationality' },
    document: 'document.labels.nationality',
  },
  // `hasLetter`: a name of punctuation only ("-", ".") stands for no name at all (decision 029).
  // `latinLetters` (latin-letters.ts): the passport prints the names in Latin letters, and the officer matches them.
  'family-name': {
    section: 'passengerName',
    kind: 'text',
    rules: {
      required: 'validation.family-name.required',
      noControlCharacters: 'validation.family-name.noControlCharacters',
      maxLength: 'validation.family-name.maxLength',
      noWebAddress: 'validation.family-name.noWebAddress',
      hasLetter: 'validation.family-name.hasLetter',
      latinLetters: 'validation.family-name.latinLetters',
    },
    maxLength: 100,
    label: 'apply.fields.family-name',
    checkAnswers: { part: 'worker', row: 1 },
    payload: { part: 'secondaryDetails', key: 'familyName' },
    document: 'document.labels.familyName',
  },
  // `emptyWithOneName`: none are given when the passport shows only one name (`one-name`, decision 029).
  'given-name': {
    section: 'passengerName',
    kind: 'text',
    rules: {
      required: 'validation.given-name.required',
      noControlCharacters: 'validation.given-name.noControlCharacters',
      maxLength: 'validation.given-name.maxLength',
      noWebAddress: 'validation.given-name.noWebAddress',
      hasLetter: 'validation.given-name.hasLetter',
      latinLetters: 'validation.given-name.latinLetters',
      emptyWithOneName: 'validation.given-name.emptyWithOneName',
    },
    maxLength: 100,
    label: 'apply.fields.given-name',
    hint: 'apply.hints.given-name',
    checkAnswers: { part: 'worker', row: 2 },
    payload: { part: 'secondaryDetails', key: 'givenNames' },
    document: 'document.labels.givenNames',
  },
  // `yes` (ONE_NAME) when the passport shows only one name, held as the family name; no given
  // names then (decision 029). A checkbox: otherwise absent or empty. Check your answers shows it
  // as the given names' value, not as a row of its own; the payload carries `onlyOneName: true`.
  'one-name': {
    section: 'passengerName',
    kind: 'choice',
    rules: { validOption: 'validation.one-name.validOption' },
    label: 'apply.fields.one-name',
    hint: 'apply.hints.one-name',
    checkAnswers: { part: 'worker', row: 3 },
    payload: { part: 'secondaryDetails', key: 'onlyOneName' },
  },
  // Optional; asked with the worker's name (decision 006). Absent from the payload when not given.
  'worker-email': {
    section: 'passengerName',
    kind: 'text',
    rules: {
      noControlCharacters: 'validation.worker-email.noControlCharacters',
      validEmail: 'validation.worker-email.validEmail',
    },
    label: 'apply.fields.worker-email',
    hint: 'apply.hints.worker-email',
    checkAnswers: { part: 'worker', row: 4 },
    payload: { part: 'secondaryDetails', key: 'workerEmailAddress' },
  },
  'date-of-birth': {
    section: 'passengerDob',
    kind: 'date',
    rules: {
      required: 'validation.date-of-birth.required',
      validDate: 'validation.date-of-birth.validDate',
      beforeToday: 'validation.date-of-birth.beforeToday',
    },
    label: 'apply.fields.date-of-birth',
    checkAnswers: { part: 'worker', row: 5 },
    payload: { part: 'secondaryDetails', key: 'dateOfBirth' },
    document: 'document.labels.dateOfBirth',
  },
  // The passport number's own `characters` rule refuses anything but letters and digits.
  'passport-number': {
    section: 'passport',
    kind: 'text',
    rules: {
      required: 'validation.passport-number.required',
      length: 'validation.passport-number.length',
      characters: 'validation.passport-number.characters',
    },
    label: 'apply.fields.passport-number',
    hint: 'apply.hints.passport-number',
    checkAnswers: { part: 'passport', row: 1 },
    payload: { part: 'concessionForm', key: 'passportNumber' },
    document: 'document.labels.passportNumber',
  },
  'passport-issue-date': {
    section: 'passport',
    kind: 'date',
    rules: {
      required: 'validation.passport-issue-date.required',
      validDate: 'validation.passport-issue-date.validDate',
      notInFuture: 'validation.passport-issue-date.notInFuture',
    },
    label: 'apply.fields.passport-issue-date',
    checkAnswers: { part: 'passport', row: 2 },
    payload: { part: 'concessionForm', key: 'passportIssueDate' },
  },
  'passport-expiry-date': {
    section: 'passport',
    kind: 'date',
    rules: {
      required: 'validation.passport-expiry-date.required',
      validDate: 'validation.passport-expiry-date.validDate',
      afterToday: 'validation.passport-expiry-date.afterToday',
    },
    label: 'apply.fields.passport-expiry-date',
    checkAnswers: { part: 'passport', row: 3 },
    payload: { part: 'concessionForm', key: 'passportExpiryDate' },
    document: 'document.labels.passportExpiry',
  },
  // `listedPlace`: a place of the shared list, the rule the page and the server share (decision 007).
  'port-of-departure': {
    section: 'travel',
    kind: 'text',
    rules: {
      required: 'validation.port-of-departure.required',
      noControlCharacters: 'validation.port-of-departure.noControlCharacters',
      maxLength: 'validation.port-of-departure.maxLength',
      listedPlace: 'validation.port-of-departure.listedPlace',
    },
    maxLength: 100,
    label: 'apply.fields.port-of-departure',
    hint: 'apply.hints.port-of-departure',
    checkAnswers: { part: 'travel', row: 1 },
    payload: { part: 'secondaryDetails', key: 'airPortOfDeparture' },
    document: 'document.labels.placeOfDeparture',
  },
  'date-of-arrival': {
    section: 'travel',
    kind: 'date',
    rules: {
      required: 'validation.date-of-arrival.required',
      validDate: 'validation.date-of-arrival.validDate',
      notInPast: 'validation.date-of-arrival.notInPast',
      notAfterPassportExpiry: 'validation.date-of-arrival.notAfterPassportExpiry',
      compatibleWithWork: 'validation.date-of-arrival.compatibleWithWork',
    },
    label: 'apply.fields.date-of-arrival',
    checkAnswers: { part: 'travel', row: 2 },
    payload: { part: 'concessionForm', key: 'dateOfArrivalInUK' },
    document: 'document.labels.arrivalDate',
  },
  'method-of-arrival': {
    section: 'travel',
    kind: 'choice',
    rules: {
      required: 'validation.method-of-arrival.required',
      validOption: 'validation.method-of-arrival.validOption',
    },
    label: 'apply.fields.method-of-arrival',
    checkAnswers: { part: 'travel', row: 3 },
    payload: { part: 'concessionForm', key: 'methodOfArrivalIntoUK' },
    document: 'document.labels.methodOfArrival',
  },
  // The travel page asks for the flight (when by plane) before the port of arrival; check your
  // answers follows the page.
  'port-of-arrival': {
    section: 'travel',
    kind: 'text',
    rules: {
      required: 'validation.port-of-arrival.required',
      noControlCharacters: 'validation.port-of-arrival.noControlCharacters',
      maxLength: 'validation.port-of-arrival.maxLength',
    },
    maxLength: 100,
    label: 'apply.fields.port-of-arrival',
    hint: 'apply.hints.port-of-arrival',
    checkAnswers: { part: 'travel', row: 6 },
    payload: { part: 'concessionForm', key: 'nameOfUKPortOfArrival' },
    document: 'document.labels.placeOfArrival',
  },
  // Flights only (checks.ts): by road there is no operator or flight number. The document shows
  // both on one row, `document.labels.flight`.
  carrier: {
    section: 'travel',
    kind: 'text',
    rules: {
      required: 'validation.carrier.required',
      noControlCharacters: 'validation.carrier.noControlCharacters',
      maxLength: 'validation.carrier.maxLength',
    },
    maxLength: 100,
    label: 'apply.fields.carrier',
    hint: 'apply.hints.carrier',
    checkAnswers: { part: 'travel', row: 4 },
    payload: { part: 'concessionForm', key: 'carrier' },
  },
  'flight-number': {
    section: 'travel',
    kind: 'text',
    rules: {
      required: 'validation.flight-number.required',
      noControlCharacters: 'validation.flight-number.noControlCharacters',
      maxLength: 'validation.flight-number.maxLength',
    },
    maxLength: 20,
    label: 'apply.fields.flight-number',
    hint: 'apply.hints.flight-number',
    checkAnswers: { part: 'travel', row: 5 },
    payload: { part: 'concessionForm', key: 'flightNumber' },
  },
  // The document shows the work dates on one row, `document.labels.workDates`.
  'first-work-date': {
    section: 'workDates',
    kind: 'date',
    rules: {
      required: 'validation.first-work-date.required',
      validDate: 'validation.first-work-date.validDate',
      atLeast72Hours: 'validation.first-work-date.atLeast72Hours',
      within14Days: 'validation.first-work-date.within14Days',
    },
    label: 'apply.fields.first-work-date',
    checkAnswers: { part: 'work', row: 1 },
    payload: { part: 'secondaryDetails', key: 'firstWorkDate' },
  },
  'last-work-date': {
    section: 'workDates',
    kind: 'date',
    rules: {
      required: 'validation.last-work-date.required',
      validDate: 'validation.last-work-date.validDate',
      atLeast72Hours: 'validation.last-work-date.atLeast72Hours',
      notBeforeStart: 'validation.last-work-date.notBeforeStart',
      within3Months: 'validation.last-work-date.within3Months',
    },
    label: 'apply.fields.last-work-date',
    checkAnswers: { part: 'work', row: 2 },
    payload: { part: 'secondaryDetails', key: 'lastWorkDate' },
  },
  'cos-reference': {
    section: 'cosReference',
    kind: 'text',
    rules: {
      required: 'validation.cos-reference.required',
      noControlCharacters: 'validation.cos-reference.noControlCharacters',
      maxLength: 'validation.cos-reference.maxLength',
    },
    maxLength: 50,
    label: 'apply.fields.cos-reference',
    hint: 'apply.hints.cos-reference',
    checkAnswers: { part: 'worker', row: 7 },
    payload: { part: 'concessionForm', key: 'certificateOfSponsorshipReferenceNumber' },
    document: 'document.labels.cosNumber',
  },
  // Not asked: derived from the dates (decision 006); present when answers are read back from a payload.
  'stay-length': {
    kind: 'choice',
    rules: {
      required: 'validation.stay-length.required',
      validOption: 'validation.stay-length.validOption',
      matchesDates: 'validation.stay-length.matchesDates',
    },
    payload: { part: 'concessionForm', key: 'howLongDoYouPlanToStay' },
  },
  // Not asked: a fixed value, the same in every submission; present when answers are read back from a payload.
  'purpose-of-stay': {
    kind: 'choice',
    rules: {
      required: 'validation.purpose-of-stay.required',
      fixedValue: 'validation.purpose-of-stay.fixedValue',
    },
    payload: { part: 'concessionForm', key: 'purposeOfStay' },
  },
  // Not asked: a fixed value, the same in every submission; present when answers are read back from a payload.
  declaration: {
    kind: 'choice',
    rules: {
      required: 'validation.declaration.required',
      validOption: 'validation.declaration.validOption',
      fixedValue: 'validation.declaration.fixedValue',
    },
    payload: { part: 'concessionForm', key: 'declaration' },
  },
} as const satisfies Readonly<Record<string, AnswerFieldSpec>>;

type Fields = typeof ANSWER_FIELDS;

/** An answer key: the form field's `id` and `name`, and the key of the stored answers. */
export type AnswerKey = keyof Fields;

/** The rule names of one answer, in the order checked. */
export type AnswerRule<K extends AnswerKey> = keyof Fields[K]['rules'] & string;

/** The rules of one answer in the order they are checked, with their message keys. */
export type AnswerRules<K extends AnswerKey> = Fields[K]['rules'];

/** The value of an answer as the form holds it: text as typed, a date as its three inputs. */
export type AnswerValue<K extends AnswerKey, DateValue> = Fields[K]['kind'] extends 'date' ? DateValue : string;

/** The answers asked on a page: those with a section. */
export type SectionedKey = { [K in AnswerKey]: Fields[K] extends { readonly section: string } ? K : never }[AnswerKey];

/** A section of the form state: the answers one page asks for. */
export type AnswerSection = Fields[SectionedKey]['section'];

/** The answers of one section. */
export type KeyOfSection<S extends AnswerSection> = {
  [K in SectionedKey]: Fields[K]['section'] extends S ? K : never;
}[SectionedKey];

/** The answers with a longest value. */
export type LimitedKey = { [K in AnswerKey]: Fields[K] extends { readonly maxLength: number } ? K : never }[AnswerKey];

/** The answers a page asks for and check your answers shows: those with a label. */
export type LabelledKey = { [K in AnswerKey]: Fields[K] extends { readonly label: string } ? K : never }[AnswerKey];

/** The answers a payload carries. */
export type SentKey = { [K in AnswerKey]: Fields[K] extends { readonly payload: object } ? K : never }[AnswerKey];

/** The answers the document shows as rows of their own. */
export type DocumentedKey = {
  [K in AnswerKey]: Fields[K] extends { readonly document: string } ? K : never;
}[AnswerKey];

/** The payload key of an answer the payload carries. */
export type PayloadKeyOf<K extends SentKey> = Fields[K]['payload']['key'];

/** The answers a payload part carries. */
export type SentKeyOf<P extends PayloadPart> = {
  [K in SentKey]: Fields[K]['payload']['part'] extends P ? K : never;
}[SentKey];

const entries = Object.entries(ANSWER_FIELDS) as Array<[AnswerKey, AnswerFieldSpec]>;

/** The answer keys, in the order the rules are checked. */
export const ANSWER_KEYS: readonly AnswerKey[] = entries.map(([key]) => key);

/** The declaration of one answer. */
export function answerField(key: AnswerKey): AnswerFieldSpec {
  return ANSWER_FIELDS[key];
}

/** The keys of the answers whose declaration passes `test`, in the table's order. */
export function answerKeysWhere<K extends AnswerKey = AnswerKey>(test: (field: AnswerFieldSpec) => boolean): K[] {
  return entries.filter(([, field]) => test(field)).map(([key]) => key as K);
}

/** The keys a check-your-answers part shows, in its rows' order. */
export function keysOfPart(part: AnswerPart): LabelledKey[] {
  return entries
    .filter(([, field]) => field.checkAnswers?.part === part)
    .sort(([, a], [, b]) => a.checkAnswers!.row - b.checkAnswers!.row)
    .map(([key]) => key as LabelledKey);
}

/** The kind of one answer. */
export type AnswerKindOf<K extends AnswerKey> = Fields[K]['kind'];

/** The i18n key of an answer's label on the pre-clearance document. */
export function documentLabel(key: DocumentedKey): string {
  return ANSWER_FIELDS[key].document;
}
