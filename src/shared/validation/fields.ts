// Every field a validator can report on, and the names of its rules in the order they are
// checked: a field reports the first rule it fails. Rule names are stable: they are stored in
// the form state, sent to analytics and returned by the server, and each has a
// message `validation.<field>.<rule>` (messages.ts). Names say what the rule requires
// (`beforeToday`: the date must be before today), except the two status refusals `doesNotMatch` and `tooManyRequests`.
// `noControlCharacters` (characters.ts) guards every free-text answer; the passport number's own
// `characters` rule already refuses anything but letters and digits. `noWebAddress`
// (web-address.ts) guards the names, which the emails carry (decision 044).

/** The rules of each field, in the order they are checked. */
export const FIELD_RULES = {
  'sponsor-email': ['required', 'noControlCharacters', 'validEmail'],
  'sponsor-name': ['required', 'noControlCharacters', 'maxLength', 'noWebAddress'],
  'sponsor-reference': ['required', 'noControlCharacters', 'maxLength'],
  'what-would-you-like-to-do': ['required', 'validOption'],
  // `eligible` is checked on submitted payloads only: on the page an ineligible nationality
  // leads to the /ineligible page rather than to an error message.
  nationality: ['required', 'noControlCharacters', 'eligible'],
  // `hasLetter`: a name of punctuation only ("-", ".") stands for no name at all (decision 029).
  // `latinLetters` (latin-letters.ts): the passport prints the names in Latin letters, and the officer matches them.
  'family-name': ['required', 'noControlCharacters', 'maxLength', 'noWebAddress', 'hasLetter', 'latinLetters'],
  // `emptyWithOneName`: none are given when the passport shows only one name (`one-name`, decision 029).
  'given-name': [
    'required',
    'noControlCharacters',
    'maxLength',
    'noWebAddress',
    'hasLetter',
    'latinLetters',
    'emptyWithOneName',
  ],
  'one-name': ['validOption'],
  'worker-email': ['noControlCharacters', 'validEmail'],
  'date-of-birth': ['required', 'validDate', 'beforeToday'],
  'passport-number': ['required', 'length', 'characters'],
  'passport-issue-date': ['required', 'validDate', 'notInFuture'],
  'passport-expiry-date': ['required', 'validDate', 'afterToday'],
  // `listedPlace`: a place of the shared list, the rule the page and the server share (decision 007).
  'port-of-departure': ['required', 'noControlCharacters', 'maxLength', 'listedPlace'],
  'date-of-arrival': ['required', 'validDate', 'notInPast', 'notAfterPassportExpiry', 'compatibleWithWork'],
  'method-of-arrival': ['required', 'validOption'],
  'port-of-arrival': ['required', 'noControlCharacters', 'maxLength'],
  carrier: ['required', 'noControlCharacters', 'maxLength'],
  'flight-number': ['required', 'noControlCharacters', 'maxLength'],
  'first-work-date': ['required', 'validDate', 'atLeast72Hours', 'within14Days'],
  'last-work-date': ['required', 'validDate', 'atLeast72Hours', 'notBeforeStart', 'within3Months'],
  'cos-reference': ['required', 'noControlCharacters', 'maxLength'],
  // Not asked on a page: derived or fixed values, checked on submitted payloads.
  'stay-length': ['required', 'validOption', 'matchesDates'],
  'purpose-of-stay': ['required', 'fixedValue'],
  declaration: ['required', 'validOption', 'fixedValue'],
  'country-of-departure': ['fixedValue'],
  'lte-leave-date': ['required', 'validDate', 'matchesDates'],
  // The status page: `doesNotMatch` and `tooManyRequests` are the server's answers.
  'sponsor-licence-number': ['required', 'doesNotMatch', 'tooManyRequests'],
  // The page for a new status link without the email: `format` is a reference that
  // parseApplicationReference cannot read (a character missing, a typo its check character catches).
  'application-reference': ['required', 'format'],
  // The check page of pre-clearance documents: `validCode` is a code whose check character holds.
  'check-code': ['required', 'validCode'],
  // The feedback page (decision 028): a rating, and a comment of several lines.
  'feedback-rating': ['required'],
  'feedback-comment': ['noControlCharacters', 'maxLength'],
  // The reuse pages of a group member (a set chosen, or none).
  'reuse-travel-details': ['required'],
  'reuse-work-dates': ['required'],
  // A submission as a whole.
  group: ['maxApplications', 'sameGroup', 'sameSponsor'],
} as const;

/** A field a validator can report on: an answer key, or `country-of-departure` / `group` for whole submissions. */
export type ValidatedField = keyof typeof FIELD_RULES;

/** The rule names of one field. */
export type RuleName<F extends ValidatedField = ValidatedField> = (typeof FIELD_RULES)[F][number];

/** The failed rule of each failing field; fields that pass are absent. */
export type FieldErrors<F extends ValidatedField = ValidatedField> = { [K in F]?: RuleName<K> };

/** One failed rule, as a list item (the server's answer, analytics events). */
export type FieldError = { [F in ValidatedField]: { readonly field: F; readonly rule: RuleName<F> } }[ValidatedField];

/** The longest value (in characters, after trimming) of each free-text field; the messages state the same numbers. */
export const MAX_LENGTHS = {
  'sponsor-name': 160,
  'sponsor-reference': 50,
  'family-name': 100,
  'given-name': 100,
  'port-of-departure': 100,
  'port-of-arrival': 100,
  carrier: 100,
  'flight-number': 20,
  'cos-reference': 50,
} as const satisfies Partial<Record<ValidatedField, number>>;

/** True when the text names a field a validator can report on. */
export function isValidatedField(field: string): field is ValidatedField {
  return Object.hasOwn(FIELD_RULES, field);
}
