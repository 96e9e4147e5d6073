import { describe, expect, it } from 'vitest';
import { addDays, addMonths, londonToday } from '../dates/calendar.ts';
import { toDateParts, type DateParts } from '../dates/date-parts.ts';
import type { ApplicantAnswers } from '../domain/answers.ts';
import { DECLARATION, MAX_GROUP_SIZE, PURPOSE_OF_STAY } from '../domain/fixed-values.ts';
import {
  checkedLeaveDate,
  checkField,
  checkNationalityEligibility,
  derivedLeaveDate,
  derivedStayLength,
} from './checks.ts';
import { SECTION_FIELDS, SECTION_NAMES, validateApplicant, validateSection } from './sections.ts';

// A fixed clock: 14 July 2026, 10:00 BST. Today in London is 14 July.
const NOW = new Date('2026-07-14T09:00:00Z');
const today = londonToday(NOW);
const day = (offset: number): DateParts => toDateParts(addDays(today, offset));
const parts = (d: string, m: string, y: string): DateParts => ({ day: d, month: m, year: y });
const EMPTY_DATE = parts('', '', '');

const valid: ApplicantAnswers = {
  'sponsor-email': 'bookings@example.co.uk',
  'sponsor-name': 'Example Theatre Ltd',
  'sponsor-reference': 'TNBHDW2R7',
  'what-would-you-like-to-do': 'single-application',
  nationality: 'USA - American',
  'family-name': 'Ní Bhraonáin',
  'given-name': 'Eithne',
  'worker-email': '',
  'date-of-birth': parts('17', '5', '1990'),
  'passport-number': 'X1234567',
  'passport-issue-date': parts('1', '2', '2024'),
  'passport-expiry-date': parts('1', '2', '2034'),
  'port-of-departure': 'Dublin Airport',
  'date-of-arrival': day(10),
  'method-of-arrival': 'plane',
  'port-of-arrival': 'London Heathrow Airport',
  carrier: 'Aer Lingus',
  'flight-number': 'EI154',
  'first-work-date': day(11),
  'last-work-date': day(40),
  'cos-reference': 'C2G8K51234567Q',
};

const with_ = (changes: Partial<ApplicantAnswers>): ApplicantAnswers => ({ ...valid, ...changes });

describe('a complete, valid applicant', () => {
  it('passes every section', () => {
    for (const section of SECTION_NAMES) expect(validateSection(section, valid, NOW)).toEqual({});
    expect(validateApplicant(valid, NOW)).toEqual({});
  });

  it('has the sections of the current applicant, worker-email with the name', () => {
    expect(SECTION_NAMES).toEqual([
      'sponsorContact',
      'sponsorDetails',
      'whatDo',
      'nationality',
      'passengerName',
      'passengerDob',
      'passport',
      'travel',
      'workDates',
      'cosReference',
    ]);
    expect(SECTION_FIELDS.passengerName).toContain('worker-email');
  });

  it('reports on the fields of its own section only', () => {
    expect(validateSection('sponsorContact', {}, NOW)).toEqual({ 'sponsor-email': 'required' });
    expect(validateSection('sponsorDetails', {}, NOW)).toEqual({
      'sponsor-name': 'required',
      'sponsor-reference': 'required',
    });
    expect(validateSection('whatDo', {}, NOW)).toEqual({ 'what-would-you-like-to-do': 'required' });
    expect(validateSection('nationality', {}, NOW)).toEqual({ nationality: 'required' });
    expect(validateSection('passengerName', {}, NOW)).toEqual({ 'family-name': 'required', 'given-name': 'required' });
    expect(validateSection('passengerDob', {}, NOW)).toEqual({ 'date-of-birth': 'required' });
    expect(validateSection('passport', {}, NOW)).toEqual({
      'passport-number': 'required',
      'passport-issue-date': 'required',
      'passport-expiry-date': 'required',
    });
    expect(validateSection('travel', {}, NOW)).toEqual({
      'port-of-departure': 'required',
      'date-of-arrival': 'required',
      'method-of-arrival': 'required',
      'port-of-arrival': 'required',
    });
    expect(validateSection('workDates', {}, NOW)).toEqual({
      'first-work-date': 'required',
      'last-work-date': 'required',
    });
    expect(validateSection('cosReference', {}, NOW)).toEqual({ 'cos-reference': 'required' });
  });
});

describe('required: non-empty after trimming', () => {
  it.each([
    ['sponsor-email', 'sponsorContact'],
    ['sponsor-name', 'sponsorDetails'],
    ['sponsor-reference', 'sponsorDetails'],
    ['what-would-you-like-to-do', 'whatDo'],
    ['nationality', 'nationality'],
    ['family-name', 'passengerName'],
    ['given-name', 'passengerName'],
    ['passport-number', 'passport'],
    ['port-of-departure', 'travel'],
    ['method-of-arrival', 'travel'],
    ['port-of-arrival', 'travel'],
    ['carrier', 'travel'],
    ['flight-number', 'travel'],
    ['cos-reference', 'cosReference'],
  ] as const)('%s', (field, section) => {
    expect(validateSection(section, with_({ [field]: '' }), NOW)).toEqual({ [field]: 'required' });
    expect(validateSection(section, with_({ [field]: ' \t ' }), NOW)).toEqual({ [field]: 'required' });
    expect(validateSection(section, with_({ [field]: undefined }), NOW)).toEqual({ [field]: 'required' });
  });

  it.each([
    'date-of-birth',
    'passport-issue-date',
    'passport-expiry-date',
    'date-of-arrival',
    'first-work-date',
    'last-work-date',
  ] as const)('%s (all three inputs blank)', (field) => {
    expect(checkField(field, with_({ [field]: EMPTY_DATE }), NOW)).toBe('required');
    expect(checkField(field, with_({ [field]: parts(' ', ' ', ' ') }), NOW)).toBe('required');
    expect(checkField(field, with_({ [field]: undefined }), NOW)).toBe('required');
  });
});

describe('validDate: the three inputs make a real day', () => {
  it.each([
    'date-of-birth',
    'passport-issue-date',
    'passport-expiry-date',
    'date-of-arrival',
    'first-work-date',
    'last-work-date',
  ] as const)('%s', (field) => {
    for (const wrong of [
      parts('30', '2', '2027'),
      parts('29', '2', '2027'),
      parts('', '7', '2026'),
      parts('1', '13', '2026'),
      parts('1', '1', '26'),
      parts('a', '1', '2026'),
    ]) {
      expect(checkField(field, with_({ [field]: wrong }), NOW)).toBe('validDate');
    }
  });
});

describe('sponsor-email and worker-email', () => {
  it('sponsor-email: required, then a valid email', () => {
    expect(validateSection('sponsorContact', with_({ 'sponsor-email': 'not an email' }), NOW)).toEqual({
      'sponsor-email': 'validEmail',
    });
    expect(validateSection('sponsorContact', with_({ 'sponsor-email': ' bookings@example.co.uk ' }), NOW)).toEqual({});
  });

  it('worker-email: optional, but valid when given', () => {
    expect(validateSection('passengerName', with_({ 'worker-email': '' }), NOW)).toEqual({});
    expect(validateSection('passengerName', with_({ 'worker-email': '   ' }), NOW)).toEqual({});
    expect(validateSection('passengerName', with_({ 'worker-email': undefined }), NOW)).toEqual({});
    expect(validateSection('passengerName', with_({ 'worker-email': 'eithne@example.ie' }), NOW)).toEqual({});
    expect(validateSection('passengerName', with_({ 'worker-email': 'eithne@' }), NOW)).toEqual({
      'worker-email': 'validEmail',
    });
  });
});

describe('options', () => {
  it('what-would-you-like-to-do: single-application or group-application', () => {
    expect(validateSection('whatDo', with_({ 'what-would-you-like-to-do': 'group-application' }), NOW)).toEqual({});
    expect(validateSection('whatDo', with_({ 'what-would-you-like-to-do': 'both' }), NOW)).toEqual({
      'what-would-you-like-to-do': 'validOption',
    });
  });

  it('method-of-arrival: plane or road only', () => {
    expect(checkField('method-of-arrival', with_({ 'method-of-arrival': 'road' }), NOW)).toBeUndefined();
    expect(checkField('method-of-arrival', with_({ 'method-of-arrival': 'boat' }), NOW)).toBe('validOption');
    expect(checkField('method-of-arrival', with_({ 'method-of-arrival': 'Plane' }), NOW)).toBe('validOption');
  });

  it('stay-length: required, an option, and what the dates give', () => {
    expect(checkField('stay-length', with_({ 'stay-length': '' }), NOW)).toBe('required');
    expect(checkField('stay-length', with_({ 'stay-length': 'a while' }), NOW)).toBe('validOption');
    // Arrival on day 10, work to day 40: leave by day 54, 44 days after arrival.
    expect(derivedStayLength(valid)).toBe('under3Months');
    expect(checkField('stay-length', with_({ 'stay-length': 'under3Months' }), NOW)).toBeUndefined();
    expect(checkField('stay-length', with_({ 'stay-length': 'under1Month' }), NOW)).toBe('matchesDates');
    expect(checkField('stay-length', with_({ 'stay-length': 'over3Months' }), NOW)).toBe('matchesDates');
    // Work to day 12: leave by day 26, 16 days after arrival.
    expect(
      checkField('stay-length', with_({ 'stay-length': 'under1Month', 'last-work-date': day(12) }), NOW),
    ).toBeUndefined();
    // Not compared before the dates are real days.
    expect(
      checkField('stay-length', with_({ 'stay-length': 'over3Months', 'last-work-date': EMPTY_DATE }), NOW),
    ).toBeUndefined();
  });

  it('purpose-of-stay: required, the fixed value', () => {
    expect(checkField('purpose-of-stay', with_({ 'purpose-of-stay': '' }), NOW)).toBe('required');
    expect(checkField('purpose-of-stay', with_({ 'purpose-of-stay': 'Tourism' }), NOW)).toBe('fixedValue');
    expect(checkField('purpose-of-stay', with_({ 'purpose-of-stay': PURPOSE_OF_STAY }), NOW)).toBeUndefined();
  });

  it('declaration: required, an option, the fixed value', () => {
    expect(checkField('declaration', with_({ declaration: ' ' }), NOW)).toBe('required');
    expect(checkField('declaration', with_({ declaration: 'Yes' }), NOW)).toBe('validOption');
    expect(checkField('declaration', with_({ declaration: 'OnBehalfOfOrganisation' }), NOW)).toBe('fixedValue');
    expect(checkField('declaration', with_({ declaration: DECLARATION }), NOW)).toBeUndefined();
  });
});

describe('nationality', () => {
  it('on the page: required only (an ineligible nationality goes to /ineligible)', () => {
    expect(validateSection('nationality', with_({ nationality: 'RUS - Russian' }), NOW)).toEqual({});
  });

  it('in a payload: required, then eligible', () => {
    expect(checkNationalityEligibility(with_({ nationality: ' ' }))).toBe('required');
    expect(checkNationalityEligibility(with_({ nationality: 'RUS - Russian' }))).toBe('eligible');
    expect(checkNationalityEligibility(with_({ nationality: 'GBR - British, UK' }))).toBe('eligible');
    expect(checkNationalityEligibility(with_({ nationality: 'Atlantean' }))).toBe('eligible');
    expect(checkNationalityEligibility(with_({ nationality: 'IRL - Irish' }))).toBeUndefined();
  });
});

describe('maxLength of free-text fields', () => {
  it.each([
    ['sponsor-name', 160],
    ['sponsor-reference', 50],
    ['family-name', 100],
    ['given-name', 100],
    ['port-of-departure', 100],
    ['port-of-arrival', 100],
    ['carrier', 100],
    ['flight-number', 20],
    ['cos-reference', 50],
  ] as const)('%s: at most %i characters', (field, max) => {
    // A place of departure must also be on the list: no name of it is that long.
    const passes = field === 'port-of-departure' ? 'listedPlace' : undefined;
    expect(checkField(field, with_({ [field]: 'a'.repeat(max) }), NOW)).toBe(passes);
    expect(checkField(field, with_({ [field]: ` ${'a'.repeat(max)} ` }), NOW)).toBe(passes);
    expect(checkField(field, with_({ [field]: 'a'.repeat(max + 1) }), NOW)).toBe('maxLength');
  });

  it('counts letters, not UTF-16 units', () => {
    expect(checkField('sponsor-name', with_({ 'sponsor-name': '𝒜'.repeat(160) }), NOW)).toBeUndefined();
    expect(checkField('sponsor-name', with_({ 'sponsor-name': '𝒜'.repeat(161) }), NOW)).toBe('maxLength');
  });
});

describe('port-of-departure: a listed place in Ireland', () => {
  it.each([
    ['Dublin Airport', undefined],
    ['  kilkenny ', undefined],
    ['Dublin Airport T2', undefined],
    ['Baile Átha Cliath', undefined],
    ['Rosslare Europort', undefined],
    ['', 'required'],
    ['   ', 'required'],
    ['Paris', 'listedPlace'],
    ['Belfast', 'listedPlace'],
    ['Holyhead', 'listedPlace'],
  ] as const)('%j → %s', (place, rule) => {
    expect(checkField('port-of-departure', with_({ 'port-of-departure': place }), NOW)).toBe(rule);
  });
});

describe('passport-number: without its spaces, 3 to 15 characters, letters and digits', () => {
  it.each([
    ['AB1', undefined],
    ['123456789012345', undefined],
    ['  x1234567  ', undefined],
    ['AB', 'length'],
    ['1234567890123456', 'length'],
    ['AB 123', undefined],
    ['A B', 'length'],
    ['AB\t123', 'characters'],
    ['AB-123', 'characters'],
    ['ÄB123', 'characters'],
    ['  ', 'required'],
  ])('%j → %s', (value, rule) => {
    expect(checkField('passport-number', with_({ 'passport-number': value }), NOW)).toBe(rule);
  });
});

describe('dates against today, at a fixed clock', () => {
  it('date-of-birth: before today', () => {
    expect(checkField('date-of-birth', with_({ 'date-of-birth': day(-1) }), NOW)).toBeUndefined();
    expect(checkField('date-of-birth', with_({ 'date-of-birth': day(0) }), NOW)).toBe('beforeToday');
    expect(checkField('date-of-birth', with_({ 'date-of-birth': day(1) }), NOW)).toBe('beforeToday');
  });

  it('passport-issue-date: not in the future', () => {
    expect(checkField('passport-issue-date', with_({ 'passport-issue-date': day(0) }), NOW)).toBeUndefined();
    expect(checkField('passport-issue-date', with_({ 'passport-issue-date': day(1) }), NOW)).toBe('notInFuture');
  });

  it('passport-expiry-date: after today', () => {
    expect(
      checkField('passport-expiry-date', with_({ 'passport-expiry-date': day(1), 'date-of-arrival': day(1) }), NOW),
    ).toBeUndefined();
    expect(checkField('passport-expiry-date', with_({ 'passport-expiry-date': day(0) }), NOW)).toBe('afterToday');
  });

  it('follows London midnight: at 23:30 UTC in summer it is already tomorrow', () => {
    const lateEvening = new Date('2026-07-14T23:30:00Z');
    expect(
      checkField('date-of-birth', with_({ 'date-of-birth': parts('14', '7', '2026') }), lateEvening),
    ).toBeUndefined();
    expect(
      checkField('passport-issue-date', with_({ 'passport-issue-date': parts('15', '7', '2026') }), lateEvening),
    ).toBeUndefined();
    expect(
      checkField('passport-expiry-date', with_({ 'passport-expiry-date': parts('15', '7', '2026') }), lateEvening),
    ).toBe('afterToday');
  });
});

describe('date-of-arrival', () => {
  const travelOnly = (arrival: DateParts, changes: Partial<ApplicantAnswers> = {}) =>
    validateSection('travel', with_({ 'date-of-arrival': arrival, ...changes }), NOW);

  it('not in the past: today is allowed, yesterday is not', () => {
    expect(travelOnly(day(0), { 'first-work-date': day(3) })).toEqual({});
    expect(travelOnly(day(-1))).toEqual({ 'date-of-arrival': 'notInPast' });
  });

  it('not after the passport expiry date', () => {
    expect(travelOnly(day(10), { 'passport-expiry-date': day(10) })).toEqual({});
    expect(travelOnly(day(10), { 'passport-expiry-date': day(9) })).toEqual({
      'date-of-arrival': 'notAfterPassportExpiry',
    });
    // An expiry date that is not a real day is the passport page's problem, not this one's.
    expect(travelOnly(day(10), { 'passport-expiry-date': parts('31', '4', '2030') })).toEqual({});
  });

  it('compatible with the work dates once both are given', () => {
    expect(travelOnly(day(20))).toEqual({});
    // Arrival 15 days before work starts.
    expect(travelOnly(day(3), { 'first-work-date': day(18), 'last-work-date': day(30) })).toEqual({
      'date-of-arrival': 'compatibleWithWork',
    });
    // Work ends more than 3 months after arrival.
    const arrival = addDays(today, 5);
    expect(
      travelOnly(toDateParts(arrival), {
        'first-work-date': day(6),
        'last-work-date': toDateParts(addDays(addMonths(arrival, 3), 1)),
      }),
    ).toEqual({ 'date-of-arrival': 'compatibleWithWork' });
    expect(
      travelOnly(toDateParts(arrival), {
        'first-work-date': day(6),
        'last-work-date': toDateParts(addMonths(arrival, 3)),
      }),
    ).toEqual({});
    // Arrival after the work has ended (work 1 to 10 December, arrival 14 December).
    expect(travelOnly(day(14), { 'first-work-date': day(1), 'last-work-date': day(10) })).toEqual({
      'date-of-arrival': 'compatibleWithWork',
    });
    expect(travelOnly(day(10), { 'first-work-date': day(1), 'last-work-date': day(10) })).toEqual({});
    // Not checked before the work dates are answered.
    expect(travelOnly(day(3), { 'first-work-date': day(40), 'last-work-date': EMPTY_DATE })).toEqual({});
  });
});

describe('carrier and flight-number: by plane only', () => {
  it('are required by plane', () => {
    expect(validateSection('travel', with_({ carrier: '', 'flight-number': ' ' }), NOW)).toEqual({
      carrier: 'required',
      'flight-number': 'required',
    });
  });

  it('are ignored by road, whatever the inputs hold', () => {
    expect(
      validateSection('travel', with_({ 'method-of-arrival': 'road', carrier: '', 'flight-number': '' }), NOW),
    ).toEqual({});
    expect(validateSection('travel', with_({ 'method-of-arrival': 'road', carrier: 'x'.repeat(500) }), NOW)).toEqual(
      {},
    );
  });

  it('are not asked for before a method is chosen', () => {
    expect(
      validateSection('travel', with_({ 'method-of-arrival': '', carrier: '', 'flight-number': '' }), NOW),
    ).toEqual({ 'method-of-arrival': 'required' });
  });
});

describe('work dates', () => {
  const work = (first: DateParts, last: DateParts, changes: Partial<ApplicantAnswers> = {}) =>
    validateSection('workDates', with_({ 'first-work-date': first, 'last-work-date': last, ...changes }), NOW);

  it('at least 72 hours from now: today + 3 in London', () => {
    expect(work(day(3), day(3), { 'date-of-arrival': day(3) })).toEqual({});
    expect(work(day(2), day(2), { 'date-of-arrival': day(2) })).toEqual({
      'first-work-date': 'atLeast72Hours',
      'last-work-date': 'atLeast72Hours',
    });
    // At 23:59 BST (22:59 UTC) on 14 July, 17 July is enough; at 00:00 BST on 15 July it is not.
    const at2359 = new Date('2026-07-14T22:59:00Z');
    const at0000 = new Date('2026-07-14T23:00:00Z');
    const answers = with_({
      'date-of-arrival': parts('17', '7', '2026'),
      'first-work-date': parts('17', '7', '2026'),
      'last-work-date': parts('20', '7', '2026'),
    });
    expect(validateSection('workDates', answers, at2359)).toEqual({});
    expect(validateSection('workDates', answers, at0000)).toEqual({ 'first-work-date': 'atLeast72Hours' });
  });

  it('first-work-date: within 14 days of arrival, either direction', () => {
    expect(work(day(24), day(30))).toEqual({});
    expect(work(day(25), day(30))).toEqual({ 'first-work-date': 'within14Days' });
    expect(work(day(4), day(30), { 'date-of-arrival': day(18) })).toEqual({});
    expect(work(day(4), day(30), { 'date-of-arrival': day(19) })).toEqual({ 'first-work-date': 'within14Days' });
    // Not checked before the arrival date is a real day.
    expect(work(day(60), day(70), { 'date-of-arrival': EMPTY_DATE })).toEqual({});
  });

  it('last-work-date: not before the start', () => {
    expect(work(day(11), day(11))).toEqual({});
    expect(work(day(11), day(10))).toEqual({ 'last-work-date': 'notBeforeStart' });
  });

  it('last-work-date: at most 3 months from the earlier of arrival and first work date', () => {
    const arrival = addDays(today, 10);
    expect(work(day(11), toDateParts(addMonths(arrival, 3)))).toEqual({});
    expect(work(day(11), toDateParts(addDays(addMonths(arrival, 3), 1)))).toEqual({
      'last-work-date': 'within3Months',
    });
    // Arrival after the first work day: measured from the first work day.
    const first = addDays(today, 5);
    expect(work(toDateParts(first), toDateParts(addMonths(first, 3)))).toEqual({});
    expect(work(toDateParts(first), toDateParts(addDays(addMonths(first, 3), 1)))).toEqual({
      'last-work-date': 'within3Months',
    });
    // Without an arrival date, from the first work day.
    expect(work(toDateParts(first), toDateParts(addMonths(first, 3)), { 'date-of-arrival': undefined })).toEqual({});
  });

  it('last-work-date: month-end clamp and leap day (30 November 2027 + 3 months = 29 February 2028)', () => {
    const clock = new Date('2027-11-20T12:00:00Z');
    const answers = (last: DateParts) =>
      with_({
        'date-of-arrival': parts('30', '11', '2027'),
        'first-work-date': parts('1', '12', '2027'),
        'last-work-date': last,
      });
    expect(validateSection('workDates', answers(parts('29', '2', '2028')), clock)).toEqual({});
    expect(validateSection('workDates', answers(parts('1', '3', '2028')), clock)).toEqual({
      'last-work-date': 'within3Months',
    });
  });
});

describe('derived values', () => {
  it('derives the leave date and stay length once the dates are real days', () => {
    expect(derivedLeaveDate(valid)).toEqual(addDays(today, 54));
    expect(derivedLeaveDate(with_({ 'last-work-date': EMPTY_DATE }))).toBeUndefined();
    expect(derivedStayLength(with_({ 'date-of-arrival': parts('x', '', '') }))).toBeUndefined();
  });

  it('gives the leave date to show only when the work dates pass their rules, never one that ends before the work', () => {
    expect(checkedLeaveDate(valid, NOW)).toEqual(addDays(today, 54));
    // More than 3 months of work: the derived date is 3 months after the start, before the work ends.
    const tooLong = with_({ 'last-work-date': day(130) });
    expect(derivedLeaveDate(tooLong)).toEqual(addMonths(addDays(today, 10), 3));
    expect(checkedLeaveDate(tooLong, NOW)).toBeUndefined();
    expect(checkedLeaveDate(with_({ 'last-work-date': day(5) }), NOW)).toBeUndefined();
    expect(checkedLeaveDate(with_({ 'first-work-date': day(40) }), NOW)).toBeUndefined();
    expect(checkedLeaveDate(with_({ 'first-work-date': day(1), 'last-work-date': day(20) }), NOW)).toBeUndefined();
    expect(checkedLeaveDate(with_({ 'last-work-date': EMPTY_DATE }), NOW)).toBeUndefined();
  });
});

describe('group', () => {
  // The licence number's rule is tested in licence-number.test.ts; the group limit is applied by
  // the journey's reducer and by validateSubmission (new-from-concession.ts), each tested there.
  it('group: at most 10 applications at once', () => {
    expect(MAX_GROUP_SIZE).toBe(10);
  });
});

describe('noControlCharacters: hidden characters in free text', () => {
  it('refuses a control character or a bidi override inside any free-text answer, on the page and for the server alike', () => {
    const free = [
      'sponsor-email',
      'sponsor-name',
      'sponsor-reference',
      'nationality',
      'family-name',
      'given-name',
      'worker-email',
      'port-of-departure',
      'port-of-arrival',
      'carrier',
      'flight-number',
      'cos-reference',
    ] as const;
    for (const character of ['\u0000', '\t', '\n', '\u001F', '\u007F', '\u202D', '\u2069']) {
      for (const field of free) {
        const text = valid[field] || 'worker@example.com';
        const value = `${text.slice(0, 1)}${character}${text.slice(1)}`;
        expect(checkField(field, with_({ [field]: value }), NOW), `${field} ${JSON.stringify(character)}`).toBe(
          'noControlCharacters',
        );
      }
      expect(checkNationalityEligibility(with_({ nationality: `USA - American${character}x` }))).toBe(
        'noControlCharacters',
      );
    }
  });

  it('comes before the length, so the message names what to fix', () => {
    expect(validateSection('passengerName', with_({ 'family-name': `${'x'.repeat(200)}\u0000` }), NOW)).toEqual({
      'family-name': 'noControlCharacters',
    });
  });

  it('lets through a tab or line break at either end, dropped like a space, and Arabic direction marks', () => {
    expect(
      validateSection(
        'passengerName',
        with_({ 'family-name': '\tNí Bhraonáin\r\n', 'given-name': 'Mohammed\u200F' }),
        NOW,
      ),
    ).toEqual({});
  });
});

describe('names: a passport that shows only one name (decision 029)', () => {
  it('asks for given names unless the passport shows only one name', () => {
    expect(validateSection('passengerName', with_({ 'given-name': '' }), NOW)).toEqual({ 'given-name': 'required' });
    expect(validateSection('passengerName', with_({ 'given-name': '', 'one-name': 'yes' }), NOW)).toEqual({});
    expect(validateSection('passengerName', with_({ 'given-name': '  ', 'one-name': 'yes' }), NOW)).toEqual({});
  });

  it('still asks for the one name, held as the family name', () => {
    expect(
      validateSection('passengerName', with_({ 'family-name': '', 'given-name': '', 'one-name': 'yes' }), NOW),
    ).toEqual({ 'family-name': 'required' });
  });

  it('refuses given names next to the answer that there are none', () => {
    expect(validateSection('passengerName', with_({ 'one-name': 'yes' }), NOW)).toEqual({
      'given-name': 'emptyWithOneName',
    });
  });

  it('refuses an answer other than yes or nothing', () => {
    expect(checkField('one-name', with_({ 'one-name': 'no' }), NOW)).toBe('validOption');
    expect(checkField('one-name', with_({ 'one-name': '' }), NOW)).toBeUndefined();
    expect(checkField('one-name', valid, NOW)).toBeUndefined();
  });

  it.each(['-', '.', "'", '--', '\u2010', ' - ', '’', '*', '?', '0', '1 2'])(
    'refuses a name of punctuation or digits only: %j',
    (name) => {
      expect(checkField('given-name', with_({ 'given-name': name }), NOW)).toBe('hasLetter');
      expect(checkField('family-name', with_({ 'family-name': name }), NOW)).toBe('hasLetter');
    },
  );

  it.each(["O'Brien", 'O’Brien', 'Jean-Luc', 'St. John', 'Ní', 'ß', 'Ōe', 'Élodie', 'Núñez', 'Øverland', 'Nguyễn Văn'])(
    'accepts a name with letters: %j',
    (name) => {
      expect(checkField('given-name', with_({ 'given-name': name }), NOW)).toBeUndefined();
      expect(checkField('family-name', with_({ 'family-name': name }), NOW)).toBeUndefined();
    },
  );

  // The passport prints the names in Latin letters, which the officer matches the document against.
  it.each(['محمد', '李', 'Иванов', 'Παπαδόπουλος', 'Ivanов'])('refuses a name in another script: %j', (name) => {
    expect(checkField('given-name', with_({ 'given-name': name }), NOW)).toBe('latinLetters');
    expect(checkField('family-name', with_({ 'family-name': name }), NOW)).toBe('latinLetters');
  });
});
