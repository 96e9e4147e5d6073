import { describe, expect, it } from 'vitest';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import { INITIAL_FORM_STATE, sectionAnswers, type ApplicantSections, type FormState } from '../journey/form-state.ts';
import { journeyReducer } from '../journey/reducer.ts';
import { STEPS } from '../journey/steps.ts';
import { SECTION_NAMES } from '../validation/sections.ts';
import { previousPageOf } from './previous-page.ts';

const now = new Date('2026-11-24T12:00:00Z');
const member = (overrides = {}): ApplicantSections =>
  Object.fromEntries(
    SECTION_NAMES.map((section) => [section, sectionAnswers(section, validApplicantAnswers(now, overrides))]),
  );
const answered = (overrides = {}): FormState => ({
  ...INITIAL_FORM_STATE,
  current: member(overrides),
  complete: STEPS.map((step) => step.path),
});

describe('the page before a page', () => {
  it('is the step before it on the way through the journey, the start page before the first', () => {
    const state = answered();
    expect(previousPageOf('/your-contact-details', state)).toBe('/');
    expect(previousPageOf('/sponsor-details', state)).toBe('/your-contact-details');
    expect(previousPageOf('/passport-details', state)).toBe('/nationality');
    expect(previousPageOf('/travel-details', state)).toBe('/cos-reference');
    expect(previousPageOf('/check-your-answers', state)).toBe('/work-dates');
    expect(previousPageOf('/ineligible', state)).toBe('/nationality');
  });

  it('is where a Change link came from, and the group overview for the next member of a group', () => {
    const changing = journeyReducer(answered(), { type: 'change', path: '/cos-reference' }, now).state;
    expect(previousPageOf('/cos-reference', changing)).toBe('/check-your-answers');
    const fromGroup = journeyReducer(answered(), { type: 'change', path: '/sponsor-details', fromGroup: true }, now);
    expect(previousPageOf('/sponsor-details', fromGroup.state)).toBe('/group-edit');
    const group = answered({ 'what-would-you-like-to-do': 'group-application' });
    const next = journeyReducer({ ...group, group: [member()] }, { type: 'addApplication' }, now).state;
    expect(previousPageOf('/passenger-name', next)).toBe('/group-edit');
    // A member opened from the group overview goes back there from its check your answers.
    const editing = journeyReducer({ ...group, group: [member()] }, { type: 'editApplication', index: 0 }, now).state;
    expect(previousPageOf('/check-your-answers', editing)).toBe('/group-edit');
  });

  it('is the last member’s check your answers for the group overview, not a new member', () => {
    const group = answered({ 'what-would-you-like-to-do': 'group-application' });
    const two = journeyReducer({ ...group, group: [member()] }, { type: 'addToGroup' }, now).state;
    expect(two.group).toHaveLength(2);
    expect(previousPageOf('/group-edit', two)).toBe('/check-your-answers?edit=1');
    // With nobody in the group yet, the question that chose a group.
    expect(previousPageOf('/group-edit', { ...group, group: [] })).toBe('/what-would-you-like-to-do');
  });

  it('is the reuse page a member’s answers came through', () => {
    const group = answered({ 'what-would-you-like-to-do': 'group-application' });
    const reusing = { ...group, group: [member()], reuse: { travel: true, workDates: true } };
    expect(previousPageOf('/reuse-travel-details', reusing)).toBe('/cos-reference');
    expect(previousPageOf('/check-your-answers', reusing)).toBe('/reuse-work-dates');
  });

  it('is the list for an application’s status, and none where it cannot be known', () => {
    expect(previousPageOf('/status/2', INITIAL_FORM_STATE)).toBe('/status');
    expect(previousPageOf('/place-of-departure', INITIAL_FORM_STATE)).toBe('/travel-details');
    for (const path of ['/', '/complete', '/status', '/cookies', '/privacy-policy', '/accessibility'])
      expect(previousPageOf(path, answered()), path).toBeUndefined();
  });
});
