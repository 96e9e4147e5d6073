import { describe, expect, it } from 'vitest';
import { validApplicantAnswers } from '../../../tests/fixtures/applicants.ts';
import type { ApplicantAnswers } from '../domain/answers.ts';
import type { Receipt } from '../domain/receipt.ts';
import { INITIAL_FORM_STATE, type FormState } from './form-state.ts';
import { CHECK_ANSWERS_PATH, COMPLETE_PATH, GROUP_EDIT_PATH, STEP_PATHS } from './paths.ts';
import { journeyReducer, type JourneyAction } from './reducer.ts';
import { planSend, settleSend, type SendRequest } from './sending.ts';
import { answersFingerprint } from './submission.ts';

const now = new Date('2026-11-24T12:00:00Z');
const later = new Date('2026-11-24T12:05:00Z');
const run = (state: FormState, ...actions: JourneyAction[]) =>
  actions.reduce((s, action) => journeyReducer(s, action, now).state, state);
const answerAll = (answers: ApplicantAnswers): JourneyAction[] =>
  STEP_PATHS.filter((path) => !path.startsWith('/reuse')).map((path) => ({ type: 'submitStep', path, answers }));

const single = run(INITIAL_FORM_STATE, ...answerAll(validApplicantAnswers(now)));
const group = (...members: ApplicantAnswers[]) =>
  run(
    INITIAL_FORM_STATE,
    ...members.flatMap((answers): JourneyAction[] => [
      ...answerAll({ ...answers, 'what-would-you-like-to-do': 'group-application' }),
      { type: 'addToGroup' },
    ]),
  );

let uuids = 0;
const request = (state: FormState, path: SendRequest['path'], at = now): SendRequest => ({
  path,
  shown: answersFingerprint(state),
  now: at,
  randomUuid: () => `00000000-0000-4000-8000-${String((uuids += 1)).padStart(12, '0')}`,
});

const receipt: Receipt = {
  applicationReference: 'CWC-ABC',
  groupRef: 'CWC-GROUP',
  workerName: 'Ana Lopez',
  sponsorEmail: 'a@b.co',
  cosReference: 'C1234567890',
};

describe('a Send planned', () => {
  it('sends the answers shown, with the attempt recorded in the state to keep', () => {
    const plan = planSend(single, request(single, CHECK_ANSWERS_PATH));
    if (plan.kind !== 'send') throw new Error(`planned ${plan.kind}`);
    expect(plan.body).toHaveLength(1);
    expect(plan.state.submission?.formGroupId).toBe(plan.body[0]?.concessionForm.formGroupId);
    expect(plan.state.receipts).toEqual([]);
  });

  it('sends the same group id and body again for the same answers (a retry)', () => {
    const first = planSend(single, request(single, CHECK_ANSWERS_PATH));
    if (first.kind !== 'send') throw new Error(`planned ${first.kind}`);
    const again = planSend(first.state, request(first.state, CHECK_ANSWERS_PATH, later));
    if (again.kind !== 'send') throw new Error(`planned ${again.kind}`);
    expect(again.body).toEqual(first.body);
  });

  it('sends nothing when the page showed other answers than those kept', () => {
    expect(planSend(single, { ...request(single, CHECK_ANSWERS_PATH), shown: 'other' })).toEqual({ kind: 'changed' });
    expect(planSend(single, { ...request(single, CHECK_ANSWERS_PATH), shown: undefined })).toEqual({ kind: 'changed' });
  });

  it('goes to the page the answers lead to when they no longer lead to the sending page', () => {
    const sent = { ...single, receipts: [receipt] };
    expect(planSend(sent, request(sent, CHECK_ANSWERS_PATH))).toEqual({ kind: 'go', to: COMPLETE_PATH });
  });

  it('opens the first group member whose answers no longer pass, sending nothing', () => {
    const valid = validApplicantAnswers(now);
    const stale = group(valid, valid);
    // Nine days on, the members' arrival (the next day) is too close.
    const plan = planSend(stale, request(stale, GROUP_EDIT_PATH, new Date('2026-12-03T12:00:00Z')));
    expect(plan.kind).toBe('go');
    if (plan.kind !== 'go') return;
    expect(plan.to).toBe(CHECK_ANSWERS_PATH);
    expect(plan.state?.changeIndex).toBe(0);
  });

  it('sends every member of a group from the group overview', () => {
    const valid = validApplicantAnswers(now);
    const two = group(valid, { ...valid, 'family-name': 'Byrne', 'passport-number': 'BYRNE1234' });
    const plan = planSend(two, request(two, GROUP_EDIT_PATH));
    if (plan.kind !== 'send') throw new Error(`planned ${plan.kind}`);
    expect(plan.body).toHaveLength(2);
    expect(new Set(plan.body.map((applicant) => applicant.concessionForm.formGroupId)).size).toBe(1);
  });
});

describe('a Send settled', () => {
  const started = (() => {
    const plan = planSend(single, request(single, CHECK_ANSWERS_PATH));
    if (plan.kind !== 'send') throw new Error(`planned ${plan.kind}`);
    return plan.state;
  })();

  it('keeps only the receipts once the applications are stored, and shows the complete page', () => {
    const settled = settleSend(started, { kind: 'stored', receipts: [receipt] }, later);
    expect(settled).toEqual({
      kind: 'stored',
      state: { ...INITIAL_FORM_STATE, receipts: [receipt] },
      goTo: COMPLETE_PATH,
    });
  });

  it('changes nothing when another Send of the same answers stored them first', () => {
    const sent = { ...INITIAL_FORM_STATE, receipts: [receipt] };
    expect(settleSend(sent, { kind: 'stored', receipts: [receipt] }, later)).toEqual({
      kind: 'stored',
      state: undefined,
      goTo: COMPLETE_PATH,
    });
  });

  it('gives up the group id the service already holds, so the next Send tries a new one', () => {
    const settled = settleSend(started, { kind: 'conflict' }, later);
    expect(settled).toEqual({
      kind: 'notStored',
      state: { ...started, submission: null },
      outcome: { kind: 'conflict' },
    });
    const next = planSend(settled.state!, request(settled.state!, CHECK_ANSWERS_PATH, later));
    if (next.kind !== 'send') throw new Error(`planned ${next.kind}`);
    expect(next.state.submission?.formGroupId).not.toBe(started.submission?.formGroupId);
  });

  it('keeps the answers and the attempt as they are when refused, too many or failed, and says why', () => {
    const refused = { kind: 'refused', answers: [{ index: 0, field: 'date-of-arrival', rule: 'past' }] } as const;
    for (const outcome of [refused, { kind: 'tooMany' } as const, { kind: 'failed' } as const])
      expect(settleSend(started, outcome, later)).toEqual({ kind: 'notStored', state: undefined, outcome });
  });
});
