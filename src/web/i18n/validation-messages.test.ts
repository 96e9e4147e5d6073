import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import ar from '#shared/i18n/translations/ar.json';
import en from '#shared/i18n/translations/en.json';
import { addDays, londonToday } from '#shared/dates/calendar.ts';
import { toDateParts, type DateParts } from '#shared/dates/date-parts.ts';
import type { ApplicantAnswers } from '#shared/domain/answers.ts';
import { checkField, checkNationalityEligibility, FIELD_CHECKS, type AnswerField } from '#shared/validation/checks.ts';
import {
  FIELD_RULES,
  MAX_LENGTHS,
  isValidatedField,
  type RuleName,
  type ValidatedField,
} from '#shared/validation/fields.ts';
import { ERROR_SUMMARY_TITLE_KEY, MESSAGE_KEYS, messageKey } from '#shared/validation/messages.ts';
import { SECTION_NAMES, validateSection } from '#shared/validation/sections.ts';

type Tree = { readonly [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const english = (key: string) => lookup(en as Tree, key);
const arabic = (key: string) => lookup(ar as Tree, key);
const allRules = (Object.keys(FIELD_RULES) as ValidatedField[]).flatMap((field) =>
  FIELD_RULES[field].map((rule) => [field, rule] as const),
);

describe('messages', () => {
  it('exist for every rule of every field, in English and in Arabic', () => {
    const missing = allRules
      .map(([field, rule]) => messageKey(field, rule as RuleName<typeof field>))
      .filter((key) => english(key) === undefined || arabic(key) === undefined);
    expect(missing).toEqual([]);
  });

  it('are keyed validation.<field>.<rule>, and nothing else is in the validation section', () => {
    for (const [field, rule] of allRules)
      expect(messageKey(field, rule as RuleName<typeof field>)).toBe(`validation.${field}.${rule}`);
    const keys = (tree: Tree, prefix: string): string[] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'string' ? [`${prefix}.${k}`] : keys(v, `${prefix}.${k}`),
      );
    const expected = [
      ERROR_SUMMARY_TITLE_KEY,
      ...allRules.map(([field, rule]) => `validation.${field}.${rule}`),
    ].sort();
    expect(keys(en.validation as Tree, 'validation').sort()).toEqual(expected);
    expect(keys(ar.validation as Tree, 'validation').sort()).toEqual(expected);
    expect(Object.keys(MESSAGE_KEYS)).toEqual(Object.keys(FIELD_RULES));
  });

  it('are real Arabic, not copies of the English', () => {
    for (const [field, rule] of allRules) {
      const key = messageKey(field, rule as RuleName<typeof field>);
      expect(arabic(key), key).not.toBe(english(key));
      expect(arabic(key), key).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('falls back to the summary title for a rule unknown at run time', () => {
    expect(messageKey('family-name', 'gone' as RuleName<'family-name'>)).toBe(ERROR_SUMMARY_TITLE_KEY);
  });

  it.each([
    // The service's required texts, exactly.
    ['validation.errorSummaryTitle', 'There was an issue with one or more of your answers'],
    ['validation.what-would-you-like-to-do.required', 'Please select an option'],
    ['validation.nationality.required', 'Enter a country'],
    ['validation.family-name.required', 'Enter a surname or family name'],
    ['validation.given-name.required', 'Enter any given names'],
    ['validation.date-of-birth.validDate', 'Enter a valid date'],
    ['validation.date-of-birth.beforeToday', 'Enter a valid date of birth'],
    ['validation.passport-number.length', 'The passport number must be between 3 and 15 characters'],
    ['validation.passport-number.characters', 'The passport number may only contain letters and numbers'],
    ['validation.passport-issue-date.validDate', 'Enter a valid date'],
    ['validation.passport-issue-date.notInFuture', 'The passport cannot be issued in the future'],
    ['validation.passport-expiry-date.validDate', 'Enter a valid date'],
    ['validation.passport-expiry-date.afterToday', 'You cannot use a passport that has already expired'],
    ['validation.date-of-arrival.validDate', 'Enter a valid date'],
    [
      'validation.date-of-arrival.notAfterPassportExpiry',
      'The date of arrival cannot be after the passport expiration date',
    ],
    ['validation.date-of-arrival.compatibleWithWork', 'The date of arrival is incompatible with the work dates'],
    ['validation.method-of-arrival.required', 'Select how the temporary worker will arrive in the UK'],
    ['validation.method-of-arrival.validOption', 'Select how the temporary worker will arrive in the UK'],
    ['validation.port-of-departure.required', 'Enter a place of departure in Ireland'],
    ['validation.port-of-arrival.required', 'Enter a place of arrival'],
    ['validation.carrier.required', 'Enter a flight operator'],
    ['validation.flight-number.required', 'Enter a flight number'],
    ['validation.stay-length.required', 'Select how long you plan on staying'],
    ['validation.stay-length.validOption', 'Select how long you plan on staying'],
    ['validation.purpose-of-stay.required', 'Enter the purpose of stay'],
    ['validation.sponsor-name.required', 'Enter the name of the sponsor'],
    ['validation.sponsor-email.validEmail', 'Enter a valid email address'],
    ['validation.cos-reference.required', 'Enter the Certificate of Sponsorship number'],
    ['validation.sponsor-reference.required', 'Enter your sponsor licence number'],
    ['validation.first-work-date.validDate', 'Enter a valid date'],
    ['validation.first-work-date.atLeast72Hours', 'Enter a valid date at least 72 hours from now'],
    [
      'validation.first-work-date.within14Days',
      'The start work date must be within 14 days of the date of arrival in the UK',
    ],
    ['validation.last-work-date.validDate', 'Enter a valid date'],
    ['validation.last-work-date.atLeast72Hours', 'Enter a valid date at least 72 hours from now'],
    ['validation.last-work-date.notBeforeStart', 'The end work date cannot be before the start work date'],
    [
      'validation.last-work-date.within3Months',
      'There cannot be more than 3 months between the dates you start and finish work',
    ],
    ['validation.sponsor-licence-number.doesNotMatch', 'Your sponsor licence number does not match this application'],
    [
      'validation.sponsor-licence-number.tooManyRequests',
      'Due to too many failed attempts you are locked out for an hour',
    ],
    ['validation.group.maxApplications', 'You cannot submit more than 10 applications at once'],
  ])('%s reads "%s"', (key, text) => {
    expect(english(key)).toBe(text);
  });

  it.each([
    // The service gives no text for these: GOV.UK-style texts of our own.
    ['validation.sponsor-email.required', 'Enter an email address'],
    [
      'validation.worker-email.validEmail',
      'Enter the temporary worker’s email address in the correct format, like name@example.com',
    ],
    ['validation.date-of-birth.required', 'Enter a date of birth'],
    ['validation.passport-number.required', 'Enter a passport number'],
    ['validation.passport-issue-date.required', 'Enter the date the passport was issued'],
    ['validation.passport-expiry-date.required', 'Enter the date the passport expires'],
    ['validation.date-of-arrival.required', 'Enter a date of arrival'],
    ['validation.date-of-arrival.notInPast', 'The date of arrival cannot be in the past'],
    ['validation.first-work-date.required', 'Enter a start work date'],
    ['validation.last-work-date.required', 'Enter an end work date'],
    ['validation.declaration.required', 'Select a declaration'],
    ['validation.declaration.validOption', 'Select a declaration'],
    ['validation.sponsor-licence-number.required', 'Enter your sponsor licence number'],
  ])('%s reads "%s"', (key, text) => {
    expect(english(key)).toBe(text);
  });

  it('state the same limits as the rules', () => {
    for (const [field, max] of Object.entries(MAX_LENGTHS)) {
      expect(english(`validation.${field}.maxLength`)).toContain(`${max} characters or less`);
      expect(arabic(`validation.${field}.maxLength`)).toContain(String(max));
    }
  });
});

describe('every rule a validator returns has a message', () => {
  const NOW = new Date('2026-07-14T09:00:00Z');
  const today = londonToday(NOW);
  const text = fc.oneof(
    fc.constantFrom(
      '',
      '  ',
      'plane',
      'road',
      'boat',
      'single-application',
      'group-application',
      'under1Month',
      'under3Months',
      'over3Months',
    ),
    fc.constantFrom(
      'PersonListed',
      'OnBehalfOfOrganisation',
      'Working in the creative industries',
      'RUS - Russian',
      'FRA - French',
      'a@b.co',
      'x@',
    ),
    fc.string({ maxLength: 20 }),
    fc.string({ minLength: 150, maxLength: 170 }),
  );
  const date: fc.Arbitrary<DateParts> = fc.oneof(
    fc.integer({ min: -40, max: 130 }).map((offset) => toDateParts(addDays(today, offset))),
    fc.record({
      day: fc.string({ maxLength: 3 }),
      month: fc.string({ maxLength: 3 }),
      year: fc.string({ maxLength: 5 }),
    }),
  );
  const dateFields = new Set<AnswerField>([
    'date-of-birth',
    'passport-issue-date',
    'passport-expiry-date',
    'date-of-arrival',
    'first-work-date',
    'last-work-date',
  ]);
  const answerFields = Object.keys(FIELD_CHECKS) as AnswerField[];
  const answers = fc.record(
    Object.fromEntries(answerFields.map((field) => [field, dateFields.has(field) ? date : text])),
    { requiredKeys: [] },
  ) as fc.Arbitrary<ApplicantAnswers>;

  it('for random answers, through every section and every field check', () => {
    fc.assert(
      fc.property(answers, (generated) => {
        const found = [
          ...SECTION_NAMES.flatMap((section) =>
            (Object.entries(validateSection(section, generated, NOW)) as [ValidatedField, string][]).map(
              ([field, rule]) => ({ field, rule }),
            ),
          ),
          ...answerFields.flatMap((field) => {
            const rule = checkField(field, generated, NOW);
            return rule === undefined ? [] : [{ field, rule }];
          }),
        ];
        const eligibility = checkNationalityEligibility(generated);
        if (eligibility !== undefined) found.push({ field: 'nationality', rule: eligibility });
        for (const { field, rule } of found) {
          expect(isValidatedField(field) && (FIELD_RULES[field] as readonly string[]).includes(rule)).toBe(true);
          const key = messageKey(field, rule as RuleName<typeof field>);
          expect(english(key), key).toBeDefined();
          expect(arabic(key), key).toBeDefined();
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('field and rule helpers', () => {
  it('recognise fields and rules read from storage or the network', () => {
    expect(isValidatedField('family-name')).toBe(true);
    expect(isValidatedField('toString')).toBe(false);
    expect(FIELD_RULES['date-of-birth']).toContain('beforeToday');
    expect(FIELD_RULES['date-of-birth']).not.toContain('afterToday');
  });
});
