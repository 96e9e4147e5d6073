// The validation rules, one function per answer field. Each returns the first rule the field
// fails, or undefined. A field may look at other answers (the arrival date at the passport
// expiry and the work dates), so every check receives all the answers of the applicant. A field
// whose rules are only the standard ones of its kind (answer-fields.ts) is checked from its
// declaration; one with any other rule has its check written here, and the compiler asks for it.
import { parseDateParts, isDatePartsEmpty, type DateParts } from '../dates/date-parts.ts';
import type { CalendarDate } from '../dates/format.ts';
import { compareDates } from '../dates/calendar.ts';
import {
  areArrivalAndWorkCompatible,
  isAfterToday,
  isAtLeast72HoursAhead,
  isBeforeToday,
  isNotInFuture,
  isNotInPast,
  isWithin14Days,
  isWithin3Months,
  leaveDate,
  spanStart,
  stayLength,
} from '../dates/rules.ts';
import { isEligibleNationality } from '../countries/nationality-rules.ts';
import { isListedPlaceOfDeparture } from '../countries/places.ts';
import {
  DECLARATIONS,
  METHODS_OF_ARRIVAL,
  hasOneName,
  STAY_LENGTHS,
  WHAT_DO_OPTIONS,
  type ApplicantAnswers,
} from '../domain/answers.ts';
import { DECLARATION, PURPOSE_OF_STAY } from '../domain/fixed-values.ts';
import { checkPassportNumber } from '../domain/passport-number.ts';
import { hasForbiddenCharacters } from './characters.ts';
import { isValidEmail } from './email.ts';
import { hasWebAddress } from './web-address.ts';
import { hasOnlyLatinLetters } from './latin-letters.ts';
import {
  ANSWER_KEYS,
  answerField,
  type AnswerKey,
  type AnswerKind,
  type AnswerKindOf,
  type AnswerRule,
} from '../domain/answer-fields.ts';
import { MAX_LENGTHS, type RuleName } from './fields.ts';

/** The answer keys that have a check here: every answer of an applicant. */
export type AnswerField = keyof ApplicantAnswers;

/** The rules of each kind of answer that its declaration alone can check. */
type StandardRule<K extends AnswerKind> = K extends 'date'
  ? 'required' | 'validDate'
  : K extends 'text'
    ? 'required' | 'noControlCharacters' | 'maxLength'
    : 'required';

/** The answers with a rule beyond their kind's standard ones: each needs a check written below. */
type OwnCheckField = {
  [K in AnswerKey]: [Exclude<AnswerRule<K>, StandardRule<AnswerKindOf<K>>>] extends [never] ? never : K;
}[AnswerKey];

type Check<F extends AnswerField> = (answers: ApplicantAnswers, now: Date) => RuleName<F> | undefined;

const blank = (value: string | undefined) => (value ?? '').trim() === '';
// Characters, not UTF-16 units, so a name in any script counts as people see it.
const tooLong = (value: string | undefined, max: number) => [...(value ?? '').trim()].length > max;
const isOneOf = (options: readonly string[], value: string | undefined) => options.includes((value ?? '').trim());

function text<F extends keyof typeof MAX_LENGTHS>(field: F): Check<F> {
  return (answers) => {
    const value = answers[field] as string | undefined;
    if (blank(value)) return 'required' as RuleName<F>;
    if (hasForbiddenCharacters(value)) return 'noControlCharacters' as RuleName<F>;
    if (tooLong(value, MAX_LENGTHS[field])) return 'maxLength' as RuleName<F>;
    return undefined;
  };
}

// The shared start of every date field: given, then a real day; `more` checks the day itself.
function date<F extends AnswerField>(
  read: (answers: ApplicantAnswers) => DateParts | undefined,
  more: (day: CalendarDate, answers: ApplicantAnswers, now: Date) => RuleName<F> | undefined,
): Check<F> {
  return (answers, now) => {
    const parts = read(answers);
    if (isDatePartsEmpty(parts)) return 'required' as RuleName<F>;
    const day = parseDateParts(parts);
    if (day === null) return 'validDate' as RuleName<F>;
    return more(day, answers, now);
  };
}

// A name as a passport prints it has a letter: punctuation or digits alone stand for no name.
const hasLetter = (value: string | undefined) => /\p{L}/u.test(value ?? '');

// A name that holds a web address would carry a link into the service's emails (decision 044).
const noWebAddress = (value: string | undefined) => (hasWebAddress(value) ? 'noWebAddress' : undefined);

// The passport prints the names in Latin letters, which the officer matches the document against.
const latinLetters = (value: string | undefined) => (hasOnlyLatinLetters(value) ? undefined : 'latinLetters');

const isPlane = (answers: ApplicantAnswers) => (answers['method-of-arrival'] ?? '').trim() === 'plane';

/** The dates the cross-field rules need, each null when not (yet) a real day. */
function travelDates(answers: ApplicantAnswers) {
  return {
    arrival: parseDateParts(answers['date-of-arrival']),
    firstWork: parseDateParts(answers['first-work-date']),
    lastWork: parseDateParts(answers['last-work-date']),
  };
}

/**
 * The standard rules of an answer's kind, in the order its declaration lists them: given (when
 * required), then no hidden characters and not too long for text, a real day for a date.
 */
function standardCheck<F extends AnswerField>(field: F): Check<F> {
  const { kind, rules, maxLength } = answerField(field);
  const has = (rule: string) => Object.hasOwn(rules, rule);
  return (answers) => {
    const value = answers[field];
    if (kind === 'date') {
      const parts = value as DateParts | undefined;
      if (isDatePartsEmpty(parts)) return has('required') ? ('required' as RuleName<F>) : undefined;
      return parseDateParts(parts) === null ? ('validDate' as RuleName<F>) : undefined;
    }
    const text = value as string | undefined;
    if (blank(text)) return has('required') ? ('required' as RuleName<F>) : undefined;
    if (has('noControlCharacters') && hasForbiddenCharacters(text)) return 'noControlCharacters' as RuleName<F>;
    if (maxLength !== undefined && tooLong(text, maxLength)) return 'maxLength' as RuleName<F>;
    return undefined;
  };
}

// The checks written out: every answer with a rule beyond its kind's standard ones (the type
// requires them), and the answers whose standard rules apply only sometimes (the flight).
const OWN_CHECKS: { readonly [F in OwnCheckField]: Check<F> } & {
  readonly [F in Exclude<AnswerField, OwnCheckField>]?: Check<F>;
} = {
  'sponsor-email': (answers) => {
    if (blank(answers['sponsor-email'])) return 'required';
    if (hasForbiddenCharacters(answers['sponsor-email'])) return 'noControlCharacters';
    return isValidEmail(answers['sponsor-email'] ?? '') ? undefined : 'validEmail';
  },
  'sponsor-name': (answers, now) => text('sponsor-name')(answers, now) ?? noWebAddress(answers['sponsor-name']),
  'what-would-you-like-to-do': (answers) => {
    if (blank(answers['what-would-you-like-to-do'])) return 'required';
    return isOneOf(WHAT_DO_OPTIONS, answers['what-would-you-like-to-do']) ? undefined : 'validOption';
  },
  // Eligibility is not a page error (see fields.ts); checkNationalityEligibility adds it for payloads.
  nationality: (answers) => {
    if (blank(answers.nationality)) return 'required';
    return hasForbiddenCharacters(answers.nationality) ? 'noControlCharacters' : undefined;
  },
  'family-name': (answers, now) =>
    text('family-name')(answers, now) ??
    noWebAddress(answers['family-name']) ??
    (hasLetter(answers['family-name']) ? undefined : 'hasLetter') ??
    latinLetters(answers['family-name']),
  'given-name': (answers, now) => {
    if (hasOneName(answers)) return blank(answers['given-name']) ? undefined : 'emptyWithOneName';
    return (
      text('given-name')(answers, now) ??
      noWebAddress(answers['given-name']) ??
      (hasLetter(answers['given-name']) ? undefined : 'hasLetter') ??
      latinLetters(answers['given-name'])
    );
  },
  'one-name': (answers) => (blank(answers['one-name']) || hasOneName(answers) ? undefined : 'validOption'),
  'worker-email': (answers) => {
    // Optional: only an address that is given must be valid.
    if (blank(answers['worker-email'])) return undefined;
    if (hasForbiddenCharacters(answers['worker-email'])) return 'noControlCharacters';
    return isValidEmail(answers['worker-email'] ?? '') ? undefined : 'validEmail';
  },
  'date-of-birth': date(
    (answers) => answers['date-of-birth'],
    (day, _answers, now) => (isBeforeToday(day, now) ? undefined : 'beforeToday'),
  ),
  'passport-number': (answers) => checkPassportNumber(answers['passport-number']),
  'passport-issue-date': date(
    (answers) => answers['passport-issue-date'],
    (day, _answers, now) => (isNotInFuture(day, now) ? undefined : 'notInFuture'),
  ),
  'passport-expiry-date': date(
    (answers) => answers['passport-expiry-date'],
    (day, _answers, now) => (isAfterToday(day, now) ? undefined : 'afterToday'),
  ),
  'port-of-departure': (answers, now) => {
    const rule = text('port-of-departure')(answers, now);
    if (rule !== undefined) return rule;
    return isListedPlaceOfDeparture(answers['port-of-departure'] ?? '') ? undefined : 'listedPlace';
  },
  'date-of-arrival': date(
    (answers) => answers['date-of-arrival'],
    (arrival, answers, now) => {
      if (!isNotInPast(arrival, now)) return 'notInPast';
      const expiry = parseDateParts(answers['passport-expiry-date']);
      if (expiry !== null && compareDates(arrival, expiry) > 0) return 'notAfterPassportExpiry';
      const { firstWork, lastWork } = travelDates(answers);
      // Checked once both work dates are known: on the travel page when answers are changed later.
      if (firstWork !== null && lastWork !== null && !areArrivalAndWorkCompatible(arrival, firstWork, lastWork))
        return 'compatibleWithWork';
      return undefined;
    },
  ),
  'method-of-arrival': (answers) => {
    if (blank(answers['method-of-arrival'])) return 'required';
    return isOneOf(METHODS_OF_ARRIVAL, answers['method-of-arrival']) ? undefined : 'validOption';
  },
  // Flights only: by road there is no operator or flight number, whatever the inputs still hold.
  carrier: (answers, now) => (isPlane(answers) ? text('carrier')(answers, now) : undefined),
  'flight-number': (answers, now) => (isPlane(answers) ? text('flight-number')(answers, now) : undefined),
  'first-work-date': date(
    (answers) => answers['first-work-date'],
    (firstWork, answers, now) => {
      if (!isAtLeast72HoursAhead(firstWork, now)) return 'atLeast72Hours';
      const { arrival } = travelDates(answers);
      if (arrival !== null && !isWithin14Days(arrival, firstWork)) return 'within14Days';
      return undefined;
    },
  ),
  'last-work-date': date(
    (answers) => answers['last-work-date'],
    (lastWork, answers, now) => {
      if (!isAtLeast72HoursAhead(lastWork, now)) return 'atLeast72Hours';
      const { arrival, firstWork } = travelDates(answers);
      if (firstWork === null) return undefined;
      if (compareDates(lastWork, firstWork) < 0) return 'notBeforeStart';
      if (!isWithin3Months(spanStart(arrival, firstWork), lastWork)) return 'within3Months';
      return undefined;
    },
  ),
  'stay-length': (answers) => {
    const value = answers['stay-length'];
    if (blank(value)) return 'required';
    if (!isOneOf(STAY_LENGTHS, value)) return 'validOption';
    const derived = derivedStayLength(answers);
    return derived === undefined || derived === (value ?? '').trim() ? undefined : 'matchesDates';
  },
  'purpose-of-stay': (answers) => {
    if (blank(answers['purpose-of-stay'])) return 'required';
    return (answers['purpose-of-stay'] ?? '').trim() === PURPOSE_OF_STAY ? undefined : 'fixedValue';
  },
  declaration: (answers) => {
    if (blank(answers.declaration)) return 'required';
    if (!isOneOf(DECLARATIONS, answers.declaration)) return 'validOption';
    return (answers.declaration ?? '').trim() === DECLARATION ? undefined : 'fixedValue';
  },
};

/** The check of each answer field: its own, or its kind's standard one. */
export const FIELD_CHECKS = Object.fromEntries(
  ANSWER_KEYS.map((key) => [key, (OWN_CHECKS as Partial<Record<AnswerKey, unknown>>)[key] ?? standardCheck(key)]),
) as { readonly [F in AnswerField]: Check<F> };

/** The leave date the rules derive from the answers; undefined until the arrival and both work dates are real days. */
export function derivedLeaveDate(answers: ApplicantAnswers): CalendarDate | undefined {
  const { arrival, firstWork, lastWork } = travelDates(answers);
  if (arrival === null || firstWork === null || lastWork === null) return undefined;
  return leaveDate(arrival, firstWork, lastWork);
}

/**
 * The leave date to show the person typing the work dates: the derived one, but only once the
 * work dates pass their rules. Dates that break them (work of more than 3 months, an end before
 * the start, a start far from the arrival) give a date that may fall before the work ends, which
 * would mislead; their error messages say what is wrong instead.
 */
export function checkedLeaveDate(answers: ApplicantAnswers, now: Date): CalendarDate | undefined {
  if (checkField('first-work-date', answers, now) !== undefined) return undefined;
  if (checkField('last-work-date', answers, now) !== undefined) return undefined;
  return derivedLeaveDate(answers);
}

/** The stay length the rules derive from the answers (decision 006); undefined until the dates are real days. */
export function derivedStayLength(answers: ApplicantAnswers): (typeof STAY_LENGTHS)[number] | undefined {
  const arrival = parseDateParts(answers['date-of-arrival']);
  const leave = derivedLeaveDate(answers);
  return arrival === null || leave === undefined ? undefined : stayLength(arrival, leave);
}

/** The first rule one answer field fails at `now`, or undefined when it passes. */
export function checkField<F extends AnswerField>(
  field: F,
  answers: ApplicantAnswers,
  now: Date,
): RuleName<F> | undefined {
  return (FIELD_CHECKS[field] as Check<F>)(answers, now);
}

/** The nationality rule of submitted payloads: given, then eligible (unknown counts as ineligible). */
export function checkNationalityEligibility(answers: ApplicantAnswers): RuleName<'nationality'> | undefined {
  if (blank(answers.nationality)) return 'required';
  // The code alone decides eligibility, so "FRA - French" with a NUL after it would pass.
  if (hasForbiddenCharacters(answers.nationality)) return 'noControlCharacters';
  return isEligibleNationality(answers.nationality) ? undefined : 'eligible';
}
