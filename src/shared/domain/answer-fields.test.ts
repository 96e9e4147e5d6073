import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as v from 'valibot';
import { applicantPayloadSchema } from '../api/new-from-concession.ts';
import { answerParts, FIELD_HINT_KEYS, FIELD_LABEL_KEYS, PART_FIELDS } from '../journey/answer-texts.ts';
import { checkField } from '../validation/checks.ts';
import { FIELD_RULES, MAX_LENGTHS } from '../validation/fields.ts';
import { SECTION_FIELDS } from '../validation/sections.ts';
import { ANSWER_FIELDS, ANSWER_KEYS, ANSWER_PARTS, answerField, type AnswerKey } from './answer-fields.ts';
import { DATE_FIELDS, type ApplicantAnswers } from './answers.ts';
import type { DateParts } from '../dates/date-parts.ts';

const NOW = new Date('2026-03-02T12:00:00Z');

describe('the table of answers', () => {
  it('gives each rule the message key of its field and rule', () => {
    for (const key of ANSWER_KEYS)
      for (const [rule, message] of Object.entries(answerField(key).rules))
        expect(message).toBe(`validation.${key}.${rule}`);
  });

  it('gives a longest value to exactly the answers with a maxLength rule', () => {
    for (const key of ANSWER_KEYS)
      expect(answerField(key).maxLength !== undefined, key).toBe(Object.hasOwn(answerField(key).rules, 'maxLength'));
  });

  it('numbers the rows of each part of check your answers 1, 2, 3… once each', () => {
    for (const part of ANSWER_PARTS) {
      const rows = ANSWER_KEYS.flatMap((key) => {
        const place = answerField(key).checkAnswers;
        return place?.part === part ? [place.row] : [];
      }).sort((a, b) => a - b);
      expect(rows, part).toEqual(rows.map((_, index) => index + 1));
    }
  });

  it('sends each answer under a key of its own', () => {
    const keys = ANSWER_KEYS.flatMap((key) => {
      const payload = answerField(key).payload;
      return payload === undefined ? [] : [`${payload.part}.${payload.key}`];
    });
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('types a date answer as its three inputs and any other as text', () => {
    expectTypeOf<ApplicantAnswers['date-of-birth']>().toEqualTypeOf<DateParts | undefined>();
    expectTypeOf<ApplicantAnswers['cos-reference']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<keyof ApplicantAnswers>().toEqualTypeOf<AnswerKey>();
    expect([...DATE_FIELDS]).toEqual([
      'date-of-birth',
      'passport-issue-date',
      'passport-expiry-date',
      'date-of-arrival',
      'first-work-date',
      'last-work-date',
    ]);
  });
});

describe('the lists derived from the table', () => {
  it('hold the sections of the journey, each field in its section', () => {
    expect(SECTION_FIELDS).toEqual({
      sponsorContact: ['sponsor-email'],
      sponsorDetails: ['sponsor-name', 'sponsor-reference'],
      whatDo: ['what-would-you-like-to-do'],
      nationality: ['nationality'],
      passengerName: ['family-name', 'given-name', 'one-name', 'worker-email'],
      passengerDob: ['date-of-birth'],
      passport: ['passport-number', 'passport-issue-date', 'passport-expiry-date'],
      travel: [
        'port-of-departure',
        'date-of-arrival',
        'method-of-arrival',
        'port-of-arrival',
        'carrier',
        'flight-number',
      ],
      workDates: ['first-work-date', 'last-work-date'],
      cosReference: ['cos-reference'],
    });
  });

  it('hold the rules of every answer, then of the other fields', () => {
    expect(Object.keys(FIELD_RULES).slice(0, ANSWER_KEYS.length)).toEqual(ANSWER_KEYS);
    expect(FIELD_RULES['given-name']).toEqual([
      'required',
      'noControlCharacters',
      'maxLength',
      'noWebAddress',
      'hasLetter',
      'latinLetters',
      'emptyWithOneName',
    ]);
    expect(FIELD_RULES.group).toEqual(['maxApplications', 'sameGroup', 'sameSponsor']);
    expect(MAX_LENGTHS).toEqual({
      'sponsor-name': 160,
      'sponsor-reference': 50,
      'family-name': 100,
      'given-name': 100,
      'port-of-departure': 100,
      'port-of-arrival': 100,
      carrier: 100,
      'flight-number': 20,
      'cos-reference': 50,
    });
  });

  it('show check your answers in the order of the pages', () => {
    expect(PART_FIELDS).toEqual({
      sponsor: ['sponsor-email', 'sponsor-name', 'sponsor-reference'],
      application: ['what-would-you-like-to-do'],
      worker: [
        'family-name',
        'given-name',
        'one-name',
        'worker-email',
        'date-of-birth',
        'nationality',
        'cos-reference',
      ],
      passport: ['passport-number', 'passport-issue-date', 'passport-expiry-date'],
      travel: [
        'port-of-departure',
        'date-of-arrival',
        'method-of-arrival',
        'carrier',
        'flight-number',
        'port-of-arrival',
      ],
      work: ['first-work-date', 'last-work-date'],
    });
    expect(answerParts(true)[0]?.fields).toEqual([...PART_FIELDS.sponsor, 'what-would-you-like-to-do']);
    expect(answerParts(false).map(({ titleKey }) => titleKey)).toEqual([
      'apply.checkAnswers.sponsor',
      'apply.checkAnswers.worker',
      'apply.checkAnswers.passport',
      'apply.checkAnswers.travel',
      'apply.checkAnswers.work',
    ]);
  });

  it('label every answer a page asks for, and hint where the table says', () => {
    const asked = Object.values(SECTION_FIELDS).flat();
    expect(Object.keys(FIELD_LABEL_KEYS).sort()).toEqual([...asked].sort());
    for (const key of asked) expect(FIELD_LABEL_KEYS[key]).toBe(`apply.fields.${key}`);
    expect(FIELD_HINT_KEYS['passport-number']).toBe('apply.hints.passport-number');
    expect(FIELD_HINT_KEYS['family-name']).toBeUndefined();
  });

  it('let the payload schema carry every answer sent, and nothing else but the values the service adds', () => {
    const sent = (part: 'concessionForm' | 'secondaryDetails') =>
      ANSWER_KEYS.flatMap((key) => {
        const payload = answerField(key).payload;
        return payload?.part === part ? [payload.key] : [];
      });
    const keysOf = (schema: v.ObjectEntries) => Object.keys(schema);
    const entries = applicantPayloadSchema.entries;
    expect(keysOf(entries.concessionForm.entries).filter((key) => !sent('concessionForm').includes(key))).toEqual([
      'formGroupId',
      'createdDate',
    ]);
    expect(keysOf(entries.secondaryDetails.entries).filter((key) => !sent('secondaryDetails').includes(key))).toEqual([
      'countryOfDeparture',
      'lteToDate',
      'createdDate',
    ]);
  });
});

describe('an answer with only the standard rules of its kind', () => {
  it('is checked from its declaration: given, no hidden characters, not too long', () => {
    expect(Object.keys(ANSWER_FIELDS['cos-reference'].rules)).toEqual(['required', 'noControlCharacters', 'maxLength']);
    expect(checkField('cos-reference', {}, NOW)).toBe('required');
    expect(checkField('cos-reference', { 'cos-reference': '  ' }, NOW)).toBe('required');
    expect(checkField('cos-reference', { 'cos-reference': 'C\u0000OS' }, NOW)).toBe('noControlCharacters');
    expect(checkField('cos-reference', { 'cos-reference': 'C'.repeat(51) }, NOW)).toBe('maxLength');
    expect(checkField('cos-reference', { 'cos-reference': ` ${'C'.repeat(50)} ` }, NOW)).toBeUndefined();
  });
});
