import { describe, expect, it } from 'vitest';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import type { ApplicantAnswers } from '../domain/answers.ts';
import { SECTION_NAMES } from '../validation/sections.ts';
import {
  INITIAL_FORM_STATE,
  MAX_TYPED_CHARACTERS,
  parseSavedFormState,
  sectionAnswers,
  serialiseFormState,
} from './form-state.ts';
import {
  answersFromFields,
  changeHref,
  editHref,
  firstStaleMember,
  linkedJourneyAction,
  linkQueryOf,
  postedJourneyForm,
} from './page-forms.ts';

const fields =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name];
const query = (search: string) => (name: string) => new URLSearchParams(search).get(name);

describe('a journey form read', () => {
  it('reads a question page’s fields as its section’s answers, dates from their three inputs', () => {
    const posted = postedJourneyForm(
      '/passport-details',
      fields({
        'passport-number': ' 567890123 ',
        'passport-issue-date-day': '1',
        'passport-issue-date-month': '2',
        'passport-issue-date-year': '2024',
        'passenger-name': 'not of this page',
      }),
    );
    expect(posted).toEqual({
      kind: 'action',
      action: {
        type: 'submitStep',
        path: '/passport-details',
        answers: {
          'passport-number': ' 567890123 ',
          'passport-issue-date': { day: '1', month: '2', year: '2024' },
          'passport-expiry-date': { day: '', month: '', year: '' },
        },
      },
    });
  });

  it('reads a reuse page’s choice, or none', () => {
    expect(postedJourneyForm('/reuse-work-dates', fields({ 'reuse-work-dates': '1' }))).toEqual({
      kind: 'action',
      action: { type: 'reuse', kind: 'workDates', choice: '1' },
    });
    expect(postedJourneyForm('/reuse-travel-details', fields({}))).toEqual({
      kind: 'action',
      action: { type: 'reuse', kind: 'travel', choice: undefined },
    });
  });

  it.each([
    ['/check-your-answers', { action: 'add-to-group' }, { kind: 'action', action: { type: 'addToGroup' } }],
    ['/check-your-answers', { action: 'send' }, { kind: 'send', asNew: false }],
    ['/group-edit', { action: 'send-as-new' }, { kind: 'send', asNew: true }],
    ['/group-edit', { action: 'add-applicant' }, { kind: 'action', action: { type: 'addApplication' } }],
    [
      '/group-edit',
      { action: 'delete-applicant', applicant: '2' },
      { kind: 'action', action: { type: 'deleteApplication', index: 2 } },
    ],
    ['/complete', { action: 'finish' }, { kind: 'action', action: { type: 'finish' } }],
    ['/ineligible', { action: 'remove-applicant' }, { kind: 'action', action: { type: 'clearAndReturn' } }],
  ])('reads the button of %s (%o)', (path, values, expected) => {
    expect(postedJourneyForm(path, fields(values))).toEqual(expected);
  });

  it.each([
    ['/complete', { action: 'send' }],
    ['/check-your-answers', { action: 'add-applicant' }],
    // No member is discarded there: a full group opens no page of another (progress.ts).
    ['/check-your-answers', { action: 'remove-applicant' }],
    ['/group-edit', { action: 'delete-applicant', applicant: '-1' }],
    ['/group-edit', { action: 'delete-applicant', applicant: '1e3' }],
    ['/', { action: 'finish' }],
  ])('asks for nothing with a button its page does not have (%s, %o)', (path, values) => {
    expect(postedJourneyForm(path, fields(values))).toBeUndefined();
  });
});

describe('a journey link followed', () => {
  it('changes an answer from its page, from check your answers or the group overview', () => {
    expect(linkedJourneyAction('/cos-reference', query(changeHref('/cos-reference').split('?')[1]!))).toEqual({
      type: 'change',
      path: '/cos-reference',
      fromGroup: false,
    });
    expect(linkedJourneyAction('/sponsor-details', query('change=group'))).toEqual({
      type: 'change',
      path: '/sponsor-details',
      fromGroup: true,
    });
  });

  it('opens a group member, on check your answers or on a page', () => {
    expect(linkedJourneyAction('/check-your-answers', query(editHref(3).split('?')[1]!))).toEqual({
      type: 'editApplication',
      index: 3,
    });
    expect(linkedJourneyAction('/work-dates', query('edit=0'))).toEqual({
      type: 'editApplication',
      index: 0,
      path: '/work-dates',
    });
  });

  it('opens a member’s answer straight on its page from a page an Edit link showed', () => {
    expect(changeHref('/cos-reference', false, '?edit=2')).toBe(editHref(2, '/cos-reference'));
    expect(changeHref('/sponsor-details', true, '?lang=ar')).toBe('/sponsor-details?change=group');
  });

  it('keeps, for the page’s forms, only the link that showed the page', () => {
    expect(linkQueryOf('?change')).toBe('?change');
    expect(linkQueryOf('?x=1&edit=3&epat=abc')).toBe('?edit=3');
    expect(linkQueryOf('?change=group&deleted')).toBe('?change=group');
    expect(linkQueryOf('')).toBe('');
    expect(linkQueryOf('?changed=1&editor=2')).toBe('');
  });

  it('asks for nothing on other pages or with other parameters', () => {
    expect(linkedJourneyAction('/group-edit', query('change'))).toBeUndefined();
    expect(linkedJourneyAction('/check-your-answers', query('edit=x'))).toBeUndefined();
    expect(linkedJourneyAction('/passenger-name', query('lang=ar'))).toBeUndefined();
  });
});

describe('the answers of a form', () => {
  it('are empty text for a field not sent', () => {
    expect(answersFromFields(['family-name', 'date-of-birth'], () => undefined)).toEqual({
      'family-name': '',
      'date-of-birth': { day: '', month: '', year: '' },
    });
  });

  it('are cut to more than any field allows, whole characters in any script, and the state keeps them', () => {
    const long = 'ش'.repeat(MAX_TYPED_CHARACTERS) + '𓂀'.repeat(5000);
    const answers = answersFromFields(['family-name', 'date-of-birth'], (name) =>
      name === 'family-name' ? `𓂀${long}` : name === 'date-of-birth-day' ? '1'.repeat(5000) : undefined,
    );
    const name = answers['family-name'] as string;
    expect([...name]).toHaveLength(MAX_TYPED_CHARACTERS);
    expect(name.startsWith('𓂀ش')).toBe(true);
    expect((answers['date-of-birth'] as { day: string }).day).toHaveLength(MAX_TYPED_CHARACTERS);
    // Cut, they are a state that is read back, with every other answer.
    const state = {
      ...INITIAL_FORM_STATE,
      current: { passengerName: answers, sponsorContact: { 'sponsor-email': 'a@b.co' } },
    };
    expect(parseSavedFormState(serialiseFormState(state)).current).toEqual(state.current);
  });

  it('are read back cut, not thrown away, from a state saved with a longer one', () => {
    const saved = JSON.stringify({
      ...INITIAL_FORM_STATE,
      current: { passengerName: { 'family-name': 'x'.repeat(5000) }, sponsorContact: { 'sponsor-email': 'a@b.co' } },
    });
    const read = parseSavedFormState(saved);
    expect(read.current.sponsorContact).toEqual({ 'sponsor-email': 'a@b.co' });
    expect(read.current.passengerName?.['family-name']).toHaveLength(MAX_TYPED_CHARACTERS);
  });
});

describe('a group member whose answers no longer pass', () => {
  it('is found by its index, -1 when every member passes', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const member = (answers: ApplicantAnswers) =>
      Object.fromEntries(SECTION_NAMES.map((section) => [section, sectionAnswers(section, answers)]));
    const valid = member(validApplicantAnswers(now));
    const arrivedYesterday = member(
      validApplicantAnswers(now, { 'date-of-arrival': { day: '23', month: '11', year: '2026' } }),
    );
    expect(firstStaleMember({ ...INITIAL_FORM_STATE, group: [valid, valid] }, now)).toBe(-1);
    expect(firstStaleMember({ ...INITIAL_FORM_STATE, group: [valid, arrivedYesterday] }, now)).toBe(1);
  });
});
