import { describe, expect, it } from 'vitest';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import { INITIAL_FORM_STATE, serialiseFormState } from '../journey/form-state.ts';
import { journeyReducer } from '../journey/reducer.ts';
import { exitHref } from './exit-button.ts';
import { exitReturnAddress } from './exit-return.ts';
import { hasUnsentAnswers } from './unsent-answers.ts';

const now = new Date('2026-11-24T12:00:00Z');
const answers = validApplicantAnswers(now);

describe('answers not yet sent', () => {
  it('are none with nothing entered, or nothing kept, or after sending', () => {
    expect(hasUnsentAnswers(null)).toBe(false);
    expect(hasUnsentAnswers(undefined)).toBe(false);
    expect(hasUnsentAnswers('not JSON')).toBe(false);
    expect(hasUnsentAnswers(serialiseFormState(INITIAL_FORM_STATE))).toBe(false);
    const sent = journeyReducer(INITIAL_FORM_STATE, { type: 'submissionSucceeded', receipts: [] }, now).state;
    expect(hasUnsentAnswers(serialiseFormState(sent))).toBe(false);
    // A page sent empty keeps its empty fields: still nothing entered.
    const blank = journeyReducer(
      INITIAL_FORM_STATE,
      { type: 'submitStep', path: '/your-contact-details', answers: { 'sponsor-email': ' ' } },
      now,
    ).state;
    expect(hasUnsentAnswers(serialiseFormState(blank))).toBe(false);
  });

  it('are one answer typed, or a member in the group', () => {
    const one = journeyReducer(INITIAL_FORM_STATE, { type: 'submitStep', path: '/your-contact-details', answers }, now);
    expect(hasUnsentAnswers(serialiseFormState(one.state))).toBe(true);
    expect(hasUnsentAnswers(serialiseFormState({ ...INITIAL_FORM_STATE, group: [{}] }))).toBe(true);
  });
});

describe('the exit page', () => {
  it('returns to the page Exit was pressed on, and to no other site', () => {
    const href = exitHref('/check-your-answers?edit=2');
    expect(href).toBe('/exit?from=%2Fcheck-your-answers%3Fedit%3D2');
    expect(exitReturnAddress(href.slice('/exit'.length))).toBe('/check-your-answers?edit=2');
    for (const from of ['//evil.example/', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)', ''])
      expect(exitReturnAddress(`?from=${encodeURIComponent(from)}`), from).toBe('/');
    expect(exitReturnAddress('')).toBe('/');
  });
});
